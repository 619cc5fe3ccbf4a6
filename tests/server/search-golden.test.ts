import { beforeAll, describe, expect, it } from 'vitest';
import { searchFacetsSchema, searchResultSchema } from '../../lib/api/search-contract';
import { backend, setupInProcessApp } from './harness';
import { GEMS, type GemKey, makeSearchLibrary, type SearchLibrary } from './search-fixture';

/**
 * The golden search suite: query text → the fixture gems it finds (tests/server/search-fixture.ts), through
 * GET /api/filter-search on a real server, on PGlite and (project server-postgres) PostgreSQL. Sets unless the
 * case is ordered. Trashed gems, a memory and another user's look-alikes are in the database and never found.
 */

const ALL = (Object.keys(GEMS) as GemKey[]).filter((key) => !('trashed' in GEMS[key] && GEMS[key].trashed));
const except = (...keys: GemKey[]) => ALL.filter((key) => !keys.includes(key));

const RECIPES: GemKey[] = [
  'choc',
  'tiramisu',
  'brownies',
  'lemonTart',
  'ramen',
  'curry',
  'dal',
  'knife',
  'brulee',
  'tofu',
];
const DESSERTS: GemKey[] = ['choc', 'tiramisu', 'brownies', 'lemonTart', 'brulee'];
const TROVE: GemKey[] = ['pgFts', 'pgTrgm', 'pglite', 'drizzle', 'wxt', 'sqlCode', 'diagram', 'changelog', 'bookmarks'];
const PROJECTS: GemKey[] = ['hooks', 'compiler', 'tanstack', 'tsCode'];
const WORK: GemKey[] = [
  ...TROVE,
  ...PROJECTS,
  'rustBook',
  'tokio',
  'rustCode',
  'standup',
  'okr',
  'karakeep',
  'ocr',
  'localDev',
  'gist',
];
const READING: GemKey[] = [
  'essay',
  'feynman',
  'podcast',
  'lecture',
  'paper',
  'ferris',
  'raft',
  'old2024',
  'newYear',
  'colour',
];
const UNFILTERED: GemKey[] = [
  'kyoto',
  'tokyo',
  'lisbon',
  'fuji',
  'cat',
  'hn',
  'asyncio',
  'python',
  'groceries',
  'camera',
  'playlist',
  'searchTitle',
  'veganJapan',
  'passport',
  'router',
  'githubHome',
];
const FOOD: GemKey[] = [
  'choc',
  'tiramisu',
  'ramen',
  'curry',
  'tokyo',
  'brulee',
  'brownies',
  'dal',
  'tofu',
  'veganJapan',
];
const VEGAN: GemKey[] = ['brownies', 'dal', 'tofu', 'veganJapan'];
const JAPAN: GemKey[] = ['ramen', 'kyoto', 'tokyo', 'fuji', 'veganJapan'];
const REACT: GemKey[] = ['hooks', 'compiler', 'tanstack', 'tsCode'];
const DEV: GemKey[] = [
  'pgFts',
  'pgTrgm',
  'pglite',
  'drizzle',
  'wxt',
  'hooks',
  'compiler',
  'tanstack',
  'rustBook',
  'tokio',
  'sqlCode',
  'tsCode',
  'rustCode',
  'karakeep',
  'ferris',
  'diagram',
  'asyncio',
  'python',
  'ocr',
  'bookmarks',
  'localDev',
  'githubHome',
];
const LINKS: GemKey[] = [
  'lemonTart',
  'pglite',
  'drizzle',
  'wxt',
  'tanstack',
  'karakeep',
  'lisbon',
  'hn',
  'python',
  'ocr',
  'searchTitle',
  'passport',
  'localDev',
  'router',
  'githubHome',
];
const ARTICLES: GemKey[] = [
  'choc',
  'tiramisu',
  'brownies',
  'ramen',
  'dal',
  'pgFts',
  'pgTrgm',
  'hooks',
  'compiler',
  'rustBook',
  'tokio',
  'essay',
  'ferris',
  'kyoto',
  'tokyo',
  'asyncio',
  'raft',
  'brulee',
  'tofu',
  'veganJapan',
  'changelog',
  'bookmarks',
  'old2024',
  'colour',
];
const GITHUB: GemKey[] = ['rustCode', 'tsCode', 'karakeep', 'ocr', 'githubHome', 'sqlCode', 'gist'];
const EXAMPLE_COM: GemKey[] = [
  'standup',
  'okr',
  'fuji',
  'cat',
  'diagram',
  'groceries',
  'camera',
  'searchTitle',
  'changelog',
];

