import type { z } from 'zod';
import { type ChatContextInput, STORED_OPTIONS, type sendMessageBody } from '../../../lib/api/contract';
import { fieldError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { getSettingsRow } from '../ai-settings/ai-settings';
import { storedTurns } from '../chats/chat-turns';
import { getOwnedChat, isWriterChat } from '../chats/chats';
import type { Turn } from './answer-prompt';
import { type StartedAnswer, startAnswers } from './chat-answers';

/** The two ways a question is sent: to a stored chat, or to a temporary one the client keeps. */

type SendInput = z.output<typeof sendMessageBody> & { context?: ChatContextInput };

/** The models to answer with: `modelIds`, or `modelId` alone; neither is a 400. */
function modelIdsOf(input: SendInput): number[] {
  const modelIds = input.modelIds ?? (input.modelId !== undefined ? [input.modelId] : []);
  if (!modelIds.length) throw fieldError(400, 'modelId', 'required');
  return modelIds;
}

/** What an answer to a sent message needs, apart from where it is stored and its earlier turns. */
const sentRequest = (input: SendInput) => ({
  text: input.text,
  modelIds: modelIdsOf(input),
  language: input.language,
  context: input.context,
  options: Object.fromEntries(STORED_OPTIONS.map((key) => [key, input[key]])),
  choice: {
    brandVoiceId: input.brandVoiceId,
    personaId: input.personaId,
    promptId: input.promptId,
    promptVariables: input.promptVariables,
    promptPart: input.promptPart,
    memory: input.memory,
  },
});

/**
 * `POST /api/chats/{id}/messages`: the chat must be the user's; the optional context is assembled
 * and fitted to each model (server/features/answers/context.ts) and its manifest stored on the message. With
 * `modelIds`, one message per model, answered concurrently. A `temporary` message is answered with
 * the chat's earlier turns but stored nowhere.
 */
export async function sendMessage(ctx: RequestContext, chatId: number, input: SendInput): Promise<StartedAnswer[]> {
  const { db, ai, userId } = ctx;
  // Read together; the turns are used only once the chat proved to be the user's.
  const [chat, history, settings] = await Promise.all([
    getOwnedChat(db, userId, chatId),
    storedTurns(db, chatId),
    getSettingsRow(db, ai, userId),
  ]);
  const request = { ...sentRequest(input), storeIn: input.temporary ? null : chatId, chatId, history };
  return startAnswers(ctx, { ...request, writer: isWriterChat(chat) }, settings);
}

/**
 * `POST /api/chats/temporary/messages`: answered like a temporary message, with the earlier turns the
 * client sent (`history`) instead of a stored chat's; no chat and no message is stored.
 */
export async function sendTemporaryMessage(
  ctx: RequestContext,
  input: SendInput & { history: Turn[] },
): Promise<StartedAnswer[]> {
  return startAnswers(ctx, { ...sentRequest(input), storeIn: null, chatId: null, history: input.history });
}
