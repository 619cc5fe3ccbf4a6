import type { MessageContext, RegenerateOptions } from '../../../lib/api/contract';
import { regenerateInstructions } from '../../ai/regenerate';
import { fieldError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { storedTurns } from '../chats/chat-turns';
import { getOwnedChat, getOwnedMessage, isWriterChat } from '../chats/chats';
import { type AnswerOptions, type AnswerRequest, startAnswer } from './chat-answers';

/** Regenerating a stored answer: the same question, context and choices, with the options as instructions. */

/**
 * The persona, voice and prompt a stored message was asked with (none: none, not the defaults now),
 * its prompt variables and its memory switch, to ask again with.
 */
function storedChoice({ instructions, options }: MessageContext): AnswerRequest['choice'] {
  const { persona, brandVoice, prompt: usedPrompt } = instructions ?? {};
  return {
    personaId: persona?.id ?? null,
    brandVoiceId: brandVoice?.id ?? null,
    promptId: usedPrompt?.id,
    promptPart: usedPrompt?.part,
    promptVariables: usedPrompt ? options?.promptVariables : undefined,
    memory: options?.memory,
  };
}

/**
 * The tool (and reasoning effort) a stored message was answered with: a regenerated answer uses them again (a picture
 * message's tool is not one an answer is written with).
 */
function toolOptionsOf({ options }: MessageContext): AnswerOptions {
  const tool = options?.tool === 'picture' ? undefined : options?.tool;
  return { tool, reasoningEffort: options?.reasoningEffort };
}

/**
 * `POST /api/messages/{id}/regenerate`: a new message in the same chat with the same question and
 * context, answered with the options as instructions (server/ai/regenerate.ts), by the switched
 * model/language when given. The options are stored in the new message's `context.regenerate`.
 */
export async function regenerateMessage(ctx: RequestContext, id: number, options: RegenerateOptions) {
  const { db, userId } = ctx;
  const original = await getOwnedMessage(db, userId, id);
  const chat = await getOwnedChat(db, userId, original.chatGemId);
  const modelId = options.regenerationModel ?? original.modelId;
  if (!modelId)
    throw fieldError(
      400,
      'regenerationModel',
      'choose a model',
      'regenerationModel: the original model is gone, choose one',
    );
  return startAnswer(ctx, {
    choice: storedChoice(original.context),
    text: original.userText,
    modelIds: [modelId],
    language: options.regenerationLanguage ?? original.language,
    storeIn: original.chatGemId,
    writer: isWriterChat(chat),
    chatId: original.chatGemId,
    history: await storedTurns(db, original.chatGemId, original.id),
    context: original.context.input,
    options: toolOptionsOf(original.context),
    lenientContext: true,
    regenerate: {
      instructions: regenerateInstructions(options, original.answerText),
      options,
      fromMessageId: original.id,
    },
  });
}