/** [query, the gems it finds]: compared as sets. */
const SETS: [string, GemKey[]][] = [
  // words found only in a gem's page text, code, alt text, notes or description
  ['ganache', ['choc']],
  ['mascarpone', ['tiramisu']],
  ['lemongrass', ['curry']],
  ['galangal', ['curry']],
  ['tsvector', ['pgFts']],
  ['yakitori', ['tokyo']],
  ['volcano', ['fuji']],
  ['kitten', ['cat']],
  ['cardamom', ['groceries']],
  ['sourdough', ['groceries']],
  ['aperture', ['camera']],
  ['chashu', ['ramen']],
  ['lina', ['standup']],
  ['transformer', ['paper']],
  ['consciousness', ['podcast']],
  ['asymptotic', ['lecture']],
  ['useDebounce', ['tsCode']],
  ['longest', ['rustCode']],
  ['ferris', ['ferris']],
  ['tofukuji', ['kyoto']],
  ['shojin', ['veganJapan']],
  ['alfama', ['lisbon']],
  ['savoiardi', ['tiramisu']],
  ['espresso', ['tiramisu']],
  ['paxos', ['raft']],
  ['raft', ['raft']],
  ['lifetimes', ['rustBook']],
  ['2247', ['karakeep']],
  // stemming
  ['trigrams', ['pgTrgm']],
  ['trigram', ['pgTrgm']],
  ['borrowing', ['rustBook', 'rustCode']],
  ['memoization', ['compiler']],
  ['usememo', ['hooks', 'compiler']],
  ['simmer', ['ramen']],
  ['whisking', ['choc']],
  ['polls', ['tokio']],
  ['temples', ['kyoto', 'veganJapan', 'drizzle']], // drizzle: "template" starts with the stem "templ"
  ['replicate', ['raft']],
  // the last word is also a prefix
  ['choc', ['choc', 'brownies']],
  ['chocolate', ['choc', 'brownies']],
  ['mascar', ['tiramisu']],
  ['lemongr', ['curry', 'lemonTart']], // lemonTart: "lemon" in its title, close enough
  ['tofu', ['tofu', 'kyoto']],
  // substrings of the title or the address
  ['seriouseats', ['knife']],
  ['ycombinator', ['hn']],
  ['ombi', ['hn']], // four letters: a substring of the address
  ['omb', []], // three are one trigram, matched as words and prefixes only (compile.ts, SUBSTRING_MIN_LENGTH)
  ['giallozafferano', ['tiramisu']],
  ['pgtrgm', ['pgTrgm']],
  ['lexfridman', ['podcast']],
  ['creme', ['brulee']],
  ['trove', [...TROVE, 'tsCode']],
  ['🎉', ['playlist']],
  ['6.006', ['lecture']],
  ['state-of-the-art', ['ocr']],
  // typos in the title
  ['tiramsu', ['tiramisu']],
  ['pyhton', []],
  ['kubernets', []],
  ['compiller', ['compiler', 'standup']],
  // accents
  ['crème', ['brulee']],
  ['brûlée', ['brulee']],
  // phrases
  ['"glossy ganache"', ['choc']],
  ['"ganache glossy"', []],
  ['"dark chocolate"', ['brownies']],
  ['"search compiler"', ['standup']],
  ['"react hooks"', ['hooks']],
  ['"full text search"', ['pgFts']],
  ['"the first principle"', ['feynman']],
  ['"ganache and react"', []],
  // negation
  ['chocolate -vegan', ['choc']],
  ['react -hooks', ['compiler', 'tanstack']],
  ['food -type:article', ['lemonTart', 'curry']],
  ['-is:fav type:article collection:Recipes', ['tiramisu', 'ramen', 'dal', 'brulee', 'tofu']],
  ['rust -type:code', ['rustBook', 'tokio', 'ferris']],
  ['-(food OR dev OR travel OR todo) collection:Reading', except(...ALL.filter((k) => !READING.includes(k)), 'ferris')],
  ['-ganache', except('choc')],
  // OR and parentheses
  ['ganache OR mascarpone', ['choc', 'tiramisu']],
  ['kyoto OR lisbon', ['kyoto', 'lisbon']],
  ['(tofu OR dal) tag:vegan', ['tofu', 'dal']],
  ['python OR asyncio', ['python', 'asyncio']], // typos are looked for in one-word queries only
  ['asyncio', ['asyncio', 'tokio']], // tokio: "async" in its title, close enough
  ['(ramen OR curry) -is:fav', ['ramen', 'curry']],
  ['(python OR rust) type:link', ['python']],
  ['python OR rust type:link', ['python', 'asyncio']],
  ['tag:food OR tag:todo', [...FOOD, 'standup', 'groceries', 'passport']],
  ['type:code OR type:pdf', ['sqlCode', 'tsCode', 'rustCode', 'gist', 'okr', 'paper']],
  ['(is:fav OR has:note) collection:Recipes', ['choc', 'brownies', 'ramen']],
  // tags, with their children
  ['tag:food', FOOD],
  ['#food', FOOD],
  ['#vegan', VEGAN],
  ['tag:food/vegan', VEGAN],
  ['tag:dev', DEV],
  ['tag:dev/react', REACT],
  ['#React', REACT],
  ['tag:dev/rust', ['rustBook', 'tokio', 'rustCode', 'ferris']],
  ['tag:dev/rust -type:code', ['rustBook', 'tokio', 'ferris']],
  ['tag:postgres', ['pgFts', 'pgTrgm', 'pglite', 'sqlCode']],
  ['#japan', JAPAN],
  ['tag:travel', [...JAPAN, 'lisbon', 'passport']],
  ['-tag:travel tag:food', ['choc', 'tiramisu', 'curry', 'brulee', 'brownies', 'dal', 'tofu']],
  ['tag:todo', ['standup', 'groceries', 'passport']],
  ['tag:vegan tag:japan', ['veganJapan']],
  ['tag:nosuchtag', []],
  ['-tag:nosuchtag', ALL],
  ['tag:food/japan', []],
  [
    '-tag:dev -tag:food -tag:travel -tag:todo',
    except(...DEV, ...FOOD, 'lisbon', 'passport', ...JAPAN, 'standup', 'groceries'),
  ],
  // collections, with their sub-collections
  ['collection:Recipes', RECIPES],
  ['collection:"Recipes/Desserts"', DESSERTS],
  ['collection:recipes/mains', ['ramen', 'curry', 'dal', 'tofu']],
  ['collection:Work', WORK],
  ['collection:Work/Projects/Trove', TROVE],
  ['collection:"Work/Projects"', [...TROVE, ...PROJECTS]],
  ['collection:Work/Projects -collection:Work/Projects/Trove', PROJECTS],
  ['collection:Desserts', []],
  ['-collection:Desserts', ALL],
  ['collection:Unfiltered', UNFILTERED],
  ['collection:Reading', READING],
  ['-collection:Work -collection:Recipes -collection:Unfiltered', READING],
  ['collection:Reading type:pdf', ['paper']],
  ['collection:Work has:note', ['standup']],
  // types
  ['type:link', LINKS],
  ['type:article', ARTICLES],
  ['type:image', ['fuji', 'cat', 'diagram']],
  ['type:code', ['sqlCode', 'tsCode', 'rustCode', 'gist']],
  ['type:pdf', ['okr', 'paper']],
  ['type:audio', ['podcast', 'playlist']],
  ['type:video', ['curry', 'knife', 'lecture']],
  ['type:quote', ['feynman']],
  ['type:note', ['standup', 'groceries', 'camera', 'newYear']],
  ['-type:article -type:link -type:note', except(...ARTICLES, ...LINKS, 'standup', 'groceries', 'camera', 'newYear')],
  // sites, with their subdomains
  ['site:bbc.co.uk', ['choc', 'lemonTart', 'brulee']],
  ['site:co.uk', ['choc', 'lemonTart', 'brulee']],
  ['site:uk', ['choc', 'lemonTart', 'brulee', 'passport']],
  ['site:github.com', GITHUB],
  ['site:gist.github.com', ['sqlCode', 'gist']],
  ['site:www.github.com', GITHUB],
  ['site:GitHub.com', GITHUB],
  ['site:github.io', ['raft']],
  ['site:python.org', ['python', 'asyncio']],
  ['site:react.dev', ['hooks', 'compiler']],
  ['site:example.com', EXAMPLE_COM],
  ['site:ample.com', []],
  ['site:example.org', ['ferris', 'bookmarks', 'colour']],
  ['site:localhost', ['localDev']],
  ['site:192.168.1.1', ['router']],
  ['site:postgresql.org type:article', ['pgFts', 'pgTrgm']],
  ['-site:example.com type:image', []],
  ['-site:github.com type:code', []],
  // favourites, notes, images
  ['is:fav', ['choc', 'brownies', 'pgFts', 'compiler', 'essay', 'kyoto']],
  ['-is:fav collection:Recipes/Desserts', ['tiramisu', 'lemonTart', 'brulee']],
  ['has:note', ['choc', 'ramen', 'standup', 'paper', 'groceries', 'passport', 'newYear']],
  ['has:image', ['fuji', 'cat', 'diagram']],
  ['is:fav has:note', ['choc']],
  ['-has:note type:note', ['camera']],
  // dates (UTC days, the day itself left out)
  ['before:2025-01-01', ['old2024']],
  ['before:2025-01-02', ['old2024', 'newYear']],
  ['after:2025-11-15', ['githubHome', 'colour']],
  ['after:2025-11-14 before:2025-11-17', ['gist', 'githubHome']],
  ['after:2025-12-31', []],
  ['before:2025-02-01 collection:Recipes', ['choc']],
  ['-before:2025-11-16', ['githubHome', 'colour']],
  // two words and two qualifiers
  ['chocolate eggs type:article tag:food', ['choc', 'brownies']],
  ['postgres search site:postgresql.org is:fav', ['pgFts']],
  ['react memo collection:Work type:article', ['compiler']],
  ['rust tokio type:article collection:Work', ['tokio']],
  ['temple japan -tag:food', ['kyoto']],
  ['ganache cocoa is:fav has:note', ['choc']],
  // several words, each matching a different way (document, tag, title or address substring)
  ['seriouseats knife', ['knife']],
  ['giallozafferano mascarpone', ['tiramisu']],
  ['example aperture', ['camera']], // a substring of the address beside a word of the description only
  ['vegan chocolate', ['brownies']],
  ['pgtrgm trigrams similarity', ['pgTrgm']],
  ['react usememo examples hooks', ['hooks']],
  ['happycow shojin buddhist cuisine japan', ['veganJapan']],
  ["don't ganache", []], // "don't" has no lexeme: it asks for its letters in the title or address, not nothing
  // stop words and empty queries ask nothing
  ['', ALL],
  ['the', ALL],
  ['the and of', ALL],
  ['"the of"', ALL],
  ['-the', ALL],
  ['ganache the', ['choc']],
  // the trash, memories and other users' gems are never found
  ['mousse', []],
  ['lifetimes again', ['rustBook']], // "again" is a stop word
  ['lifetimes type:note', []],
  ['ocr', ['ocr']],
  ['sort:title', ALL],
];

