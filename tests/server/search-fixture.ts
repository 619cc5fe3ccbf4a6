import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Client, InProcessApp, Session } from './harness';

/**
 * The golden search suite's library (tests/server/search-golden.test.ts): ~60 gems with page text, nested
 * collections and tags, every kind, sites with subdomains, favourites, notes, dates and trashed gems, saved through
 * the API; what the API cannot set yet (dates, notes, favourites, the trash) is set in the database, whose
 * triggers keep the search document up to date.
 */

interface FixtureGem {
  title: string;
  url: string;
  type: string;
  /** A collection path; 'Unfiltered' is the user's own. */
  collection: string;
  tags?: string[];
  description?: string;
  text?: string;
  code?: string;
  alt?: string;
  notes?: string;
  fav?: boolean;
  image?: string;
  /** The day it was added (UTC noon). */
  date: string;
  trashed?: boolean;
}

export const COLLECTIONS = ['Recipes/Desserts', 'Recipes/Mains', 'Work/Projects/Trove', 'Reading'];
export const TAGS = ['dev/react', 'dev/rust', 'dev/postgres', 'food/vegan', 'travel/japan', 'todo'];

const g = (
  title: string,
  url: string,
  type: string,
  collection: string,
  date: string,
  more: Partial<FixtureGem> = {},
): FixtureGem => ({ title, url, type, collection, date, ...more });

