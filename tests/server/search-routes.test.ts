import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gemSummarySchema, pagedListOf } from '../../lib/api/contract';
import {
  groupGemsSchema,
  savedSearchSchema,
  searchFacetsSchema,
  searchResultSchema,
} from '../../lib/api/search-contract';
import { parseSearch } from '../../lib/search/parse';
import type { Database } from '../../server/db/client';
import { countGems } from '../../server/features/search/search';
import { expectError, expectFieldError, gemBody, openTestDatabase, type Session, setupTestServer } from './harness';

/**
 * The search routes beyond the golden suite (search-golden.test.ts): who sees what, bad input, saved searches, the
 * other search routes' answers, a gem findable as soon as its save is answered, and the search document's triggers.
 */

const t = setupTestServer();

const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

async function save(token: string, data: Record<string, unknown>) {
  const res = await t.api('/api/gems', { token, body: gemBody(data) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

async function search(token: string, params: Record<string, string | number>) {
  const res = await t.api(`/api/filter-search?${q(params)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResultSchema.parse(res.body);
}

const idsOf = (result: { data: { id: number }[] }) => result.data.map((gem) => gem.id).sort((a, b) => a - b);

describe('who sees what', () => {
  let ada: Session;
  let bob: Session;
  const gems = { ada: [] as number[], bob: [] as number[] };
  beforeAll(async () => {
    ada = await t.signUp('ada');
    bob = await t.signUp('bob');
    for (const [session, mine] of [
      [ada, gems.ada],
      [bob, gems.bob],
    ] as const) {
      mine.push(await save(session.jwt, { title: 'Quokka habits', text: 'The quokka smiles', tags: ['marsupial'] }));
      mine.push(await save(session.jwt, { title: 'Wombat burrows', url: 'https://zoo.example.org/wombat' }));
    }
  });

  it("a user's search, facets and groups never hold another user's gems", async () => {
    expect(idsOf(await search(ada.jwt, { q: 'quokka OR wombat' }))).toEqual(gems.ada);
    expect(idsOf(await search(bob.jwt, { q: 'quokka OR wombat' }))).toEqual(gems.bob);
    const facets = searchFacetsSchema.parse((await t.api('/api/search-facets?q=quokka', { token: ada.jwt })).body);
    expect(facets.total).toBe(1);
    expect(facets.data.tags).toEqual([{ id: expect.any(Number), path: 'marsupial', count: 1 }]);
    const groups = groupGemsSchema.parse(
      (await t.api(`/api/group-gems?${q({ groupBy: 'site', q: 'wombat' })}`, { token: ada.jwt })).body,
    );
    expect(groups.data.map((g) => [g.key, g.gems.map((gem) => gem.id)])).toEqual([['zoo.example.org', [gems.ada[1]]]]);
  });

  it("another user's saved search and collection are a 404", async () => {
    const saved = await t.api('/api/saved-searches', {
      token: bob.jwt,
      body: { data: { name: 'Mine', query: 'quokka' } },
    });
    expect(saved.status).toBe(201);
    const id = saved.body.data.id;
    expectError(await t.api(`/api/filter-search?userQueryId=${id}`, { token: ada.jwt }), 404);
    expectError(
      await t.api(`/api/saved-searches/${id}`, { method: 'PUT', token: ada.jwt, body: { data: { name: 'x' } } }),
      404,
    );
    expectError(await t.api(`/api/saved-searches/${id}`, { method: 'DELETE', token: ada.jwt }), 404);
    const collection = bob.user.unfiltered_collection_id as number;
    expectError(
      await t.api(`/api/group-gems?${q({ groupBy: 'type', collectionId: collection })}`, { token: ada.jwt }),
      404,
    );
    expect((await t.api('/api/saved-searches', { token: ada.jwt })).body).toEqual({ data: [], total: 0 });
  });
});

describe('bad input', () => {
  let token: string;
  beforeAll(async () => {
    token = (await t.signUp('bad')).jwt;
  });

  it.each(['(quokka', 'tag:', 'type:spaceship', 'a OR', 'before:2025-13-45', '"open phrase'])(
    '%s: a 400 with the parser’s message and position, on every search route',
    async (text) => {
      const parsed = parseSearch(text);
      if (parsed.ok) throw new Error(`${text} parses`);
      for (const path of ['/api/filter-search', '/api/search-facets', '/api/group-gems']) {
        const res = await t.api(`${path}?${q({ q: text, groupBy: 'tag' })}`, { token });
        const errors = expectFieldError(res, 'q', parsed.error.message);
        expect(errors).toHaveLength(1);
        expect(res.body.error.message).toBe(`q: ${parsed.error.message}`);
        expect(res.body.error.details.position).toBe(parsed.error.position);
      }
    },
  );

  it('names the parameter that is wrong', async () => {
    expectFieldError(await t.api('/api/filter-search?perPage=101', { token }), 'perPage');
    expectFieldError(await t.api('/api/filter-search?sortby=random', { token }), 'sortby');
    expectFieldError(await t.api('/api/filter-search?filterby=title', { token }), 'queryby');
    expectFieldError(await t.api('/api/filter-search?filterby=type&queryby=spaceship', { token }), 'queryby');
    expectFieldError(await t.api('/api/group-gems?groupBy=tag&subGroupBy=tag', { token }), 'subGroupBy');
    expectFieldError(await t.api('/api/group-gems', { token }), 'groupBy');
    expectFieldError(await t.api('/api/fetch-bookmarks?type=Article', { token }), 'type');
    expectFieldError(await t.api(`/api/filter-search?q=${'x'.repeat(1001)}`, { token }), 'q');
  });
});

describe('saved searches', () => {
  it('are created, listed by name, renamed, changed and deleted; names are unique whatever their case', async () => {
    const { jwt: token } = await t.signUp('saved');
    const create = (data: Record<string, unknown>) => t.api('/api/saved-searches', { token, body: { data } });
    const first = await create({ name: 'Reading list', query: 'type:article sort:title' });
    expect(first.status).toBe(201);
    expect(savedSearchSchema.parse(first.body.data)).toMatchObject({
      name: 'Reading list',
      query: 'type:article sort:title',
    });
    expect((await create({ name: 'Anything', query: '' })).status).toBe(201);
    expectError(await create({ name: 'READING LIST', query: 'x' }), 409);
    const parsed = parseSearch('tag:(');
    expectFieldError(
      await create({ name: 'Broken', query: 'tag:(' }),
      'data.query',
      parsed.ok ? '' : parsed.error.message,
    );
    expectFieldError(await create({ name: ' ', query: 'x' }), 'data.name');

    const list = await t.api('/api/saved-searches', { token });
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(['Anything', 'Reading list']);

    const id = first.body.data.id;
    const put = (data: Record<string, unknown>) =>
      t.api(`/api/saved-searches/${id}`, { method: 'PUT', token, body: { data } });
    expect((await put({ name: 'To read' })).body.data).toMatchObject({
      name: 'To read',
      query: 'type:article sort:title',
    });
    expect((await put({ query: 'is:fav' })).body.data).toMatchObject({ name: 'To read', query: 'is:fav' });
    expectError(await put({ name: 'anything' }), 409);
    expectFieldError(await put({ query: '(' }), 'data.query');

    expect((await t.api(`/api/saved-searches/${id}`, { method: 'DELETE', token })).body).toEqual({ data: { id } });
    expectError(await t.api(`/api/saved-searches/${id}`, { method: 'DELETE', token }), 404);
  });

  it('narrow a search by their query (userQueryId), their sort applying when the search has none', async () => {
    const { jwt: token } = await t.signUp('narrow');
    const fav = await save(token, { title: 'Bravo pelican', url: 'https://a.example.org/1' });
    const other = await save(token, { title: 'Alpha pelican', url: 'https://a.example.org/2' });
    await save(token, { title: 'Alpha heron', url: 'https://a.example.org/3' });
    const saved = await t.api('/api/saved-searches', {
      token,
      body: { data: { name: 'Pelicans', query: 'pelican sort:title' } },
    });
    const result = await search(token, { userQueryId: saved.body.data.id });
    expect(result.data.map((g) => g.id)).toEqual([other, fav]);
    expect((await search(token, { userQueryId: saved.body.data.id, q: 'alpha' })).data.map((g) => g.id)).toEqual([
      other,
    ]);
  });
});

describe('filter-search answers', () => {
  let token: string;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    token = (await t.signUp('answers')).jwt;
    ids.html = await save(token, {
      title: 'Escaping',
      url: 'https://html.example.net/escape',
      text: 'Never render <b>bold</b> markup: the narwhal stays plain text.',
    });
    for (let i = 1; i <= 25; i++)
      ids[`n${i}`] = await save(token, { title: `Numbered narwhal ${i}`, url: `https://n.example.net/${i}` });
  });

  it('marks the matched words in the snippet as text parts, never as HTML', async () => {
    const { data } = await search(token, { q: 'narwhal markup' });
    expect(data.map((g) => g.id)).toEqual([ids.html]);
    const [hit] = data;
    expect(hit?.snippet.filter((part) => part.match).map((part) => part.text)).toEqual(['markup', 'narwhal']);
    expect(hit?.snippet.map((part) => part.text).join('')).toBe(
      'Never render <b>bold</b> markup: the narwhal stays plain text', // ts_headline ends at the last word
    );
    expect(hit?.rank).toBeGreaterThan(0);
  });

  it("lists gems without their page text, which the gem's own address gives: search, fetch-bookmarks, group-gems", async () => {
    const listed = [
      (await t.api(`/api/filter-search?${q({ q: 'narwhal markup' })}`, { token })).body.data,
      (await t.api('/api/fetch-bookmarks?perPage=50', { token })).body.data,
      (await t.api(`/api/group-gems?${q({ groupBy: 'type', perGroup: 50 })}`, { token })).body.data[0].gems,
    ] as Record<string, unknown>[][];
    expect(listed.map((gems) => gems.length)).toEqual([1, 26, 26]);
    expect(listed.flat().filter((gem) => 'text' in gem)).toEqual([]);
    expect(listed[0]?.[0]).toMatchObject({ id: ids.html, title: 'Escaping', url: 'https://html.example.net/escape' });
    const gem = await t.api(`/api/gems/${ids.html}`, { token });
    expect(gem.body.data.text).toBe('Never render <b>bold</b> markup: the narwhal stays plain text.');
  });

  it('makes the snippet from the page text around its first match, however deep in a long page', async () => {
    const reader = (await t.signUp('longread')).jwt;
    const filler = 'A plain sentence of filler about nothing in particular. '.repeat(300); // ~17,000 characters
    const id = await save(reader, {
      title: 'Long read',
      url: 'https://long.example.net/read',
      text: `${filler}At last the okapi steps out of the forest. ${filler}`,
    });
    const { data } = await search(reader, { q: 'okapi' });
    expect(data.map((g) => g.id)).toEqual([id]);
    const snippet = data[0]?.snippet ?? [];
    expect(snippet.filter((part) => part.match).map((part) => part.text)).toEqual(['okapi']);
    expect(snippet.map((part) => part.text).join('')).toContain('At last the okapi steps out of the forest');
    // written with a capital deep in the page, and earlier inside a longer word: the window is where it is a word
    const capital = await save(reader, {
      title: 'Long read again',
      url: 'https://long.example.net/again',
      text: `The zebrafish swims. ${filler}Fish roll up when afraid. ${filler}`,
    });
    const { data: fish } = await search(reader, { q: 'fish' });
    expect(fish.map((g) => g.id)).toEqual([capital]);
    expect((fish[0]?.snippet ?? []).map((part) => part.text).join('')).toContain('Fish roll up when afraid.');
  });

  it('makes the snippet around each query word, however far apart, and around words, not inside longer ones', async () => {
    const reader = (await t.signUp('farapart')).jwt;
    const filler = 'A plain sentence of filler about nothing in particular. '.repeat(100); // ~5,700 characters
    const id = await save(reader, {
      title: 'Far apart',
      url: 'https://far.example.net/apart',
      text: `The zebrafish of the tunnel. ${filler}Here the axolotl waits. ${filler}Then the tunnel floods.`,
    });
    const { data } = await search(reader, { q: 'axolotl tunnel' });
    expect(data.map((g) => g.id)).toEqual([id]);
    const marked = (data[0]?.snippet ?? []).filter((part) => part.match).map((part) => part.text);
    expect(new Set(marked)).toEqual(new Set(['axolotl', 'tunnel']));
    // "fish" is first written inside "zebrafish": its window is where the word itself is
    await save(reader, {
      title: 'Fish later',
      url: 'https://far.example.net/fish',
      text: `The zebrafish swims. ${filler}A fish at last.`,
    });
    const { data: later } = await search(reader, { q: 'fish' });
    const fishMarks = (later[0]?.snippet ?? []).filter((part) => part.match).map((part) => part.text);
    expect(fishMarks).toEqual(['fish']);
    // a word that starts with no letter is looked for anywhere
    const dotted = await save(reader, {
      title: 'Runtimes',
      url: 'https://far.example.net/runtimes',
      text: `${filler}We ship on .net8 today.`,
    });
    const { data: net } = await search(reader, { q: '.net8' });
    expect(net.map((g) => g.id)).toEqual([dotted]);
    expect((net[0]?.snippet ?? []).filter((part) => part.match).map((part) => part.text)).toEqual(['net8']);
    // the words are found as written, whatever they hold: a regular expression's characters stay plain text
    const { data: odd } = await search(reader, { q: '"the tunnel." tunnel+ axolotl[ "axolotl (waits"' });
    expect(odd.map((g) => g.id)).toEqual([id]);
  });

  it('pages through the results with the same total, past the last page too', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await search(token, { q: 'narwhal sort:title', page, perPage: 10 }));
    expect(pages.map((p) => p.total)).toEqual([26, 26, 26]);
    expect(pages.map((p) => p.data.length)).toEqual([10, 10, 6]);
    expect(new Set(pages.flatMap((p) => p.data.map((g) => g.id))).size).toBe(26);
    const beyond = await search(token, { q: 'narwhal', page: 9, perPage: 10 });
    expect([beyond.total, beyond.data]).toEqual([26, []]);
  });

  it('applies the spec’s filterby/queryby/termtype and sortby/orderby', async () => {
    const titles = async (params: Record<string, string>) =>
      (await search(token, { perPage: 100, ...params })).data.map((g) => g.title);
    expect(await titles({ filterby: 'title', queryby: 'narwhal 2', termtype: 'startsWith', q: '' })).toEqual([]);
    expect(await titles({ filterby: 'title', queryby: 'NUMBERED NARWHAL 2', termtype: 'is' })).toEqual([
      'Numbered narwhal 2',
    ]);
    expect(
      await titles({ filterby: 'url', queryby: 'https://n.example.net/1', termtype: 'startsWith', sortby: 'title' }),
    ).toEqual([
      'Numbered narwhal 1',
      'Numbered narwhal 10',
      'Numbered narwhal 11',
      'Numbered narwhal 12',
      'Numbered narwhal 13',
      'Numbered narwhal 14',
      'Numbered narwhal 15',
      'Numbered narwhal 16',
      'Numbered narwhal 17',
      'Numbered narwhal 18',
      'Numbered narwhal 19',
    ]);
    expect(await titles({ q: 'narwhal', filterby: 'site', queryby: 'n.example.net', termtype: 'isNot' })).toEqual([
      'Escaping',
    ]);
    expect(
      await titles({ filterby: 'text', queryby: 'BOLD', termtype: 'doesNotContain', sortby: 'added', orderby: 'asc' }),
    ).toHaveLength(25);
    // Numbers in titles in natural order: 2 before 10, and 25 last
    expect(await titles({ q: 'numbered', sortby: 'title', perPage: '3' })).toEqual([
      'Numbered narwhal 1',
      'Numbered narwhal 2',
      'Numbered narwhal 3',
    ]);
    const desc = await titles({ q: 'numbered', sortby: 'title', orderby: 'desc', perPage: '2' });
    expect(desc).toEqual(['Numbered narwhal 25', 'Numbered narwhal 24']);
  });
});