/** [query, the gems it finds in this order]. */
const ORDERED: [string, GemKey[]][] = [
  ['collection:Recipes/Desserts sort:title', ['choc', 'brulee', 'brownies', 'lemonTart', 'tiramisu']],
  ['collection:Recipes/Desserts sort:title-desc', ['tiramisu', 'lemonTart', 'brownies', 'brulee', 'choc']],
  ['tag:todo sort:added', ['passport', 'groceries', 'standup']],
  ['tag:todo sort:added-asc', ['standup', 'groceries', 'passport']],
  ['tag:todo', ['passport', 'groceries', 'standup']],
  ['tag:todo sort:relevance', ['passport', 'groceries', 'standup']], // no words: newest first
  ['tag:todo sort:manual', ['passport', 'groceries', 'standup']], // no manual order yet: newest first
  ['type:pdf sort:updated', ['paper', 'okr']],
  ['type:pdf sort:updated-asc', ['okr', 'paper']],
  ['site:github.com sort:site', ['gist', 'sqlCode', 'githubHome', 'ocr', 'karakeep', 'rustCode', 'tsCode']],
  ['ganache OR brownies', ['brownies', 'choc']], // a title word (weight A) outranks page text (C)
  ['chocolate', ['choc', 'brownies']],
  // words with each sort: the ranked matches carry the columns that sort reads
  ['chocolate sort:title-desc', ['brownies', 'choc']],
  ['chocolate sort:site', ['choc', 'brownies']], // bbc.co.uk before minimalistbaker.com
  ['chocolate sort:site-desc', ['brownies', 'choc']],
  ['chocolate sort:updated-asc', ['choc', 'brownies']],
  ['chocolate sort:added', ['brownies', 'choc']],
  ['chocolate sort:manual', ['brownies', 'choc']], // no manual order yet: newest first
  ['type:video sort:title', ['knife', 'lecture', 'curry']],
];

