/**
 * Context assembly on the server: each kind of item reaches the provider labelled, the manifest on
 * the stored message says what was included, cut or dropped (fitted to a real catalogue model's
 * content_length), and chosen gem/collection ids must be the user's.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { contextBudget, estimateTokens } from '../../lib/api/context-budget';
import { contextManifestItemSchema } from '../../lib/api/contract';
import { CATALOGUE } from '../../server/ai/catalogue';
import { MAX_GEMS_PER_COLLECTION } from '../../server/features/answers/context';
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

const OLLAMA = PROVIDERS.find((p) => p.provider === 'ollama') as ProviderSetup;
const PAGE = 'https://example.com/articles/gems';

async function gem(token: string, data: Record<string, unknown>): Promise<number> {
  const res = await t.api('/api/gems', { token, body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function collection(token: string, name: string): Promise<number> {
  const res = await t.api('/api/collections', { token, body: { data: { name } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** Imports a bookmarks file (POST /api/collection-import), waits for its job, and gives the collection `name` it made. */
async function importedCollection(token: string, content: string, name: string, gems: number): Promise<number> {
  const staged = await t.api('/api/collection-import', { token, body: { fileName: 'bookmarks.html', content } });
  expect(staged.status, JSON.stringify(staged.body)).toBe(202);
  for (;;) {
    const job = await t.api(`/api/imports/${staged.body.data.id}`, { token });
    expect(job.status, JSON.stringify(job.body)).toBe(200);
    if (job.body.data.status !== 'queued' && job.body.data.status !== 'running') {
      expect(job.body.data).toMatchObject({ status: 'done', added: gems });
      break;
    }
    await sleep(50);
  }
  const collections = await t.api('/api/get-user-collections', { token });
  const made = (collections.body.data as { id: number; name: string; gems_count: number }[]).find(
    (c) => c.name === name,
  );
  expect(made?.gems_count).toBe(gems);
  return made?.id as number;
}

/** The system prompt of the last provider request (OpenAI `messages[0]`, or Ollama's system message). */
function lastSystem(): string {
  const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
  const system = body.messages.find((m) => m.role === 'system');
  if (!system) throw new Error('no system message');
  return system.content;
}

