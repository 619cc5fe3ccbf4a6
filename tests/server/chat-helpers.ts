/**
 * Helpers of the chat tests: a user with a provider key pointed at the fake provider, a chat, and
 * an SSE reader that parses events and can go away mid-answer.
 */
import { expect } from 'vitest';
import { answerOf, type Message, messageListSchema, userModelListSchema } from '../../lib/api/contract';
import { readSse } from '../../lib/chat/sse';
import type { FakeProvider } from '../fake-provider/server';
import type { Client } from './harness';

export { setupFakeProvider } from '../fake-provider/setup';

export interface SseEvent {
  event: string;
  // biome-ignore lint/suspicious/noExplicitAny: JSON from the wire
  data: any;
}

export interface ProviderSetup {
  name: string;
  /** Provider slug for PUT /api/ai-settings/keys/{provider}. */
  provider: string;
  model: string;
  /** `fake` is the fake provider, or any server standing in for it (tests/fake-provider/replay.ts). */
  keyBody: (fake: Pick<FakeProvider, 'url'>) => { apiKey?: string; baseUrl: string };
}

export const PROVIDERS: ProviderSetup[] = [
  {
    name: 'OpenAI',
    provider: 'openai',
    model: 'gpt-4o-mini',
    keyBody: (f) => ({ apiKey: 'sk-test-openai-1234', baseUrl: `${f.url}/v1` }),
  },
  {
    name: 'OpenAI-compatible (Groq)',
    provider: 'groq',
    model: 'llama-3.3-70b-versatile',
    keyBody: (f) => ({ apiKey: 'gsk-test-groq-1234', baseUrl: `${f.url}/v1` }),
  },
  {
    name: 'Anthropic',
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
    keyBody: (f) => ({ apiKey: 'sk-ant-test-1234', baseUrl: `${f.url}/v1` }),
  },
  { name: 'Ollama', provider: 'ollama', model: 'llama3.2', keyBody: (f) => ({ baseUrl: f.url }) },
];

export const OPENAI = PROVIDERS[0] as ProviderSetup;

/** Google's Gemini API at the fake provider (not in PROVIDERS: it is tested on its own). */
export const GOOGLE: ProviderSetup = {
  name: 'Google',
  provider: 'google',
  model: 'gemini-2.5-flash',
  keyBody: (f) => ({ apiKey: 'AIza-test-google-1234', baseUrl: `${f.url}/v1beta` }),
};

export async function modelIdOf(t: Client, token: string, model: string): Promise<number> {
  const res = await t.api('/api/user-models', { token });
  expect(res.status).toBe(200);
  const found = userModelListSchema.parse(res.body).data.find((m) => m.model === model);
  if (!found) throw new Error(`no model ${model}`);
  return found.id;
}

/** A new user with a key for `setup`'s provider pointing at the fake, one chat, and the model's id. */
export async function chatUser(t: Client, fake: Pick<FakeProvider, 'url'>, setup: ProviderSetup = OPENAI) {
  const session = await t.signUp('chat');
  const token = session.jwt;
  const key = await t.api(`/api/ai-settings/keys/${setup.provider}`, {
    method: 'PUT',
    token,
    body: setup.keyBody(fake),
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  const chat = await t.api('/api/chats', { token, body: { title: 'Test chat' } });
  expect(chat.status, JSON.stringify(chat.body)).toBe(201);
  return { session, token, chatId: chat.body.data.id as number, modelId: await modelIdOf(t, token, setup.model) };
}

export async function storedMessages(t: Client, token: string, chatId: number) {
  const res = await t.api(`/api/chats/${chatId}/messages`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return messageListSchema.parse(res.body).data;
}

/** A stored message's answer as text (a web-search answer's `answer`); '' without a message. */
export const answerText = (message: Message | undefined) => (message ? answerOf(message) : '');

export interface StreamOptions {
  token: string;
  body?: unknown;
  /** Called for each event as it arrives; return true to go away (abort the request) after it. */
  onEvent?: (event: SseEvent, events: SseEvent[]) => boolean | undefined | Promise<boolean | undefined>;
}

export interface StreamResult {
  status: number;
  contentType: string | null;
  events: SseEvent[];
  /** The deltas joined. */
  text: string;
  /** True when the client went away before the stream ended. */
  aborted: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: JSON from the wire
  json?: any;
}

/** Sends a request and reads its SSE answer (lib/chat/sse.ts), each event's data parsed as JSON. */
export async function stream(url: string, path: string, options: StreamOptions): Promise<StreamResult> {
  const controller = new AbortController();
  const headers: Record<string, string> = { Authorization: `Bearer ${options.token}` };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${url}${path}`, {
    method: options.body !== undefined ? 'POST' : 'GET',
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type');
  if (!contentType?.startsWith('text/event-stream')) {
    return { status: response.status, contentType, events: [], text: '', aborted: false, json: await response.json() };
  }
  if (!response.body) throw new Error('no body');
  const events: SseEvent[] = [];
  let aborted = false;
  for await (const { event, data } of readSse(response.body)) {
    const parsed = { event, data: JSON.parse(data) };
    events.push(parsed);
    if (await options.onEvent?.(parsed, events)) {
      aborted = true;
      controller.abort();
      break;
    }
  }
  const text = events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');
  return { status: response.status, contentType, events, text, aborted };
}

/** The event names in order, deltas collapsed into one 'delta'. */
export const shape = (events: SseEvent[]) =>
  events.map((e) => e.event).filter((name, i, all) => !(name === 'delta' && all[i - 1] === 'delta'));
