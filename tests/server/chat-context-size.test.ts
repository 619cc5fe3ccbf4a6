/**
 * POST /api/chats/context-size: the size of the gems a question would be sent with (chosen gems, chosen collections'
 * gems, the gems saved at the page), gathered as sending gathers them, for the composer's estimate; refused as a
 * message's context is refused.
 */
import { describe, expect, it } from 'vitest';
import { contextSizeSchema } from '../../lib/api/contract';
import { chatUser, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

const PAGE = 'https://example.com/articles/sizes';

async function gem(token: string, data: Record<string, unknown>): Promise<number> {
  const res = await t.api('/api/gems', { token, body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function collection(token: string, name: string, parentId?: number): Promise<number> {
  const res = await t.api('/api/collections', { token, body: { data: { name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

const sizeOf = (token: string, body: unknown) => t.api('/api/chats/context-size', { token, body });

/** What the server counts for a gem: its heading, a newline, then its description and text. */
const counted = (label: string, text: string) => {
  const chars = `${label}\n${text}`.length;
  return { chars, tokens: Math.ceil(chars / 4) };
};

describe('POST /api/chats/context-size', () => {
  it('counts a chosen gem, a collection’s gems (sub-collections too, each gem once) and the page’s gems', async () => {
    const { jwt: token } = await t.signUp('size');
    const list = await collection(token, 'Reading list');
    const below = await collection(token, 'Deeper', list);
    // Chosen, and in the chosen collection too: counted once, as chosen.
    const chosen = await gem(token, {
      title: 'Chosen',
      url: 'https://example.com/chosen',
      description: 'A description.',
      text: 'x'.repeat(4_000),
      collectionId: list,
    });
    const listed = await gem(token, {
      title: 'Listed',
      url: 'https://example.com/listed',
      text: 'y'.repeat(2_001),
      collectionId: list,
    });
    const deeper = await gem(token, {
      title: 'Deeper gem',
      url: 'https://example.com/deeper',
      text: 'z'.repeat(999),
      collectionId: below,
    });
    const atPage = await gem(token, { title: 'Saved here', url: PAGE, text: 'p'.repeat(400) });

    const one = await sizeOf(token, { gemIds: [chosen] });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    const gemSize = counted(
      `### Chosen gem #${chosen} "Chosen" (https://example.com/chosen)`,
      `A description.\n\n${'x'.repeat(4_000)}`,
    );
    expect(contextSizeSchema.parse(one.body).data).toEqual({ ...gemSize, items: 1 });

    const sizes = [
      gemSize,
      counted(`### Gem #${atPage} saved at the current page "Saved here" (${PAGE})`, 'p'.repeat(400)),
      counted(`### Gem #${listed} from collection #${list} "Listed" (https://example.com/listed)`, 'y'.repeat(2_001)),
      counted(`### Gem #${deeper} from collection #${list} "Deeper gem" (https://example.com/deeper)`, 'z'.repeat(999)),
    ];
    const all = await sizeOf(token, {
      gemIds: [chosen],
      collectionIds: [list],
      includePageGems: true,
      pageExtract: { url: PAGE },
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body).toEqual({
      data: {
        chars: sizes.reduce((sum, s) => sum + s.chars, 0),
        tokens: sizes.reduce((sum, s) => sum + s.tokens, 0),
        items: 4,
      },
    });

    // A library search counts the gems it finds (each once: the chosen gem is not counted again); "listed" also
    // finds the collection "Reading list" by its path, so the sub-collection's gem is left out by "-deeper".
    const searched = await sizeOf(token, { gemIds: [chosen], searches: ['title:x OR listed OR deeper'] });
    expect(expectError(searched, 400).message).toContain('searches.0');
    const found = await sizeOf(token, { gemIds: [chosen], searches: ['listed -deeper'] });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    const listedBySearch = counted(
      `### Gem #${listed} found by the search "listed -deeper" "Listed" (https://example.com/listed)`,
      'y'.repeat(2_001),
    );
    expect(found.body.data).toEqual({
      chars: gemSize.chars + listedBySearch.chars,
      tokens: gemSize.tokens + listedBySearch.tokens,
      items: 2,
    });

    // Nothing chosen, or page gems not asked for: nothing counted.
    expect((await sizeOf(token, { pageExtract: { url: PAGE } })).body).toEqual({
      data: { chars: 0, tokens: 0, items: 0 },
    });
  });

  it('says as many tokens as the gems weigh in the manifest of a question sent with the same context', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const chosen = await gem(token, { title: 'Chosen', url: 'https://example.com/c', text: 'c'.repeat(1_234) });
    const list = await collection(token, 'List');
    await gem(token, { title: 'In list', url: 'https://example.com/l', text: 'l'.repeat(567), collectionId: list });
    await gem(token, { title: 'At page', url: PAGE, description: 'Described', text: 'a'.repeat(89) });
    const context = { gemIds: [chosen], collectionIds: [list], includePageGems: true };

    const size = await sizeOf(token, { ...context, pageExtract: { url: PAGE } });
    expect(size.status, JSON.stringify(size.body)).toBe(200);
    fake.script({ chunks: ['Answer'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: {
        text: 'Q',
        modelId,
        context: { ...context, pageExtract: { url: PAGE, title: 'Page', text: 'Page text' } },
      },
    });
    const [message] = await storedMessages(t, token, chatId);
    const { items } = (message?.context ?? {}) as { items: { kind: string; tokens: number }[] };
    const gems = items.filter((i) => i.kind !== 'pageExtract');
    expect(gems).toHaveLength(3);
    expect(size.body.data).toMatchObject({ tokens: gems.reduce((sum, i) => sum + i.tokens, 0), items: 3 });
  });

  it('refuses another user’s gem or collection as sending does: a 404 naming the field', async () => {
    const { jwt: token } = await t.signUp('size');
    const { jwt: otherToken } = await t.signUp('other');
    const mine = await gem(token, { title: 'Mine', url: 'https://example.com/mine', text: 'MINE' });
    const theirs = await gem(otherToken, { title: 'Theirs', url: 'https://example.com/theirs', text: 'SECRET' });
    const theirList = await collection(otherToken, 'Theirs');

    const gemError = expectError(await sizeOf(token, { gemIds: [mine, theirs] }), 404);
    expect(gemError.message).toBe(`gemIds.1: gem ${theirs} not found`);
    expect(gemError.details).toEqual({ errors: [{ path: 'gemIds.1', message: `gem ${theirs} not found` }] });
    const listError = expectError(await sizeOf(token, { collectionIds: [theirList] }), 404);
    expect(listError.message).toBe(`collectionIds.0: collection ${theirList} not found`);
    // Gems saved at the same page by someone else are not the user's page gems.
    await gem(otherToken, { title: 'Theirs here', url: PAGE, text: 'SECRET' });
    expect((await sizeOf(token, { includePageGems: true, pageExtract: { url: PAGE } })).body.data).toEqual({
      chars: 0,
      tokens: 0,
      items: 0,
    });
  });

  it('answers a bad body with a 400 naming the field, and never a 500', async () => {
    const { jwt: token } = await t.signUp('size');
    expectFieldError(await sizeOf(token, { gemIds: ['x'] }), 'gemIds.0');
    expectFieldError(await sizeOf(token, { collectionIds: [0] }), 'collectionIds.0');
    expectFieldError(await sizeOf(token, { gemIds: Array.from({ length: 101 }, (_, i) => i + 1) }), 'gemIds');
    expectFieldError(
      await sizeOf(token, { includePageGems: true }),
      'includePageGems',
      'includePageGems needs a pageExtract (the page whose gems to include)',
    );
    expectFieldError(
      await sizeOf(token, { includePageGems: true, pageExtract: { url: 'not a url' } }),
      'pageExtract.url',
    );
    // The page goes by its address alone: its text is the panel's to count.
    expectError(await sizeOf(token, { pageExtract: { url: PAGE, text: 'Page text' } }), 400);
    expectError(await sizeOf(token, { fileIds: [1] }), 400);
    expectError(await sizeOf(token, '{"gemIds": [1'), 400);
    expectError(await t.api('/api/chats/context-size', { method: 'POST', token }), 415);
    expectError(await t.api('/api/chats/context-size', { body: { gemIds: [] } }), 401);
  });
});