describe.each([backend])('golden search (%s)', () => {
  const app = setupInProcessApp();
  let library: SearchLibrary;
  beforeAll(async () => {
    library = await makeSearchLibrary(app);
  }, 180_000);

  const search = async (q: string) => {
    const res = await library.server.api(`/api/filter-search?perPage=100&q=${encodeURIComponent(q)}`, {
      token: library.owner.jwt,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = searchResultSchema.parse(res.body);
    expect(body.total).toBe(body.data.length);
    return body.data.map((gem) => library.keyOf.get(gem.id) ?? `not in the fixture: ${gem.id} ${gem.title}`);
  };

  it('has at least 150 cases', () => {
    expect(SETS.length + ORDERED.length).toBeGreaterThanOrEqual(150);
  });

  it.each(SETS)('%s', async (q, keys) => {
    expect((await search(q)).sort()).toEqual([...new Set(keys)].sort());
  });

  it.each(ORDERED)('%s (in order)', async (q, keys) => {
    expect(await search(q)).toEqual(keys);
  });

  it('ranks a title match above a page-text match', async () => {
    const found = await search('search');
    expect(found[0]).toBe('searchTitle');
    expect(found.sort()).toEqual(['karakeep', 'okr', 'pgFts', 'searchTitle', 'standup'].sort());
  });

  // Facets beside the same library: each count is the total of the query with that facet added.
  describe('facets', () => {
    const get = async (path: string) => {
      const res = await library.server.api(path, { token: library.owner.jwt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    };
    const totalOf = async (q: string) =>
      searchResultSchema.parse(await get(`/api/filter-search?perPage=1&q=${encodeURIComponent(q)}`)).total;

    it.each(['', 'chocolate OR rust', 'tag:dev', 'collection:Work -type:code', 'the', 'site:github.com'])(
      "'%s': every count equals the total of the query with it",
      async (q) => {
        const facets = searchFacetsSchema.parse(await get(`/api/search-facets?q=${encodeURIComponent(q)}`));
        expect(facets.total).toBe(await totalOf(q));
        const within = (qualifier: string) => (q ? `(${q}) ${qualifier}` : qualifier);
        const checks = [
          ...facets.data.types.map((f) => [within(`type:${f.value}`), f.count] as const),
          ...facets.data.tags.map((f) => [within(`tag:"${f.path}"`), f.count] as const),
          ...facets.data.collections.map((f) => [within(`collection:"${f.path}"`), f.count] as const),
          ...facets.data.sites.map((f) => [within(`site:${f.value}`), f.count] as const),
        ];
        expect(checks.length).toBeGreaterThan(3);
        for (const [query, count] of checks)
          expect({ query, total: await totalOf(query) }).toEqual({ query, total: count });
      },
    );

    it('counts a parent tag, collection and site with what is under it', async () => {
      const { data } = searchFacetsSchema.parse(await get('/api/search-facets'));
      const count = <T extends { count: number }>(items: T[], match: (item: T) => boolean) => items.find(match)?.count;
      expect(count(data.tags, (t) => t.path === 'food')).toBe(10);
      expect(count(data.tags, (t) => t.path === 'food/vegan')).toBe(4);
      expect(count(data.collections, (c) => c.path === 'Recipes')).toBe(10);
      expect(count(data.collections, (c) => c.path === 'Work/Projects')).toBe(13);
      expect(count(data.sites, (s) => s.value === 'github.com')).toBe(7);
      expect(count(data.sites, (s) => s.value === 'gist.github.com')).toBe(2);
      expect(count(data.types, (t) => t.value === 'article')).toBe(24);
    });
  });
});
