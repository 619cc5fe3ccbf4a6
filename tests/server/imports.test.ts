import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { dataOf, gemListSchema } from '../../lib/api/contract';
import { type ImportJob, importJobSchema, importSummarySchema } from '../../lib/api/import-contract';
import { type SearchHit, searchResultSchema } from '../../lib/api/search-contract';
import { readImportFile } from '../../server/features/imports/formats/detect';
import { STAGE_PART_CHARS } from '../../server/features/imports/stage-netscape';
import { itemKey } from '../../server/features/imports/summary';
import {
  backend,
  type Client,
  createClient,
  type Session,
  setupTestServer,
  startTestServer,
  type TestServer,
} from './harness';
import { serverProcesses } from './server-process';

/**
 * Imports through POST /api/collection-import: the dry run writes nothing, an import makes the folders nested
 * collections and merges addresses the user has, a second import of the same file adds nothing, and an import
 * whose server is killed (-9) halfway is finished by the next one with no item twice and none missing.
 */

const chromeFile = readFileSync(join(__dirname, '../fixtures/imports/bookmarks-chrome.html'), 'utf8');
const t = setupTestServer();
let server: TestServer;
let ada: Session;
let bob: Session;

const post = (session: Session, body: unknown) => server.api('/api/collection-import', { token: session.jwt, body });