describe('fetch-bookmarks and group-gems', () => {
  let token: string;
  const ids = { owl: 0, code: 0, plain: 0 };
  beforeAll(async () => {
    const session = await t.signUp('groups');
    token = session.jwt;
    const tag = async (name: string, parentId?: number) =>
      (await t.api('/api/tags', { token, body: { data: { tag: name, parentId } } })).body.data.id as number;
    const birds = await tag('birds');
    await tag('owls', birds);
    ids.owl = await save(token, { title: 'Barn owl', url: 'https://birds.example.net/owl', tags: ['owls'] });
    ids.code = await save(token, {
      title: 'Owl script',
      url: 'https://code.example.net/owl',
      media_type: 'Code',
      media: { code: 'hoot()' },
      tags: ['birds'],
    });
    ids.plain = await save(token, { title: 'Untagged', url: 'https://plain.example.net/' });
  });

  const fetchBookmarks = async (params: Record<string, string>) => {
    const res = await t.api(`/api/fetch-bookmarks?${q(params)}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return pagedListOf(gemSummarySchema).parse(res.body);
  };

  it('fetch-bookmarks lists by type, favourite and tags (with their children), newest first', async () => {
    expect(idsOf(await fetchBookmarks({ type: 'code' }))).toEqual([ids.code]);
    expect(idsOf(await fetchBookmarks({ tags: 'birds' }))).toEqual([ids.owl, ids.code].sort((a, b) => a - b));
    expect(idsOf(await fetchBookmarks({ tags: 'owls, nothing' }))).toEqual([ids.owl]);
    const all = await fetchBookmarks({});
    expect(all.data.map((g) => g.id)).toEqual([ids.plain, ids.code, ids.owl]);
    const favourite = (yes: boolean) => idsOf({ data: all.data.filter((g) => g.isFavourite === yes) });
    expect(idsOf(await fetchBookmarks({ is_favourite: 'true' }))).toEqual(favourite(true));
    expect(idsOf(await fetchBookmarks({ is_favourite: 'false' }))).toEqual(favourite(false));
    expect((await fetchBookmarks({ perPage: '1', page: '2' })).data.map((g) => g.id)).toEqual([ids.code]);
  });

  it('group-gems groups by tag (a gem without one in the null group), with sub-groups and first gems', async () => {
    const res = await t.api(`/api/group-gems?${q({ groupBy: 'tag', subGroupBy: 'type', perGroup: 1 })}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { data, total } = groupGemsSchema.parse(res.body);
    expect(total).toBe(3);
    expect(data.map((g) => [g.name, g.total, g.gems.length, g.subGroups])).toEqual([
      ['', 1, 1, [{ key: 'link', name: 'link', total: 1 }]],
      ['birds', 1, 1, [{ key: 'code', name: 'code', total: 1 }]],
      ['birds/owls', 1, 1, [{ key: 'link', name: 'link', total: 1 }]],
    ]);
    // past the last page the groups are counted apart, with the same total
    const beyond = await t.api(`/api/group-gems?${q({ groupBy: 'tag', page: 9, perPage: 1 })}`, { token });
    expect(groupGemsSchema.parse(beyond.body)).toMatchObject({ data: [], total: 3 });
    const byType = groupGemsSchema.parse(
      (
        await t.api(`/api/group-gems?${q({ groupBy: 'type', groupSortOrder: 'count', q: 'owl', perGroup: 5 })}`, {
          token,
        })
      ).body,
    );
    expect(byType.data.map((g) => [g.key, g.gems.map((gem) => gem.id)])).toEqual([
      ['code', [ids.code]],
      ['link', [ids.owl]],
    ]);
  });
});