describe('context in POST /api/chats/{id}/messages', () => {
  it('sends every kind of item, labelled, and records each as full in the manifest', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const chosen = await gem(token, {
      title: 'Chosen gem',
      url: 'https://example.com/chosen',
      description: 'CHOSEN-DESC',
      text: 'CHOSEN-TEXT',
    });
    const atPage = await gem(token, { title: 'Saved here', url: PAGE, text: 'PAGEGEM-TEXT' });
    const coll = await collection(token, 'Reading list');
    const inColl = await gem(token, {
      title: 'In the list',
      url: 'https://example.com/listed',
      text: 'COLLGEM-TEXT',
      collectionId: coll,
    });
    // also in the collection and chosen: sent once, as a chosen gem
    const both = await gem(token, {
      title: 'Both',
      url: 'https://example.com/both',
      text: 'BOTH-TEXT',
      collectionId: coll,
    });
    fake.script({ chunks: ['Answer'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: {
        text: 'Summarise',
        modelId,
        context: {
          text: 'FREE-TEXT-CONTEXT',
          pageExtract: { url: PAGE, title: 'Gems article', text: 'PAGE-EXTRACT-TEXT' },
          includePageGems: true,
          gemIds: [chosen, both],
          collectionIds: [coll],
        },
      },
    });
    expect(shape(res.events)).toEqual(['message', 'delta', 'done']);

    const system = lastSystem();
    for (const text of [
      'FREE-TEXT-CONTEXT',
      'PAGE-EXTRACT-TEXT',
      'CHOSEN-DESC',
      'CHOSEN-TEXT',
      'PAGEGEM-TEXT',
      'COLLGEM-TEXT',
      'BOTH-TEXT',
    ]) {
      expect(system).toContain(text);
    }
    expect(system).toContain(`Current page ${PAGE} "Gems article"`);
    expect(system).toContain(`Chosen gem #${chosen} "Chosen gem" (https://example.com/chosen)`);
    expect(system).toContain(`Gem #${atPage} saved at the current page "Saved here"`);
    expect(system).toContain(`Gem #${inColl} from collection #${coll} "In the list"`);
    expect(system.split('BOTH-TEXT')).toHaveLength(2);
    // priority order in the prompt
    const order = ['FREE-TEXT-CONTEXT', 'PAGE-EXTRACT-TEXT', 'CHOSEN-TEXT', 'PAGEGEM-TEXT', 'COLLGEM-TEXT'].map((s) =>
      system.indexOf(s),
    );
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const [row] = await storedMessages(t, token, chatId);
    const manifest = row?.context as { items: unknown[]; totals: Record<string, number>; estimate: string };
    const items = manifest.items.map((i) => contextManifestItemSchema.parse(i));
    expect(items.map(({ kind, id, url, title, included }) => ({ kind, id, url, title, included }))).toEqual([
      { kind: 'text', id: undefined, url: undefined, title: 'Context from the user', included: 'full' },
      { kind: 'pageExtract', id: undefined, url: PAGE, title: 'Gems article', included: 'full' },
      { kind: 'gem', id: chosen, url: 'https://example.com/chosen', title: 'Chosen gem', included: 'full' },
      { kind: 'gem', id: both, url: 'https://example.com/both', title: 'Both', included: 'full' },
      { kind: 'pageGem', id: atPage, url: PAGE, title: 'Saved here', included: 'full' },
      { kind: 'collectionGem', id: inColl, url: 'https://example.com/listed', title: 'In the list', included: 'full' },
    ]);
    for (const item of items) expect(item.includedTokens).toBe(item.tokens);
    const contentLength = CATALOGUE.find((m) => m.model === 'gpt-4o-mini')?.content_length as number;
    expect(manifest.totals).toMatchObject({
      items: 6,
      full: 6,
      truncated: 0,
      dropped: 0,
      contentLength,
      ...contextBudget(contentLength),
    });
    expect(manifest.totals.tokens).toBe(items.reduce((s, i) => s + i.tokens, 0));
    expect(manifest.estimate).toBe('~4 characters per token');
  });

  it('fits a small model: the item that does not fit is truncated and the rest dropped', async () => {
    const { token, chatId } = await chatUser(t, fake, OLLAMA);
    const modelId = await modelIdOf(t, token, 'qwen2.5');
    const contentLength = CATALOGUE.find((m) => m.model === 'qwen2.5')?.content_length as number;
    expect(contentLength).toBe(32_768);
    const { budget, reserve } = contextBudget(contentLength);
    expect(reserve).toBe(8192);
    const chosen = await gem(token, { title: 'Too late', url: 'https://example.com/late', text: 'DROPPED-GEM-TEXT' });
    const coll = await collection(token, 'Later');
    await gem(token, {
      title: 'Also late',
      url: 'https://example.com/later',
      text: 'DROPPED-COLL-TEXT',
      collectionId: coll,
    });
    // ~10k tokens of free text fit; ~20k tokens of page extract do not (budget 24,576)
    const free = `FREE-START ${'f'.repeat(40_000)} FREE-END`;
    const page = `PAGE-START ${'p'.repeat(80_000)} PAGE-END`;
    fake.script({ chunks: ['Short answer'] });

    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: {
        text: 'Question',
        modelId,
        context: {
          text: free,
          pageExtract: { url: PAGE, title: 'Long page', text: page },
          gemIds: [chosen],
          collectionIds: [coll],
        },
      },
    });
    expect(res.text).toBe('Short answer');

    const system = lastSystem();
    expect(system).toContain('FREE-END');
    expect(system).toContain('PAGE-START');
    expect(system).not.toContain('PAGE-END');
    expect(system).toContain('truncated to fit');
    expect(system).not.toContain('DROPPED-GEM-TEXT');
    expect(system).not.toContain('DROPPED-COLL-TEXT');
    expect(estimateTokens(system)).toBeLessThanOrEqual(budget + 200);
    expect(estimateTokens(system)).toBeGreaterThan(budget - 200);

    const [row] = await storedMessages(t, token, chatId);
    const manifest = row?.context as { items: unknown[]; totals: Record<string, number> };
    const items = manifest.items.map((i) => contextManifestItemSchema.parse(i));
    expect(items.map((i) => [i.kind, i.included])).toEqual([
      ['text', 'full'],
      ['pageExtract', 'truncated'],
      ['gem', 'dropped'],
      ['collectionGem', 'dropped'],
    ]);
    const [text, extract, dropped] = items;
    expect(text?.tokens).toBeGreaterThan(10_000);
    expect(extract?.tokens).toBeGreaterThan(20_000);
    expect(extract?.includedTokens).toBeGreaterThan(0);
    expect(extract?.includedTokens).toBeLessThan(extract?.tokens as number);
    expect(dropped).toMatchObject({ id: chosen, title: 'Too late', includedTokens: 0 });
    expect(manifest.totals).toMatchObject({
      items: 4,
      full: 1,
      truncated: 1,
      dropped: 2,
      budget,
      reserve,
      contentLength,
    });
    expect(manifest.totals.includedTokens).toBeLessThanOrEqual(budget);
    expect(manifest.totals.includedTokens).toBe((text?.tokens as number) + (extract?.includedTokens as number));
  });

  it('a collection past the newest 1,000 gems: those not read are in the manifest as omitted, not cut silently', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const name = (i: number) => `gem-${String(i).padStart(4, '0')}`;
    const total = MAX_GEMS_PER_COLLECTION + 3;
    // One import of a bookmarks file (a request per gem was most of this file's CPU): gem i saved at second i, so the
    // three oldest are the first three.
    const links = Array.from(
      { length: total },
      (_, i) => `<DT><A HREF="https://example.com/${i}" ADD_DATE="${1_700_000_000 + i}">${name(i)}</A>`,
    );
    const content = `<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>Big</H3>\n<DL><p>\n${links.join('\n')}\n</DL><p>\n</DL><p>\n`;
    const coll = await importedCollection(token, content, 'Big', total);
    fake.script({ chunks: ['Seen'] });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Question', modelId, context: { collectionIds: [coll] } },
    });
    expect(res.text).toBe('Seen');

    const [row] = await storedMessages(t, token, chatId);
    const manifest = row?.context as { items: unknown[]; totals: Record<string, number> };
    const items = manifest.items.map((i) => contextManifestItemSchema.parse(i));
    const read = items.filter((i) => i.omitted === undefined);
    expect(read).toHaveLength(MAX_GEMS_PER_COLLECTION);
    expect(read.every((i) => i.kind === 'collectionGem' && i.included === 'full')).toBe(true);
    // the newest are read; the three oldest are the ones left out
    const titles = new Set(read.map((i) => i.title));
    expect([0, 1, 2].map((i) => titles.has(name(i)))).toEqual([false, false, false]);
    expect(titles.has(name(3))).toBe(true);
    expect(items.at(-1)).toEqual({
      kind: 'collectionGem',
      collectionId: coll,
      title: '3 older gems of collection "Big" not read (only its newest 1,000 are)',
      tokens: 0,
      includedTokens: 0,
      included: 'dropped',
      omitted: 3,
    });
    expect(manifest.totals).toMatchObject({ items: MAX_GEMS_PER_COLLECTION + 1, dropped: 1, omitted: 3 });
    const system = lastSystem();
    expect(system).toContain(name(3));
    expect(system).not.toContain(name(2));
    expect(system).not.toContain('not read');
  }, 120_000);

  it('without context, nothing is added and the manifest stays empty', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    fake.script({ chunks: ['Plain'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Plain question', modelId } });
    expect(lastSystem()).not.toContain('context');
    expect((await storedMessages(t, token, chatId))[0]?.context).toEqual({});
  });
});

