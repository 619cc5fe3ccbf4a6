/**
 * The composer's tools on the server: web search through the provider's own search (OpenAI's Responses API
 * `web_search` tool, Gemini's Google Search grounding) stored as the spec's search-style message, and research
 * with a reasoning model's summary, each against the fake provider's wire formats through the real AI SDK.
 */
import { describe, expect, it } from 'vitest';
import {
  chatUser,
  GOOGLE,
  modelIdOf,
  OPENAI,
  PROVIDERS,
  type ProviderSetup,
  setupFakeProvider,
  shape,
  storedMessages,
  stream,
} from './chat-helpers';
import { expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

const GPT41: ProviderSetup = { ...OPENAI, model: 'gpt-4.1' };
const CLAUDE: ProviderSetup = {
  ...(PROVIDERS.find((p) => p.provider === 'anthropic') as ProviderSetup),
  model: 'claude-sonnet-4-5',
};
const SOURCES = [
  { title: 'Tide tables for Harbor Town', url: 'https://tides.example/harbor' },
  { title: 'Harbor Town council minutes', url: 'https://council.example/minutes' },
];

describe('the web-search tool', () => {
  it('answers through OpenAI’s web search and stores {answer, results}', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, GPT41);
    fake.script({ chunks: ['High tide ', 'is at 6:12.'], sources: SOURCES });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'When is high tide?', modelId, tool: 'web-search' },
    });

    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.text).toBe('High tide is at 6:12.');
    const sources = res.events.filter((e) => e.event === 'sources').at(-1)?.data.results;
    expect(sources).toEqual(SOURCES.map((s) => ({ ...s, content: '' })));
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/responses');
    expect(JSON.stringify((request?.body as { tools?: unknown } | undefined)?.tools)).toContain('web_search');

    const [row] = await storedMessages(t, token, chatId);
    expect(row?.text).toEqual({
      answer: 'High tide is at 6:12.',
      results: SOURCES.map((s) => ({ ...s, content: '' })),
    });
    expect(row?.context).toMatchObject({ options: { tool: 'web-search' } });

    // Re-attached after the end, the sources come again before `done`.
    const again = await stream(t.url, `/api/messages/${row?.id}/stream`, { token });
    expect(shape(again.events)).toEqual(['message', 'delta', 'sources', 'done']);

    // Exported with its sources; a fork keeps the search-style answer.
    const exported = await fetch(`${t.url}/api/chats/${chatId}/export?format=text`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await exported.text()).toContain(
      'Sources:\n1. Tide tables for Harbor Town — https://tides.example/harbor\n2. Harbor Town council minutes',
    );
    const fork = await t.api(`/api/messages/${row?.id}/fork`, { method: 'POST', token });
    const [forked] = await storedMessages(t, token, fork.body.data.id);
    expect(forked?.text).toEqual(row?.text);
  });

  it('stores a web-search answer that found nothing as search-style with no results', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, GPT41);
    fake.script({ chunks: ['Nothing found.'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Anything?', modelId, tool: 'web-search' },
    });
    const [row] = await storedMessages(t, token, chatId);
    expect(row?.text).toEqual({ answer: 'Nothing found.', results: [] });
  });

  it('answers through Gemini’s Google Search grounding', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, GOOGLE);
    fake.script({ chunks: ['Grounded ', 'answer.'], sources: SOURCES });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Search it', modelId, tool: 'web-search' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('googleSearch');
    const [row] = await storedMessages(t, token, chatId);
    expect(row?.text).toEqual({ answer: 'Grounded answer.', results: SOURCES.map((s) => ({ ...s, content: '' })) });
  });

  it('answers through Anthropic’s server-side web search', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, CLAUDE);
    fake.script({ chunks: ['Searched ', 'answer.'], sources: SOURCES });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Search it', modelId, tool: 'web-search' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('web_search_20250305');
    const [row] = await storedMessages(t, token, chatId);
    expect(row?.text).toEqual({ answer: 'Searched answer.', results: SOURCES.map((s) => ({ ...s, content: '' })) });
  });

  it('refuses a model without web search, naming it, and stores nothing', async () => {
    const { token, chatId } = await chatUser(t, fake, GPT41);
    const mini = await modelIdOf(t, token, 'gpt-4o-mini');
    const res = await t.api(`/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Search', modelId: mini, tool: 'web-search' },
    });
    expectFieldError(res, 'tool', 'GPT-4o mini cannot search the web: choose a model with Web');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('refuses a tool it does not know', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, GPT41);
    const res = await t.api(`/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Hi', modelId, tool: 'telepathy' },
    });
    expectFieldError(res, 'tool');
  });
});

describe('the research tool', () => {
  it('streams the reasoning summary, asks for the effort chosen, and stores the summary', async () => {
    const { token, chatId } = await chatUser(t, fake, GPT41);
    const o4 = await modelIdOf(t, token, 'o4-mini');
    fake.script({ chunks: ['The answer ', 'is 42.'], reasoning: ['Weighing ', 'the options.'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Think hard', modelId: o4, tool: 'research', reasoningEffort: 'high' },
    });

    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.events.filter((e) => e.event === 'reasoning').map((e) => e.data.text)).toEqual([
      'Weighing ',
      'the options.',
    ]);
    const body = fake.requests.at(-1)?.body as { reasoning?: unknown };
    expect(body.reasoning).toEqual({ effort: 'high', summary: 'auto' });
    const [row] = await storedMessages(t, token, chatId);
    expect(row).toMatchObject({ text: 'The answer is 42.', reasoning: 'Weighing the options.', status: 'done' });
  });

  it('streams Claude’s thinking as the reasoning summary', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, CLAUDE);
    fake.script({ chunks: ['Plan B.'], reasoning: ['Plan A costs more.'] });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Which plan?', modelId, tool: 'research', reasoningEffort: 'low' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('"thinking"');
    const [row] = await storedMessages(t, token, chatId);
    expect(row).toMatchObject({ text: 'Plan B.', reasoning: 'Plan A costs more.' });
  });

  it('regenerates a research answer with the research tool again', async () => {
    const { token, chatId } = await chatUser(t, fake, GPT41);
    const o4 = await modelIdOf(t, token, 'o4-mini');
    fake.script({ chunks: ['First.'], reasoning: ['One.'] }, { chunks: ['Second.'], reasoning: ['Two.'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Think', modelId: o4, tool: 'research', reasoningEffort: 'low' },
    });
    const [first] = await storedMessages(t, token, chatId);
    const res = await stream(t.url, `/api/messages/${first?.id}/regenerate`, { token, body: {} });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((fake.requests.at(-1)?.body as { reasoning?: unknown } | undefined)?.reasoning).toEqual({
      effort: 'low',
      summary: 'auto',
    });
    const rows = await storedMessages(t, token, chatId);
    expect(rows.at(-1)).toMatchObject({ text: 'Second.', reasoning: 'Two.' });
  });

  it('refuses a model that does not reason', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake, GPT41);
    const res = await t.api(`/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Think', modelId, tool: 'research' },
    });
    expectFieldError(res, 'tool', 'GPT-4.1 is not a reasoning model: choose one with Reasoning');
  });
});