describe('a saved gem is findable as soon as its save is answered', () => {
  it('saved, edited, retagged and its collection renamed: each found by its new words at once', async () => {
    const { jwt: token } = await t.signUp('fresh');
    const collection = await t.api('/api/collections', { token, body: { data: { name: 'Aviary' } } });
    const id = await save(token, {
      title: 'Kakapo',
      text: 'A flightless parrot of New Zealand',
      collectionId: collection.body.data.id,
    });
    expect(idsOf(await search(token, { q: 'flightless' }))).toEqual([id]);
    expect(idsOf(await search(token, { q: 'aviary' }))).toEqual([id]);
    await t.api(`/api/gems/${id}`, {
      method: 'PUT',
      token,
      body: { data: { text: 'A nocturnal parrot', tags: ['rare'] } },
    });
    expect(idsOf(await search(token, { q: 'nocturnal' }))).toEqual([id]);
    expect(idsOf(await search(token, { q: 'flightless' }))).toEqual([]);
    expect(idsOf(await search(token, { q: 'rare' }))).toEqual([id]);
    await t.api(`/api/collections/${collection.body.data.id}`, {
      method: 'PUT',
      token,
      body: { data: { name: 'Sanctuary' } },
    });
    expect(idsOf(await search(token, { q: 'sanctuary' }))).toEqual([id]);
    expect(idsOf(await search(token, { q: 'aviary' }))).toEqual([]);
  });

  it('a word inside a title or address word is found, and follows the title and address as they change', async () => {
    const { jwt: token } = await t.signUp('pieces');
    const id = await save(token, {
      title: 'Kakapo recovery',
      url: 'https://www.doc.govt.nz/kakaporecovery',
      text: 'A flightless parrot',
    });
    expect(idsOf(await search(token, { q: 'aporec' }))).toEqual([id]);
    expect(idsOf(await search(token, { q: 'aporec flightless' }))).toEqual([id]);
    expect(idsOf(await search(token, { q: 'flightless -aporec' }))).toEqual([]);
    const edit = (data: Record<string, string>) => t.api(`/api/gems/${id}`, { method: 'PUT', token, body: { data } });
    await edit({ url: 'https://birds.example/strigops' });
    expect(idsOf(await search(token, { q: 'aporec' }))).toEqual([]);
    expect(idsOf(await search(token, { q: 'trigo flightless' }))).toEqual([id]);
    expect(idsOf(await search(token, { q: 'akap' }))).toEqual([id]);
    await edit({ title: 'Habroptilus' });
    expect(idsOf(await search(token, { q: 'akap' }))).toEqual([]);
    expect(idsOf(await search(token, { q: 'ropti' }))).toEqual([id]);
    // a word over 32 characters (a hash, encoded data) is not searched inside (migration 0059)
    const hashed = await save(token, {
      title: 'Receipt',
      url: 'https://pay.example/r/abcdefghijklmnopqrstuvwxyzabcdefg',
    });
    expect(idsOf(await search(token, { q: 'receipt' }))).toEqual([hashed]);
    expect(idsOf(await search(token, { q: 'ghijkl' }))).toEqual([]);
    // an address of 60 words of 32 letters (~24,000 pieces): saved, its title's pieces first, the first 5,000 kept
    const word = (i: number) => `${String.fromCharCode(97 + (i % 26))}${'qwertyuiopasdfghjklzxcvbnmqwert'}`;
    const long = await save(token, {
      title: 'Ledger reconciliation',
      url: `https://files.example/${Array.from({ length: 60 }, (_, i) => word(i)).join('/')}`,
    });
    expect(idsOf(await search(token, { q: 'conciliat' }))).toEqual([long]);
    expect(idsOf(await search(token, { q: 'bqwertyuiop' }))).toEqual([long]); // the address's second word
    expect(idsOf(await search(token, { q: 'zqwertyuiop' }))).toEqual([]); // its 26th: past the first 5,000
  });

  it('ranks title matches first, then matches in the page text only newest first, whatever their titles', async () => {
    const { jwt: token } = await t.signUp('ranker');
    const older = await save(token, { title: 'Kwantum lattise notes', text: 'On quantum lattice models.' });
    const newer = await save(token, { title: 'Weekly groceries', text: 'A quantum lattice of shopping lists.' });
    const titled = await save(token, { title: 'A quantum lattice primer', text: 'Nothing else here.' });
    const found = await search(token, { q: 'quantum lattice' });
    expect(found.data.map((gem) => gem.id)).toEqual([titled, newer, older]);
  });

  it("the whole library's total is its saves, from the collections' counts, through moves, the trash and a memory", async () => {
    const { jwt: token } = await t.signUp('counted');
    const post = async (path: string, data: unknown) => (await t.api(path, { token, body: { data } })).body.data.id;
    const top = await post('/api/collections', { name: 'Top' });
    const keep = await post('/api/collections', { name: 'Keep' });
    const [a, b] = [await save(token, { title: 'One', collectionId: top }), await save(token, { title: 'Two' })];
    await save(token, { title: 'Three', collectionId: keep });
    await post('/api/memories', { memory: 'Not a save' });
    await t.api(`/api/gems/${a}`, { method: 'PUT', token, body: { data: { collectionId: keep } } });
    await t.api(`/api/gems/${b}`, { method: 'DELETE', token });
    await t.api(`/api/collections/${keep}`, { method: 'DELETE', token });
    const all = await search(token, { q: '', perPage: 1 });
    expect(all.total).toBe(2);
    // a query that asks something (a word no gem has, left out) is counted gem by gem
    expect((await search(token, { q: '-qqqxyzzy', perPage: 1 })).total).toBe(2);
    expect((await t.api('/api/collection-wise-counts', { token })).body.data.all).toBe(2);
    expect((await search(token, { q: '', page: 3, perPage: 1 })).total).toBe(2); // past the last page
  });

  it('a gem in the trash is not found; restored, it is found again', async () => {
    const { jwt: token } = await t.signUp('trashed');
    const id = await save(token, { title: 'Takahe', text: 'A rare swamphen' });
    expect(idsOf(await search(token, { q: 'swamphen' }))).toEqual([id]);
    expect((await t.api(`/api/gems/${id}`, { method: 'DELETE', token })).status).toBe(200);
    expect(idsOf(await search(token, { q: 'swamphen' }))).toEqual([]);
    const restored = await t.api('/api/trash/restore', { token, body: { ids: [id] } });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(idsOf(await search(token, { q: 'swamphen' }))).toEqual([id]);
  });
});

