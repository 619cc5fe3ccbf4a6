import type { z } from 'zod';
import type { optimizePromptBody, Prompt, promptFromAnswerBody, promptFromChatBody } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import type { Author } from '../../db/types';
import type { Deps } from '../../http/env';
import { ApiError, fieldError } from '../../http/errors';
import { storedTurns } from '../chats/chat-turns';
import { getOwnedChat, getOwnedMessage } from '../chats/chats';
import { askModel, FROM_CONVERSATION_INSTRUCTION, fitted, OPTIMIZE_INSTRUCTION, parseTitledPrompt } from './ask-model';
import { authoredPrompt, createPrompt, promptTextOf } from './prompts';

/**
 * Prompts the model writes or an answer becomes (Optimize prompt, Create prompt from conversation, Save → Ai Prompt).
 */

type Ai = Deps['ai'];

/**
 * `POST /api/prompts/{id}/optimize`: the author's prompt (or the editor's `text`) improved by the model; nothing is
 * saved.
 */
export async function optimizePrompt(
  db: Db,
  ai: Ai,
  userId: number,
  id: number,
  input: z.output<typeof optimizePromptBody>,
) {
  const row = await authoredPrompt(db, userId, id);
  const source = input.text ?? promptTextOf(row);
  const text = await askModel(db, ai, userId, input.modelId, OPTIMIZE_INSTRUCTION, (length) => fitted(source, length), {
    team: true,
  });
  if (!text) throw new ApiError(502, 'The model sent back an empty prompt');
  return { text };
}

/** A new prompt of the user's own: private, its text shown to its author. */
const PRIVATE_PROMPT = {
  description: '',
  expander: [],
  showPrompt: true,
  isPublic: false,
  promptType: 'prompt' as const,
};

/**
 * The chat's answered turns as a transcript, as the model is sent them (each once, with its latest finished answer).
 */
async function transcriptOf(db: Db, chatId: number) {
  return (await storedTurns(db, chatId))
    .map((turn) => `User: ${turn.question.trim()}\n\nAssistant: ${turn.answer.trim()}`)
    .join('\n\n---\n\n');
}

/** `POST /api/chats/{id}/prompt`: a new private prompt the model writes from the chat's conversation. */
export async function promptFromChat(
  db: Db,
  ai: Ai,
  author: Author,
  chatId: number,
  input: z.output<typeof promptFromChatBody>,
): Promise<Prompt> {
  const chat = await getOwnedChat(db, author.id, chatId);
  const transcript = await transcriptOf(db, chatId);
  if (!transcript) throw fieldError(400, 'id', 'the chat has no answered questions yet');
  const reply = await askModel(
    db,
    ai,
    author.id,
    input.modelId,
    FROM_CONVERSATION_INSTRUCTION,
    (length) => fitted(transcript, length),
    { team: true },
  );
  if (!reply) throw new ApiError(502, 'The model sent back an empty prompt');
  const titled = parseTitledPrompt(reply) ?? { title: `${chat.title} prompt`.slice(0, 200), text: reply };
  return createPrompt(db, author, { ...titled, ...PRIVATE_PROMPT, category: input.category });
}

/** The first line of `text`, cut to a title's length. */
const titleFrom = (text: string) => {
  const line = text.trim().split(/\r?\n/)[0]?.trim() ?? '';
  return line.length > 100 ? `${line.slice(0, 99)}…` : line || 'Saved answer';
};

/** `POST /api/messages/{id}/prompt` (Save → Ai Prompt): a new private prompt whose text is the message's answer. */
export async function promptFromAnswer(
  db: Db,
  author: Author,
  messageId: number,
  input: z.output<typeof promptFromAnswerBody>,
): Promise<Prompt> {
  const message = await getOwnedMessage(db, author.id, messageId);
  if (!message.answerText.trim()) throw fieldError(400, 'id', 'the message has no answer to save');
  return createPrompt(db, author, {
    ...PRIVATE_PROMPT,
    title: input.title ?? titleFrom(message.userText),
    text: message.answerText,
    category: input.category,
  });
}