export const GEMS = {
  choc: g(
    'Chocolate Cake',
    'https://www.bbc.co.uk/food/recipes/chocolate_cake',
    'Article',
    'Recipes/Desserts',
    '2025-01-10',
    {
      tags: ['food'],
      description: 'A rich sponge',
      text: 'Whisk the eggs, fold in the cocoa and finish with a glossy ganache.',
      notes: "Bake for my sister's birthday",
      fav: true,
    },
  ),
  tiramisu: g(
    'Tiramisu classico',
    'https://www.giallozafferano.it/ricette/tiramisu',
    'Article',
    'Recipes/Desserts',
    '2025-02-14',
    {
      tags: ['food'],
      text: 'Savoiardi soaked in espresso with mascarpone cream',
    },
  ),
  brownies: g(
    'Fudgy Vegan Brownies',
    'https://minimalistbaker.com/vegan-brownies',
    'Article',
    'Recipes/Desserts',
    '2025-03-01',
    {
      tags: ['vegan'],
      text: 'Flax eggs replace eggs; dark chocolate chunks melt into the batter',
      fav: true,
    },
  ),
  lemonTart: g(
    'Lemon tart',
    'https://www.bbc.co.uk/food/recipes/lemon_tart',
    'Link',
    'Recipes/Desserts',
    '2025-03-20',
    {
      text: 'Shortcrust pastry with a sharp curd',
    },
  ),
  ramen: g(
    'Tonkotsu ramen at home',
    'https://www.justonecookbook.com/tonkotsu-ramen',
    'Article',
    'Recipes/Mains',
    '2025-04-02',
    {
      tags: ['food', 'japan'],
      text: 'Pork bone broth simmered for twelve hours until milky',
      notes: 'Try with chashu',
    },
  ),
  curry: g('Thai green curry', 'https://hot-thai-kitchen.com/green-curry', 'Video', 'Recipes/Mains', '2025-04-15', {
    tags: ['food'],
    text: 'Pound the lemongrass and galangal into a paste',
  }),
  dal: g('Red lentil dal', 'https://cooking.nytimes.com/recipes/dal', 'Article', 'Recipes/Mains', '2025-05-01', {
    tags: ['vegan'],
    text: 'Tempering cumin seeds in ghee, then turmeric',
  }),
  knife: g('Knife skills 101', 'https://www.seriouseats.com/knife-skills', 'Video', 'Recipes', '2025-05-10', {
    text: 'Julienne, brunoise and chiffonade cuts explained',
  }),
  pgFts: g(
    'PostgreSQL full text search',
    'https://www.postgresql.org/docs/current/textsearch.html',
    'Article',
    'Work/Projects/Trove',
    '2025-06-01',
    {
      tags: ['postgres'],
      text: 'A tsvector stores lexemes; ts_rank_cd scores cover density; GIN indexes make matching fast',
      fav: true,
    },
  ),
  pgTrgm: g(
    'pg_trgm trigram matching',
    'https://www.postgresql.org/docs/current/pgtrgm.html',
    'Article',
    'Work/Projects/Trove',
    '2025-06-02',
    {
      tags: ['postgres'],
      text: 'Similarity of strings measured by counting shared trigrams',
    },
  ),
  pglite: g('PGlite: Postgres in WASM', 'https://pglite.dev/docs', 'Link', 'Work/Projects/Trove', '2025-06-03', {
    tags: ['postgres', 'dev'],
    text: 'Run Postgres embedded in Node or the browser with extensions',
  }),
  drizzle: g(
    'Drizzle ORM recursive CTE',
    'https://orm.drizzle.team/docs/select',
    'Link',
    'Work/Projects/Trove',
    '2025-06-10',
    {
      tags: ['dev'],
      text: 'Write WITH RECURSIVE queries with the sql template',
    },
  ),
  wxt: g('WXT extension framework', 'https://wxt.dev/guide', 'Link', 'Work/Projects/Trove', '2025-06-11', {
    tags: ['dev'],
    text: 'Manifest V3 service worker and content scripts',
  }),
  hooks: g('React hooks guide', 'https://react.dev/reference/react/hooks', 'Article', 'Work/Projects', '2025-07-01', {
    tags: ['react'],
    text: 'useState, useEffect and useMemo with examples',
  }),
  compiler: g(
    'React Compiler explained',
    'https://react.dev/learn/react-compiler',
    'Article',
    'Work/Projects',
    '2025-07-05',
    {
      tags: ['react'],
      text: 'Automatic memoization removes most manual useMemo calls',
      fav: true,
    },
  ),
  tanstack: g('TanStack Virtual', 'https://tanstack.com/virtual/latest', 'Link', 'Work/Projects', '2025-07-10', {
    tags: ['react'],
    text: 'Virtualize long lists at sixty frames per second',
  }),
  rustBook: g('The Rust Programming Language', 'https://doc.rust-lang.org/book/', 'Article', 'Work', '2025-07-20', {
    tags: ['rust'],
    text: 'Ownership, borrowing and lifetimes make memory safety possible without garbage collection',
  }),
  tokio: g('Async Rust with Tokio', 'https://tokio.rs/tokio/tutorial', 'Article', 'Work', '2025-08-01', {
    tags: ['rust'],
    text: 'Futures are polled by an executor; spawn tasks',
  }),
  sqlCode: g(
    'Recursive tag paths',
    'https://gist.github.com/trove/paths',
    'Code',
    'Work/Projects/Trove',
    '2025-08-02',
    {
      tags: ['postgres'],
      code: 'WITH RECURSIVE tag_paths AS (SELECT id FROM tags)',
    },
  ),
  tsCode: g('Debounce hook', 'https://github.com/trove/hooks/debounce.ts', 'Code', 'Work/Projects', '2025-08-03', {
    tags: ['react'],
    code: 'export function useDebounce(value, delay) { return setTimeout(value, delay) }',
  }),
  rustCode: g('Borrow checker example', 'https://github.com/rust-lang/rust/issues/1', 'Code', 'Work', '2025-08-04', {
    tags: ['rust'],
    code: "fn longest<'a>(x: &'a str, y: &'a str) -> &'a str",
  }),
  standup: g('Standup notes', 'https://example.com/notes/standup', 'Note', 'Work', '2025-08-05', {
    tags: ['todo'],
    description: 'Sprint planning outcomes',
    text: 'Ship the search compiler before Friday',
    notes: 'Follow up with Lina',
  }),
  okr: g('Quarterly OKRs', 'https://intranet.example.com/okr.pdf', 'PDF', 'Work', '2025-08-06', {
    text: 'Objective: reduce search latency below fifty milliseconds',
  }),
  karakeep: g(
    'Karakeep issue 2247',
    'https://github.com/karakeep-app/karakeep/issues/2247',
    'Link',
    'Work',
    '2025-08-07',
    {
      tags: ['dev'],
      text: 'Collaborators cannot search shared lists',
    },
  ),
  essay: g(
    'Paul Graham: How to Do Great Work',
    'https://paulgraham.com/greatwork.html',
    'Article',
    'Reading',
    '2025-09-01',
    {
      text: 'Curiosity, delight and the desire to do something impressive',
      fav: true,
    },
  ),
  feynman: g(
    'Feynman on fooling yourself',
    'https://en.wikiquote.org/wiki/Richard_Feynman',
    'Quote',
    'Reading',
    '2025-09-02',
    {
      text: 'The first principle is that you must not fool yourself',
    },
  ),
  podcast: g('Lex Fridman podcast 400', 'https://lexfridman.com/podcast-400', 'Audio', 'Reading', '2025-09-03', {
    text: 'A three hour conversation about consciousness',
  }),
  lecture: g('MIT 6.006 lecture 1', 'https://www.youtube.com/watch?v=ZA-tUyM_y7s', 'Video', 'Reading', '2025-09-04', {
    text: 'Peak finding and asymptotic complexity',
  }),
  paper: g('Attention Is All You Need', 'https://arxiv.org/pdf/1706.03762', 'PDF', 'Reading', '2025-09-05', {
    text: 'The Transformer relies entirely on self-attention',
    notes: 'Re-read section 3',
  }),
  ferris: g('Why I love crabs', 'https://blog.example.org/crabs', 'Article', 'Reading', '2025-09-06', {
    tags: ['rust'],
    text: 'Ferris the crab is the mascot of the rust community',
  }),
  kyoto: g('Kyoto in autumn', 'https://www.japan-guide.com/e/e3900.html', 'Article', 'Unfiltered', '2025-10-01', {
    tags: ['japan'],
    text: 'Maple leaves at Tofukuji and Eikando temples',
    fav: true,
  }),
  tokyo: g('Tokyo street food', 'https://www.timeout.com/tokyo/food', 'Article', 'Unfiltered', '2025-10-02', {
    tags: ['japan', 'food'],
    text: 'Yakitori alleys near Shinjuku station',
  }),
  lisbon: g('Lisbon tram 28', 'https://www.visitlisboa.com/tram-28', 'Link', 'Unfiltered', '2025-10-03', {
    tags: ['travel'],
    text: 'The yellow tram climbs through Alfama',
  }),
  fuji: g('Mount Fuji at sunrise', 'https://images.example.com/fuji.jpg', 'Image', 'Unfiltered', '2025-10-04', {
    tags: ['japan'],
    alt: 'snow capped volcano above clouds',
    image: 'https://images.example.com/fuji.jpg',
  }),
  cat: g('Cat on a keyboard', 'https://images.example.com/cat.png', 'Image', 'Unfiltered', '2025-10-05', {
    alt: 'tabby kitten typing',
  }),
  diagram: g(
    'Architecture diagram',
    'https://images.example.com/arch.svg',
    'Image',
    'Work/Projects/Trove',
    '2025-10-06',
    {
      tags: ['dev'],
      alt: 'server database extension boxes',
    },
  ),
  hn: g('Hacker News', 'https://news.ycombinator.com/', 'Link', 'Unfiltered', '2025-10-07'),
  asyncio: g(
    'Docs on a subdomain',
    'https://docs.python.org/3/library/asyncio.html',
    'Article',
    'Unfiltered',
    '2025-10-08',
    {
      tags: ['dev'],
      text: 'asyncio event loop and coroutines',
    },
  ),
  python: g('Python', 'https://www.python.org/', 'Link', 'Unfiltered', '2025-10-09', {
    tags: ['dev'],
    text: 'The official home of the Python programming language',
  }),
  mousse: g(
    'Old chocolate mousse',
    'https://www.bbc.co.uk/food/recipes/mousse',
    'Article',
    'Recipes/Desserts',
    '2025-01-05',
    {
      tags: ['food'],
      text: 'Chocolate mousse with ganache',
      trashed: true,
    },
  ),
  oldRust: g('Deleted rust notes', 'https://doc.rust-lang.org/old', 'Note', 'Work', '2025-02-01', {
    tags: ['rust'],
    text: 'Lifetimes again',
    trashed: true,
  }),
  groceries: g('Grocery list', 'https://example.com/groceries', 'Note', 'Unfiltered', '2025-11-01', {
    tags: ['todo'],
    notes: 'oat milk, cardamom, sourdough',
  }),
  camera: g('Camera settings', 'https://example.com/camera', 'Note', 'Unfiltered', '2025-11-02', {
    description: 'Aperture priority with ISO auto for street photography',
  }),
  raft: g(
    'A very long title about distributed consensus algorithms like Raft and Paxos',
    'https://raft.github.io/',
    'Article',
    'Reading',
    '2025-11-03',
    { text: 'Leader election and log replication' },
  ),
  brulee: g(
    'Crème brûlée',
    'https://www.bbc.co.uk/food/recipes/creme_brulee',
    'Article',
    'Recipes/Desserts',
    '2025-11-04',
    {
      tags: ['food'],
      text: 'Caramelised sugar crust over vanilla custard',
    },
  ),
  playlist: g('🎉 Party playlist', 'https://open.spotify.com/playlist/abc', 'Audio', 'Unfiltered', '2025-11-05', {
    text: 'Upbeat songs for the weekend',
  }),
  ocr: g('State-of-the-art OCR', 'https://github.com/tesseract-ocr/tesseract', 'Link', 'Work', '2025-11-06', {
    tags: ['dev'],
    text: 'Optical character recognition engine',
  }),
  searchTitle: g('Search search search', 'https://example.com/search', 'Link', 'Unfiltered', '2025-11-07'),
  tofu: g('Crispy tofu', 'https://minimalistbaker.com/crispy-tofu', 'Article', 'Recipes/Mains', '2025-11-08', {
    tags: ['vegan'],
    text: 'Press the tofu, toss in cornstarch, bake until golden',
  }),
  veganJapan: g('Vegan in Japan', 'https://www.happycow.net/japan', 'Article', 'Unfiltered', '2025-11-09', {
    tags: ['vegan', 'japan'],
    text: 'Shojin ryori is Buddhist temple cuisine',
  }),
  passport: g('Renew passport', 'https://www.gov.uk/renew-passport', 'Link', 'Unfiltered', '2025-11-10', {
    tags: ['todo', 'travel'],
    notes: 'before March',
  }),
  changelog: g('Trove changelog', 'https://trove.example.com/changelog', 'Page', 'Work/Projects/Trove', '2025-11-11', {
    text: 'Release notes for version two',
  }),
  bookmarks: g(
    'Building a bookmark manager',
    'https://blog.example.org/bookmarks',
    'Blog',
    'Work/Projects/Trove',
    '2025-11-12',
    {
      tags: ['dev'],
      text: 'Why we chose PGlite over SQLite',
    },
  ),
  old2024: g('Old article from 2024', 'https://example.net/2024', 'Article', 'Reading', '2024-12-31', {
    text: 'Ancient history',
  }),
  newYear: g('New year resolutions', 'https://example.net/2025', 'Note', 'Reading', '2025-01-01', {
    text: 'Read more books',
    notes: 'keep it short',
  }),
  localDev: g('Local dev server', 'http://localhost:3000/dashboard', 'Link', 'Work', '2025-11-13', {
    tags: ['dev'],
    text: 'Dashboard running locally',
  }),
  router: g('Router admin', 'http://192.168.1.1/admin', 'Link', 'Unfiltered', '2025-11-14'),
  gist: g('Gist of a gist', 'https://gist.github.com/someone/abc', 'Code', 'Work', '2025-11-15', {
    code: "console.log('hello gist')",
  }),
  githubHome: g('GitHub home', 'https://www.github.com/', 'Link', 'Unfiltered', '2025-11-16', { tags: ['dev'] }),
  colour: g('Colour theory', 'https://example.org/colour', 'Article', 'Reading', '2025-11-17', {
    text: 'Complementary colours sit opposite on the wheel',
  }),
} satisfies Record<string, FixtureGem>;