describe('the search follows every change to what a gem is found by', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 120_000);
  afterAll(() => database?.close());

  it('gem fields, its tags, a tag renamed, moved or its parent deleted, a collection renamed or moved', async () => {
    const { db } = database;
    const one = async <T>(query: ReturnType<typeof sql>) => {
      const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
      return (Array.isArray(result) ? result : result.rows)[0] as T;
    };
    const user = await one<{ id: number }>(
      sql`INSERT INTO users (username, email, password_hash) VALUES ('doc', 'doc@example.test', 'x') RETURNING id`,
    );
    const collection = (name: string, parentId: number | null) =>
      one<{ id: number }>(
        sql`INSERT INTO collections (owner_id, name, parent_id) VALUES (${user.id}, ${name}, ${parentId}) RETURNING id`,
      );
    const tag = (name: string, parentId: number | null) =>
      one<{ id: number }>(
        sql`INSERT INTO tags (owner_id, name, parent_id) VALUES (${user.id}, ${name}, ${parentId}) RETURNING id`,
      );
    const top = await collection('Garden', null);
    const shed = await collection('Shed', top.id);
    const parent = await tag('plants', null);
    const child = await tag('ferns', parent.id);
    const gem = await one<{
      id: number;
    }>(sql`INSERT INTO gems (owner_id, collection_id, title, url, canonical_url, text, media)
      VALUES (${user.id}, ${shed.id}, 'Spade', 'https://example.com/tool-1', 'x', 'dig the soil', '{"code": "trowel()", "alt": "rusty blade"}')
      RETURNING id`);
    // Through the search itself: a gem's tags are matched beside its document (migration 0026).
    const has = async (word: string) => {
      const parsed = parseSearch(word);
      if (!parsed.ok) throw new Error(`${word} does not parse`);
      return (await countGems(db, user.id, parsed.query, [sql`g.id = ${gem.id}`])) === 1;
    };
    const expectWords = async (words: Record<string, boolean>) => {
      const found: Record<string, boolean> = {};
      for (const word of Object.keys(words)) found[word] = await has(word);
      expect(found).toEqual(words);
    };
    await expectWords({ spade: true, soil: true, trowel: true, rusty: true, garden: true, shed: true, ferns: false });
    await db.execute(sql`INSERT INTO gem_tags (gem_id, tag_id) VALUES (${gem.id}, ${child.id})`);
    await expectWords({ ferns: true, plants: true });
    await db.execute(sql`UPDATE tags SET name = 'mosses' WHERE id = ${child.id}`);
    await expectWords({ ferns: false, mosses: true });
    await db.execute(sql`UPDATE tags SET parent_id = NULL WHERE id = ${child.id}`);
    await expectWords({ plants: false, mosses: true });
    await db.execute(sql`UPDATE tags SET parent_id = ${parent.id} WHERE id = ${child.id}`);
    await db.execute(sql`DELETE FROM tags WHERE id = ${parent.id}`);
    await expectWords({ plants: false, mosses: true });
    await db.execute(sql`UPDATE collections SET name = 'Orchard' WHERE id = ${top.id}`);
    await expectWords({ garden: false, orchard: true, shed: true });
    const other = await collection('Allotment', null);
    await db.execute(sql`UPDATE collections SET parent_id = ${other.id} WHERE id = ${shed.id}`);
    await expectWords({ orchard: false, allotment: true });
    await db.execute(sql`UPDATE gems SET title = 'Hoe', notes = 'sharpen weekly', description = 'long handle',
      text = 'weed the rows', media = '{}' WHERE id = ${gem.id}`);
    await expectWords({ spade: false, hoe: true, sharpen: true, handle: true, weed: true, soil: false, trowel: false });
    await db.execute(sql`DELETE FROM gem_tags WHERE gem_id = ${gem.id}`);
    await expectWords({ mosses: false, hoe: true });
    await db.execute(sql`UPDATE gems SET collection_id = ${top.id} WHERE id = ${gem.id}`);
    await expectWords({ allotment: false, shed: false, orchard: true });
  });
});