async function readJob(on: Client, token: string, id: number): Promise<ImportJob> {
  const res = await on.api(`/api/imports/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return dataOf(importJobSchema).parse(res.body).data;
}

async function follow(session: Session, id: number, on: Client = server): Promise<ImportJob> {
  for (;;) {
    const job = await readJob(on, session.jwt, id);
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await sleep(20); // polling the job, not timing it: asked without a pause, the server answered rather than imported
  }
}

async function search(session: Session, q: string, on = server): Promise<SearchHit[]> {
  const res = await on.api(`/api/filter-search?${new URLSearchParams({ q, perPage: '100' })}`, { token: session.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return searchResultSchema.parse(res.body).data;
}

async function collectionPaths(session: Session): Promise<string[]> {
  const res = await server.api('/api/get-user-collections', { token: session.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const rows = res.body.data as { id: number; name: string; parentId: number | null }[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path = (row: (typeof rows)[number]): string =>
    row.parentId === null ? row.name : `${path(byId.get(row.parentId) as (typeof rows)[number])}/${row.name}`;
  return rows.map(path).sort();
}

beforeAll(async () => {
  server = t.current;
  ada = await server.signUp('ada');
  bob = await server.signUp('bob');
  // Ada saved the pavlova page before (with a tracking parameter: the same page by its canonical form)
  const saved = await server.api('/api/gems', {
    token: ada.jwt,
    body: { data: { title: 'My pavlova', url: 'https://recipes.test/pavlova?utm_source=feed', tags: ['mine'] } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
}, 120_000);

describe('importing a bookmarks file', () => {
  it('a dry run says what would happen and writes nothing', async () => {
    const before = await collectionPaths(ada);
    const res = await post(ada, { fileName: 'bookmarks.html', content: chromeFile, dryRun: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(dataOf(importSummarySchema).parse(res.body).data).toEqual({
      format: 'netscape-html',
      items: 5,
      newCollections: [
        ['Bookmarks bar'],
        ['Other bookmarks'],
        ['Bookmarks bar', 'Cooking'],
        ['Bookmarks bar', 'Cooking', 'Desserts'],
        ['Bookmarks bar', 'Cooking', 'Empty for now'],
      ],
      alreadySaved: 1,
      repeatedInFile: 0,
      problemCount: 1,
      problems: [{ where: 'bookmark 3', reason: 'Not a web address: "place:sort=8&maxResults=10"' }],
    });
    expect(await collectionPaths(ada)).toEqual(before);
    expect(await server.api('/api/imports', { token: ada.jwt })).toMatchObject({ body: { data: [], total: 0 } });
  });

  it('an import makes the folders nested collections, keeps dates and tags, and merges what was saved', async () => {
    const res = await post(ada, { fileName: 'bookmarks.html', content: chromeFile });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await follow(ada, res.body.data.id);
    expect(job).toMatchObject({ status: 'done', format: 'netscape-html', total: 5, done: 5, added: 4, merged: 1 });
    expect(job.problems).toHaveLength(1);
    // every folder, empty ones too, as the dry run said
    expect(await collectionPaths(ada)).toEqual([
      'Bookmarks bar',
      'Bookmarks bar/Cooking',
      'Bookmarks bar/Cooking/Desserts',
      'Bookmarks bar/Cooking/Empty for now',
      'Other bookmarks',
      'Unfiltered',
    ]);
    const [pavlova, ...others] = await search(ada, 'site:recipes.test pavlova');
    expect(others).toEqual([]);
    // merged into the gem Ada had: her title and collection kept, the file's tags and description added, the older
    // date kept
    expect(pavlova).toMatchObject({ title: 'My pavlova', description: 'Crisp outside, soft inside' });
    expect(pavlova?.tags.map((t) => t.tag).sort()).toEqual(['baking', 'meringue', 'mine']);
    expect(pavlova?.createdAt).toBe('2023-11-14T22:20:00.000Z');
    const [tart] = await search(ada, 'collection:"Bookmarks bar" tart');
    expect(tart).toMatchObject({ title: 'Lemon tart & curd', createdAt: '2023-11-14T22:15:00.000Z' });
    const list = await server.api('/api/imports', { token: ada.jwt });
    expect(list.body.data.map((j: ImportJob) => j.id)).toEqual([job.id]);
  });

  it('importing the same file again creates nothing new', async () => {
    const before = { gems: (await search(ada, '')).length, collections: await collectionPaths(ada) };
    const res = await post(ada, { fileName: 'bookmarks again.html', content: chromeFile });
    const job = await follow(ada, res.body.data.id);
    expect(job).toMatchObject({ status: 'done', added: 0, merged: 5, skipped: 0 });
    expect({ gems: (await search(ada, '')).length, collections: await collectionPaths(ada) }).toEqual(before);
  });

  it('tags: a path nests, a name the user has (in any case) is reused, a repeated address adds its tags', async () => {
    const dora = await server.signUp('dora');
    const saved = await server.api('/api/gems', {
      token: dora.jwt,
      body: { data: { title: 'Shelf', url: 'https://shelf.test/', tags: ['Reading'] } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const bookmark = (url: string, tags: string, title: string) => `<DT><A HREF="${url}" TAGS="${tags}">${title}</A>`;
    const content = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      bookmark('https://tags.test/one', 'reading,Garden/Roses,fresh', 'One'),
      bookmark('https://tags.test/two', 'FRESH,garden/roses', 'Two'),
      bookmark('https://tags.test/one?utm_source=feed', 'later', 'One again'),
      '</DL><p>',
    ].join('\n');
    const job = await follow(dora, (await post(dora, { fileName: 'tags.html', content })).body.data.id);
    expect(job).toMatchObject({ status: 'done', added: 2, merged: 1 });
    const tagsOf = async (q: string) => {
      const [hit, ...others] = await search(dora, q);
      expect(others).toEqual([]);
      return hit?.tags.map((tag) => tag.tag).sort();
    };
    expect(await tagsOf('site:tags.test One')).toEqual(['Reading', 'Roses', 'fresh', 'later']);
    expect(await tagsOf('site:tags.test Two')).toEqual(['Roses', 'fresh']);
    const tags = await server.api('/api/tags', { token: dora.jwt });
    expect(tags.status).toBe(200);
    expect((tags.body.data as { path: string }[]).map((tag) => tag.path).sort()).toEqual([
      'Garden',
      'Garden/Roses',
      'Reading',
      'fresh',
      'later',
    ]);
  });

  it('a bookmark file longer than a staging part is staged whole and in file order', async () => {
    const erin = await server.signUp('erin');
    const COUNT = 1_000;
    const EARLY = 300;
    // Each with its icon inline, as browsers export them (a data: address the import does not keep): ~800 characters.
    const icon = `data:image/png;base64,${'iVBORw0KGgo'.repeat(60)}`;
    const bookmark = (i: number, title: string) =>
      `<DT><A HREF="https://parts.test/${i}" ADD_DATE="${1_700_000_000 + i}" ICON="${icon}" TAGS="part${i % 3}">${title} ${'and so on '.repeat(12)}</A>`;
    const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => bookmark(from + i, 'Page'));
    const folder = (name: string, lines: string[]) => [`<DT><H3>${name}</H3>`, '<DL><p>', ...lines, '</DL><p>'];
    const content = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      bookmark(0, 'First'),
      ...folder('Early', range(1, EARLY)),
      // the same address again at the end of the file, parts later: merged into the first, whose title stays
      ...folder('Late', [...range(EARLY, COUNT), bookmark(0, 'Last')]),
      '</DL><p>',
    ].join('\n');
    expect(content.length).toBeGreaterThan(STAGE_PART_CHARS * 2);
    const job = await follow(erin, (await post(erin, { fileName: 'parts.html', content })).body.data.id);
    expect(job).toMatchObject({ status: 'done', total: COUNT + 1, added: COUNT, merged: 1, problemCount: 0 });
    const total = async (q: string) => {
      const res = await server.api(`/api/filter-search?${new URLSearchParams({ q, perPage: '1' })}`, {
        token: erin.jwt,
      });
      return searchResultSchema.parse(res.body).total;
    };
    expect(await total('site:parts.test')).toBe(COUNT);
    expect(await total('collection:Early')).toBe(EARLY - 1);
    expect(await total('collection:Late')).toBe(COUNT - EARLY);
    expect(await total('site:parts.test First')).toBe(1);
    expect(await total('site:parts.test Last')).toBe(0);
    expect(await collectionPaths(erin)).toEqual(['Early', 'Late', 'Unfiltered']);
  });

  it('a note without an address is reported as skipped, with why', async () => {
    const karakeep = readFileSync(join(__dirname, '../fixtures/imports/karakeep.json'), 'utf8');
    const res = await post(bob, { fileName: 'karakeep.json', content: karakeep });
    const job = await follow(bob, res.body.data.id);
    expect(job).toMatchObject({ added: 1, skipped: 1, problemCount: 1 });
    expect(job.skippedItems).toEqual([
      {
        title: 'Remember to renew the domain',
        url: '',
        reason: 'A note without a web address (Trove keeps saves of pages)',
      },
    ]);
    // highlights and notes are kept in the gem's notes; Karakeep's archived state has no place in Trove yet
    expect((await search(bob, 'site:learn.test'))[0]).toMatchObject({ notes: 'chapter 8 next' });
    // and the skipped note's tag is not made
    const tags = await server.api('/api/tags', { token: bob.jwt });
    expect(tags.status).toBe(200);
    expect((tags.body.data as { path: string }[]).map((tag) => tag.path).sort()).toEqual(['learning', 'rust']);
  });

  it('reads a file larger than the other routes’ 5 MB body limit', async () => {
    // long addresses (~450 characters, well within 2,048), so the megabytes come with few items to check
    const path = 'a/long/enough/path/to/page/'.repeat(16);
    const lines = Array.from({ length: 6_000 }, (_, i) => `https://big.test/${path}${i}`);
    const content = lines.join('\n');
    // twice this: over 5 MB
    expect(content.length * 2).toBeGreaterThan(5 * 1024 * 1024);
    const res = await post(bob, { fileName: 'big.txt', content: `${content}\n${content}`, dryRun: true });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(importSummarySchema.parse(res.body.data)).toMatchObject({ items: 12_000, repeatedInFile: 6_000 });
  });

  it('refuses a file it cannot read, an empty one, and another user’s import', async () => {
    const unknown = await post(ada, { fileName: 'x.txt', content: 'just words' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toMatch(/^Trove cannot tell what this file is\. It reads: Bookmarks HTML/);
    const empty = await post(ada, { fileName: 'x.txt', content: '' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('The file is empty');
    const list = await server.api('/api/imports', { token: ada.jwt });
    const other = await server.api(`/api/imports/${list.body.data[0].id}`, { token: bob.jwt });
    expect(other.status).toBe(404);
  });
});

describe('each format’s fixture imported', () => {
  // Trove's own JSON is proven whole by export-roundtrip.test.ts.
  const fixtures = readdirSync(join(__dirname, '../fixtures/imports')).filter((name) => name !== 'trove.json');

  it.each(fixtures)(
    '%s: its items become gems once each, its folders collections, the unreadable reported',
    async (name) => {
      const content = readFileSync(join(__dirname, '../fixtures/imports', name), 'utf8');
      const parsed = readImportFile(content);
      const keys = parsed.items.map(itemKey);
      const addresses = new Set(keys.filter((key) => key !== null)).size;
      const session = await server.signUp('formats');
      const res = await post(session, { fileName: name, content });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const job = await follow(session, res.body.data.id);
      expect(job).toMatchObject({
        status: 'done',
        format: parsed.format,
        total: parsed.items.length,
        added: addresses,
        merged: keys.filter((key) => key !== null).length - addresses,
        skipped: keys.filter((key) => key === null).length,
        problemCount: parsed.problems.length,
      });
      const saved = await server.api('/api/get-all-bookmark?perPage=1', { token: session.jwt });
      expect(gemListSchema.parse(saved.body).total).toBe(addresses);
      const paths = await collectionPaths(session);
      for (const path of parsed.collections) expect(paths).toContain(path.join('/'));
    },
  );
});

describe(`an import killed (-9) halfway (${backend})`, () => {
  const URLS = 3_000;
  const processes = serverProcesses();

  it('is finished by the server started next on the same data: every item once, no gem twice', async () => {
    const store = await processes.ownStore();
    const first = await processes.start(store);
    const client = createClient(first.url);
    const carol = await client.signUp('carol');
    const lines = Array.from({ length: URLS }, (_, i) => `https://many.test/page/${i} | Page ${i}`);
    // every tenth address twice: the repeat merges into the first
    for (let i = 0; i < URLS; i += 10) lines.push(`https://many.test/page/${i}`);
    const staged = await client.api('/api/collection-import', {
      token: carol.jwt,
      body: { fileName: 'many.txt', content: lines.join('\n') },
    });
    expect(staged.status, JSON.stringify(staged.body)).toBe(202);
    const jobId = staged.body.data.id as number;
    // killed as soon as a batch is in: the rest of the job (and maybe a batch under way) is left to the next server
    for (;;) {
      const job = await readJob(client, carol.jwt, jobId);
      if (job.done > 0) {
        await first.kill('SIGKILL');
        expect(job.done, 'the kill came after the import had ended').toBeLessThan(job.total);
        break;
      }
      await sleep(5); // a batch of 500 takes far longer
    }

    // The next server need not be a process of its own (a start costs seconds of CPU): this worker's, on the same data.
    const { dataDir, databaseUrl } = store;
    const next = await startTestServer(databaseUrl ? { dataDir, databaseUrl } : { dataDir });
    onTestFinished(() => next.close());
    const job = await follow(carol, jobId, next);
    expect(job).toMatchObject({ status: 'done', total: URLS + URLS / 10, added: URLS, merged: URLS / 10, skipped: 0 });
    const res = await next.api(`/api/filter-search?${new URLSearchParams({ q: 'site:many.test', perPage: '1' })}`, {
      token: carol.jwt,
    });
    // a gem made twice (a batch redone after the kill, or a repeat not merged) would count more than URLS
    expect(searchResultSchema.parse(res.body).total).toBe(URLS);
  }, 300_000);
});
