import type { Message } from '../../lib/api/chat-contract';

/** A stored chat message, done, with `extra` laid over it. */
export const storedMessage = (id: number, userText: string, extra: Partial<Message> = {}): Message => ({
  id,
  chatId: 1,
  userText,
  text: `answer ${id}`,
  status: 'done',
  error: null,
  modelId: 1,
  model: 'm',
  displayName: 'M',
  provider: 'OpenAI',
  language: null,
  usage: null,
  cost: null,
  context: {},
  followUps: null,
  citations: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
  ...extra,
});
