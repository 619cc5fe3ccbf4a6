/**
 * `POST /api/messages/{id}/regenerate`: each spec option becomes its instruction in the provider's
 * request, defaults add nothing, the new message is stored and streamed, model and language switches,
 * the missing-key refusal and ownership.
 */
import { describe, expect, it } from 'vitest';
import { missingKeyMessage } from '../../lib/api/contract';
import {
  chatUser,
  modelIdOf,
  PROVIDERS,
  type ProviderSetup,
  setupFakeProvider,
  shape,
  storedMessages,
  stream,
} from './chat-helpers';
import { expectError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

const ANTHROPIC = PROVIDERS.find((p) => p.provider === 'anthropic') as ProviderSetup;
const ORIGINAL = 'The original answer about gems.';

/** A user with an OpenAI key, a chat and one answered message (with context). */
async function answered() {
  const user = await chatUser(t, fake);
  fake.script({ chunks: [ORIGINAL] });
  const res = await stream(t.url, `/api/chats/${user.chatId}/messages`, {
    token: user.token,
    body: { text: 'What are gems?', modelId: user.modelId, context: { text: 'CTX-MARKER' } },
  });
  expect(res.text).toBe(ORIGINAL);
  const messageId = res.events[0]?.data.id as number;
  return { ...user, messageId, system: systemOf(fake.requests.length - 1) };
}

function systemOf(index: number): string {
  const body = fake.requests[index]?.body as { messages?: { role: string; content: string }[]; system?: unknown };
  if (typeof body.system === 'string') return body.system;
  if (Array.isArray(body.system)) return body.system.map((p: { text: string }) => p.text).join('\n');
  const system = body.messages?.find((m) => m.role === 'system');
  if (!system) throw new Error('no system prompt');
  return system.content;
}

const regenerate = (token: string, messageId: number, body: unknown) =>
  stream(t.url, `/api/messages/${messageId}/regenerate`, { token, body });

describe('POST /api/messages/{id}/regenerate', () => {
  it('with the defaults: a new stored, streamed message with the same question and context, and no instruction', async () => {
    const { token, chatId, messageId, system } = await answered();
    fake.script({ chunks: ['A ', 'new ', 'answer.'] });

    const res = await regenerate(token, messageId, {});

    expect(res.status).toBe(200);
    expect(shape(res.events)).toEqual(['message', 'delta', 'done']);
    expect(res.text).toBe('A new answer.');
    const newId = res.events[0]?.data.id;
    expect(newId).toEqual(expect.any(Number));
    expect(newId).not.toBe(messageId);
    const sent = systemOf(fake.requests.length - 1);
    expect(sent).toBe(system);
    expect(sent).toContain('CTX-MARKER');
    expect(sent).not.toContain('new answer to the same question');
    // the regenerated answer is not sent back as history
    const body = JSON.stringify(fake.requests.at(-1)?.body);
    expect(body).not.toContain(ORIGINAL);
    expect(body).toContain('What are gems?');

    const rows = await storedMessages(t, token, chatId);
    expect(rows.map((r) => [r.id, r.userText, r.text, r.status])).toEqual([
      [messageId, 'What are gems?', ORIGINAL, 'done'],
      [newId, 'What are gems?', 'A new answer.', 'done'],
    ]);
    expect(res.events[0]?.data.createdAt).toBe(rows[1]?.createdAt);
    expect(rows[1]?.context).toMatchObject({
      items: [{ kind: 'text', included: 'full' }],
      regenerate: {
        fromMessageId: messageId,
        showEmojis: false,
        humanizeResponse: false,
        polishResponse: false,
        readingLevel: 2,
        responseLength: 2,
      },
    });
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ['showEmojis', { showEmojis: true }, 'Use a few fitting emojis.'],
    ['humanizeResponse', { humanizeResponse: true }, 'Write naturally, like a person would'],
    ['polishResponse', { polishResponse: true }, 'Polish the wording'],
    ['readingLevel 0', { readingLevel: 0 }, 'Write for a Kindergarten reader.'],
    ['readingLevel 1', { readingLevel: 1 }, 'Write for a Middle School reader.'],
    ['readingLevel 3', { readingLevel: 3 }, 'Write for a High School reader.'],
    ['readingLevel 4', { readingLevel: 4 }, 'Write for a College reader.'],
    ['readingLevel 5', { readingLevel: 5 }, 'Write for a Graduate School reader.'],
    ['responseLength 0', { responseLength: 0 }, 'Make it much shorter than your previous answer.'],
    ['responseLength 1', { responseLength: 1 }, 'Make it shorter than your previous answer.'],
    ['responseLength 3', { responseLength: 3 }, 'Make it longer than your previous answer.'],
    ['responseLength 4', { responseLength: 4 }, 'Make it much longer than your previous answer.'],
  ];

  it('turns each option into its instruction, and only that one', async () => {
    const { token, messageId } = await answered();
    const phrases = cases.map(([, , phrase]) => phrase);
    for (const [name, options, phrase] of cases) {
      const res = await regenerate(token, messageId, options);
      expect(res.status, name).toBe(200);
      const system = systemOf(fake.requests.length - 1);
      expect(system, name).toContain(phrase);
      expect(system, name).toContain('The user asked for a new answer to the same question.');
      for (const other of phrases)
        if (other !== phrase && !phrase.includes(other)) expect(system, `${name} vs ${other}`).not.toContain(other);
      // a length change shows the previous answer; nothing else does
      if ('responseLength' in options)
        expect(system, name).toContain(`<previous_answer>\n${ORIGINAL}\n</previous_answer>`);
      else expect(system, name).not.toContain(ORIGINAL);
    }
  });

  it('combines options and stores them on the new message', async () => {
    const { token, chatId, messageId } = await answered();
    const options = { showEmojis: true, polishResponse: true, readingLevel: 4, responseLength: 0 };
    const res = await regenerate(token, messageId, options);
    const system = systemOf(fake.requests.length - 1);
    for (const phrase of [
      'Use a few fitting emojis.',
      'Polish the wording',
      'Write for a College reader.',
      'Make it much shorter than your previous answer.',
    ]) {
      expect(system).toContain(phrase);
    }
    expect(system).not.toContain('Write naturally');
    const row = (await storedMessages(t, token, chatId)).find((m) => m.id === res.events[0]?.data.id);
    expect(row?.context.regenerate).toEqual({ fromMessageId: messageId, humanizeResponse: false, ...options });
  });

  it('switches the language', async () => {
    const { token, chatId, messageId } = await answered();
    const res = await regenerate(token, messageId, { regenerationLanguage: 'fr' });
    expect(systemOf(fake.requests.length - 1)).toContain('Answer in French');
    const row = (await storedMessages(t, token, chatId)).find((m) => m.id === res.events[0]?.data.id);
    expect(row?.language).toBe('fr');
    expect(row?.context.regenerate).toMatchObject({ regenerationLanguage: 'fr' });
  });

  it('switches the model to another provider', async () => {
    const { token, chatId, messageId } = await answered();
    const key = await t.api(`/api/ai-settings/keys/${ANTHROPIC.provider}`, {
      method: 'PUT',
      token,
      body: ANTHROPIC.keyBody(fake),
    });
    expect(key.status).toBe(200);
    const claude = await modelIdOf(t, token, ANTHROPIC.model);
    fake.script({ chunks: ['From Claude'] });

    const res = await regenerate(token, messageId, { regenerationModel: claude, showEmojis: true });

    expect(res.text).toBe('From Claude');
    const request = fake.requests.at(-1);
    expect(request?.provider).toBe('anthropic');
    expect(systemOf(fake.requests.length - 1)).toContain('Use a few fitting emojis.');
    expect(request?.body).toMatchObject({ model: 'claude-haiku-4-5' });
    const row = (await storedMessages(t, token, chatId)).find((m) => m.id === res.events[0]?.data.id);
    expect(row).toMatchObject({
      provider: 'Anthropic',
      model: 'claude-haiku-4-5',
      modelId: claude,
      text: 'From Claude',
    });
  });

  it('refuses a model without a key with the exact message, storing and sending nothing', async () => {
    const { token, chatId, messageId } = await answered();
    const claude = await modelIdOf(t, token, 'claude-haiku-4-5');
    const before = fake.requests.length;

    const res = await t.api(`/api/messages/${messageId}/regenerate`, { token, body: { regenerationModel: claude } });

    expect(expectError(res, 400).message).toBe('Please add your Anthropic API Key in settings to use this model');
    expect(expectError(res, 400).message).toBe(missingKeyMessage('Anthropic'));
    expect(await storedMessages(t, token, chatId)).toHaveLength(1);
    expect(fake.requests).toHaveLength(before);
  });

  it("validates the options, and another user's message is 404", async () => {
    const { token, chatId, messageId } = await answered();
    const post = (body: unknown, as = token) => t.api(`/api/messages/${messageId}/regenerate`, { token: as, body });
    expect(expectError(await post({ readingLevel: 6 }), 400).message).toContain('readingLevel');
    expect(expectError(await post({ responseLength: -1 }), 400).message).toContain('responseLength');
    expect(expectError(await post({ responseLength: 1.5 }), 400).message).toContain('responseLength');
    expect(expectError(await post({ showEmojis: 'yes' }), 400).message).toContain('showEmojis');
    expect(expectError(await post({ regenerationModel: 'x' }), 400).message).toContain('regenerationModel');
    expect(expectError(await post({ surprise: true }), 400).message).toContain('surprise');
    expect(expectError(await post({ regenerationModel: 999_999 }), 404).message).toBe('AI model not found');

    const other = await chatUser(t, fake);
    expect(expectError(await post({}, other.token), 404).message).toBe('Message not found');
    expectError(await t.api('/api/messages/abc/regenerate', { token, body: {} }), 404);
    expectError(await t.api(`/api/messages/${messageId}/regenerate`, { body: {} }), 401);
    expect(await storedMessages(t, token, chatId)).toHaveLength(1);
  });
});