export type GemKey = keyof typeof GEMS;

export interface SearchLibrary {
  server: Client;
  /** The fixture's owner, and another user with look-alike gems that must never appear. */
  owner: Session;
  other: Session;
  ids: Record<GemKey, number>;
  keyOf: Map<number, GemKey>;
}

async function made(client: Client, token: string, path: string, data: unknown): Promise<number> {
  const res = await client.api(path, { token, body: { data } });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.data.id as number;
}

/** Collections (by path) and tags (by name, nested as TAGS says) of a user, made through the API. */
async function makeTree(client: Client, session: Session) {
  const token = session.jwt;
  const collections = new Map<string, number>([['Unfiltered', session.user.unfiltered_collection_id as number]]);
  for (const path of COLLECTIONS) {
    const parts = path.split('/');
    for (let i = 1; i <= parts.length; i++) {
      const at = parts.slice(0, i).join('/');
      if (collections.has(at)) continue;
      const parentId = i > 1 ? collections.get(parts.slice(0, i - 1).join('/')) : undefined;
      collections.set(at, await made(client, token, '/api/collections', { name: parts[i - 1], parentId }));
    }
  }
  const tags = new Map<string, number>();
  for (const path of [...TAGS, 'food', 'dev', 'travel']) {
    const parts = path.split('/');
    for (let i = 0; i < parts.length; i++) {
      const name = parts[i] as string;
      if (tags.has(name)) continue;
      const parentId = i > 0 ? tags.get(parts[i - 1] as string) : undefined;
      tags.set(name, await made(client, token, '/api/tags', { tag: name, parentId }));
    }
  }
  return { collections };
}