describe('context refusals', () => {
  it("another user's gems and collections are 404 naming the field; bad context is 400; nothing stored or sent", async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const other = await chatUser(t, fake);
    const theirGem = await gem(other.token, { title: 'Theirs', url: 'https://example.com/theirs', text: 'SECRET' });
    const theirColl = await collection(other.token, 'Theirs');
    const mine = await gem(token, { title: 'Mine', url: 'https://example.com/mine' });
    const post = (context: unknown) =>
      t.api(`/api/chats/${chatId}/messages`, { token, body: { text: 'Q', modelId, context } });

    const gemRes = expectError(await post({ gemIds: [mine, theirGem] }), 404);
    expect(gemRes.message).toContain('context.gemIds');
    expect(gemRes.message).toContain(String(theirGem));
    expect(expectError(await post({ collectionIds: [theirColl] }), 404).message).toContain('context.collectionIds');
    expect(expectError(await post({ includePageGems: true }), 400).message).toContain('context.includePageGems');
    expect(expectError(await post({ pageExtract: { url: 'not a url', text: 'x' } }), 400).message).toContain(
      'context.pageExtract.url',
    );
    expect(expectError(await post({ gemIds: ['x'] }), 400).message).toContain('context.gemIds');
    expect(expectError(await post({ surprise: 1 }), 400).message).toContain('context');

    expect(await storedMessages(t, token, chatId)).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('a library search as context (context.searches)', () => {
  it("sends the gems the search finds, in its order, labelled by the search: never another user's or a trashed one", async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const other = await chatUser(t, fake);
    await gem(other.token, {
      title: 'Their marzipan',
      url: 'https://example.com/theirs',
      text: 'marzipan THEIR-SECRET',
    });
    const tart = await gem(token, {
      title: 'Almond tart',
      url: 'https://example.com/tart',
      text: 'Roll the marzipan thin. TART-TEXT',
      tags: ['baking'],
    });
    const paste = await gem(token, {
      title: 'Almond paste',
      url: 'https://example.com/paste',
      text: 'Marzipan from scratch. PASTE-TEXT',
    });
    const binned = await gem(token, { title: 'Old marzipan', url: 'https://example.com/old', text: 'marzipan BINNED' });
    expect((await t.api(`/api/gems/${binned}`, { method: 'DELETE', token })).status).toBe(200);
    await gem(token, { title: 'Lemon curd', url: 'https://example.com/curd', text: 'CURD-TEXT' });

    fake.script({ chunks: ['Found'] });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'What do these say?', modelId, context: { searches: ['marzipan sort:title'] } },
    });
    expect(res.text).toBe('Found');
    const system = lastSystem();
    expect(system).toContain(`Gem #${paste} found by the search "marzipan sort:title" "Almond paste"`);
    expect(system).toContain(`Gem #${tart} found by the search "marzipan sort:title" "Almond tart"`);
    for (const absent of ['THEIR-SECRET', 'BINNED', 'CURD-TEXT']) expect(system).not.toContain(absent);
    const [row] = await storedMessages(t, token, chatId);
    const items = ((row?.context as { items?: unknown[] } | undefined)?.items ?? []).map((i) =>
      contextManifestItemSchema.parse(i),
    );
    // sort:title: "Almond paste" before "Almond tart"
    expect(items.map(({ kind, id, query }) => ({ kind, id, query }))).toEqual([
      { kind: 'searchGem', id: paste, query: 'marzipan sort:title' },
      { kind: 'searchGem', id: tart, query: 'marzipan sort:title' },
    ]);

    // The other user's same search reads only their own gem; a qualifier narrows as in the library.
    fake.script({ chunks: ['Theirs'] });
    await stream(t.url, `/api/chats/${other.chatId}/messages`, {
      token: other.token,
      body: { text: 'And mine?', modelId: other.modelId, context: { searches: ['marzipan'] } },
    });
    expect(lastSystem()).toContain('THEIR-SECRET');
    for (const absent of ['TART-TEXT', 'PASTE-TEXT']) expect(lastSystem()).not.toContain(absent);
    fake.script({ chunks: ['Tagged'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Only baking', modelId, context: { searches: ['#baking'] } },
    });
    expect(lastSystem()).toContain('TART-TEXT');
    expect(lastSystem()).not.toContain('PASTE-TEXT');
  });

  it('a search that is not the query language is 400 naming the field; more than five searches are refused', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const post = (context: unknown) =>
      t.api(`/api/chats/${chatId}/messages`, { token, body: { text: 'Q', modelId, context } });
    const bad = expectError(await post({ searches: ['ok', '(marzipan'] }), 400);
    expect(bad.message).toContain('context.searches.1');
    expect(bad.message).toContain("Expected ')'");
    expect(expectError(await post({ searches: ['a', 'b', 'c', 'd', 'e', 'f'] }), 400).message).toContain(
      'context.searches',
    );
    expect(expectError(await post({ searches: ['x'.repeat(1001)] }), 400).message).toContain('context.searches.0');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
  });
});