async function saveGem(client: Client, token: string, collections: Map<string, number>, gem: FixtureGem) {
  const media = { ...(gem.code ? { code: gem.code } : {}), ...(gem.alt ? { alt: gem.alt } : {}) };
  return made(client, token, '/api/gems', {
    title: gem.title,
    url: gem.url,
    media_type: gem.type,
    collectionId: collections.get(gem.collection),
    tags: gem.tags ?? [],
    description: gem.description ?? '',
    ...(gem.text ? { text: gem.text } : {}),
    ...(gem.image ? { image: gem.image } : {}),
    media,
  });
}

/**
 * Saves the library through the app (setupInProcessApp: a database of its own) and sets in its database what the API
 * cannot set yet.
 */
export async function makeSearchLibrary(app: InProcessApp): Promise<SearchLibrary> {
  const server = app.client;
  const owner = await server.signUp('golden');
  const other = await server.signUp('other');
  const { collections } = await makeTree(server, owner);
  const ids = {} as Record<GemKey, number>;
  for (const [key, gem] of Object.entries(GEMS) as [GemKey, FixtureGem][])
    ids[key] = await saveGem(server, owner.jwt, collections, gem);
  // Another user's look-alikes and a memory (not a save) with words of the fixture: neither may ever be found.
  const otherTree = await makeTree(server, other);
  for (const key of ['choc', 'hooks', 'kyoto', 'fuji'] as const)
    await saveGem(server, other.jwt, otherTree.collections, { ...GEMS[key], fav: true });
  await made(server, owner.jwt, '/api/memories', { memory: 'Chocolate ganache and react hooks in Kyoto' });

  for (const [key, gem] of Object.entries(GEMS) as [GemKey, FixtureGem][]) {
    await app.database.db.execute(sql`UPDATE gems SET created_at = ${`${gem.date}T12:00:00Z`}::timestamptz,
      updated_at = ${`${gem.date}T12:00:00Z`}::timestamptz + interval '1 hour',
      notes = ${gem.notes ?? ''}, is_favourite = ${gem.fav ?? false},
      deleted_at = ${gem.trashed ? sql`now()` : sql`NULL`} WHERE id = ${ids[key]}`);
  }
  const keyOf = new Map((Object.entries(ids) as [GemKey, number][]).map(([key, id]) => [id, key]));
  return { server, owner, other, ids, keyOf };
}
