/**
 * Exports (POST /api/library-export, POST /api/collection-export/{id}) and their way back: a library with every kind
 * of content exported as Trove JSON and imported into a fresh account comes back field by field (ids aside); the
 * bookmarks HTML comes back on the fields it carries; the CSV and the Markdown zip say what they should; a collection
 * export holds only its part; another user's collection is a 404.
 */
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { type TroveExport, troveExportSchema } from '../../lib/api/export-contract';
import { type ImportJob, importJobSchema } from '../../lib/api/import-contract';
import { readImportFile } from '../../server/features/imports/formats/detect';
import { chatUser, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

let adaToken: string;
const ids: Record<string, number> = {};

async function ok(path: string, body: unknown, method?: 'PUT' | 'POST' | 'DELETE', token = adaToken) {
  const res = await t.api(path, { token, body, ...(method ? { method } : {}) });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/** The export's raw answer (the client's `api` parses JSON; the zip needs its bytes). */
async function exportFile(token: string, path: string, format: string) {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ format }),
  });
  return res;
}

async function troveOf(token: string, path = '/api/library-export'): Promise<{ text: string; doc: TroveExport }> {
  const res = await exportFile(token, path, 'trove-json');
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, doc: troveExportSchema.parse(JSON.parse(text)) };
}

async function importInto(token: string, content: string, fileName: string): Promise<ImportJob> {
  const res = await t.api('/api/collection-import', { token, body: { fileName, content } });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = dataOf(importJobSchema).parse(res.body).data.id;
  for (;;) {
    const job = dataOf(importJobSchema).parse((await t.api(`/api/imports/${id}`, { token })).body).data;
    if (job.status !== 'queued' && job.status !== 'running') return job;
  }
}

/**
 * A Trove export with its ids replaced by what they name (collection paths, tag paths), in a stable order, without
 * what differs between two accounts by design: the export's own id and time, and the accounts' own Unfiltered and
 * AI Chats collections' dates. A gem's idempotency key is left out too: one saved without a key is keyed on import
 * by the export's id and its own, so that importing the file again adds nothing.
 */
function normalised(doc: TroveExport) {
  const byId = <T extends { id: number; parentId: number | null; name: string }>(rows: T[]) => {
    const map = new Map(rows.map((r) => [r.id, r]));
    const path = (id: number | null): string => {
      const row = id === null ? undefined : map.get(id);
      return row ? `${row.parentId === null ? '' : `${path(row.parentId)}/`}${row.name}` : '';
    };
    return path;
  };
  const collectionPath = byId(doc.collections);
  const tagPath = byId(doc.tags);
  const sorted = <T>(rows: T[], key: (row: T) => string) => [...rows].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    collections: sorted(
      doc.collections.map(({ id, parentId: _, ...c }) => ({
        ...c,
        path: collectionPath(id),
        ...(c.role ? { createdAt: 'own', updatedAt: 'own' } : {}),
      })),
      (c) => c.path,
    ),
    tags: sorted(
      doc.tags.map(({ id, parentId: _, ...tag }) => ({ ...tag, path: tagPath(id) })),
      (tag) => tag.path,
    ),
    savedSearches: sorted(doc.savedSearches, (s) => s.name),
    gems: sorted(
      doc.gems.map(({ id: _, idempotencyKey: __, collectionId, tagIds, ...gem }) => ({
        ...gem,
        collection: collectionPath(collectionId),
        tags: tagIds.map(tagPath).sort(),
      })),
      (g) => `${g.createdAt} ${g.mediaType} ${g.title}`,
    ),
  };
}

beforeAll(async () => {
  const user = await chatUser(t, fake);
  adaToken = user.token;
  const made = async (path: string, data: unknown) => ((await ok(path, { data })) as { data: { id: number } }).data.id;
  ids.recipes = await made('/api/collections', { name: 'Recipes' });
  ids.desserts = await made('/api/collections', { name: 'Desserts', parentId: ids.recipes });
  ids.frozen = await made('/api/collections', { name: 'Frozen, "for later"', parentId: ids.desserts });
  ids.work = await made('/api/collections', { name: 'Work' });
  ids.sweet = await made('/api/tags', { tag: 'food/sweet' });
  ids.reading = await made('/api/tags', { tag: 'reading' });
  await ok('/api/tag-colors', { data: [{ id: ids.reading, color: '#aa3300' }] }, 'PUT');

  ids.pavlova = await made('/api/gems', {
    title: 'Pavlova <the best>',
    url: 'https://recipes.test/pavlova',
    description: 'Meringue, cream & fruit',
    collectionId: ids.desserts,
    tags: ['food/sweet', 'reading'],
    text: 'Whisk the whites.\nBake low and slow.',
  });
  ids.sorbet = await made('/api/gems', {
    title: 'Sorbet',
    url: 'https://recipes.test/sorbet',
    collectionId: ids.desserts,
  });
  // a quote of the pavlova page: the same address, another gem (an import must not merge it away)
  ids.quote = await made('/api/gems', {
    title: 'On meringue',
    url: 'https://recipes.test/pavlova',
    media_type: 'Quote',
    description: 'Meringue is patience.',
    collectionId: ids.desserts,
  });
  ids.report = await made('/api/gems', { title: 'Q3 report', url: 'https://work.test/q3', collectionId: ids.work });
  ids.loose = await made('/api/gems', { title: 'Loose page', url: 'https://loose.test/', tags: ['reading'] });
  await ok(
    '/api/edit-bookmarks',
    { bookmarks: [{ id: ids.pavlova, notes: 'Grandma’s, with passion fruit', isFavourite: true }] },
    'PUT',
  );
  await ok(`/api/gems/${ids.sorbet}/position`, { before: ids.pavlova }, 'PUT');
  await ok(`/api/gems/${ids.report}`, undefined, 'DELETE');
  await made('/api/saved-searches', { name: 'Sweet favourites', query: '#food/sweet is:fav sort:title' });
  await made('/api/prompts', { title: 'Summarise', text: 'Summarise {page} in three lines.' });
  await made('/api/brand-voices', { name: 'Warm', text: 'Friendly and short.' });
  await made('/api/personas', { name: 'Editor', jobTitle: 'Editor', text: 'You edit.' });
  await made('/api/memories', { memory: 'I bake on Sundays.' });
  fake.script({ chunks: ['Whites, ', 'sugar.'] });
  await stream(t.url, `/api/chats/${user.chatId}/messages`, {
    token: adaToken,
    body: { text: 'What is in a pavlova?', modelId: user.modelId },
  });
}, 120_000);

describe('Trove JSON', () => {
  it('imported into a fresh account gives back the same library, field by field, and a second import adds nothing', async () => {
    const first = await troveOf(adaToken);
    const kinds = first.doc.gems.map((g) => g.mediaType).sort();
    expect(kinds).toEqual([
      'AIChat',
      'BrandVoice',
      'Link',
      'Link',
      'Link',
      'Link',
      'Memory',
      'Persona',
      'Prompt',
      'Quote',
    ]);
    const chat = first.doc.gems.find((g) => g.mediaType === 'AIChat');
    expect(chat?.messages.map((m) => [m.userText, m.answerText, m.status])).toEqual([
      ['What is in a pavlova?', 'Whites, sugar.', 'done'],
    ]);
    expect(first.doc.gems.find((g) => g.id === ids.report)?.deletedAt).not.toBeNull();
    expect(first.doc.gems.find((g) => g.id === ids.sorbet)?.sortKey).not.toBeNull();

    const bea = await t.signUp('bea');
    const job = await importInto(bea.jwt, first.text, 'trove-library.json');
    expect([job.status, job.format, job.added, job.merged, job.skipped]).toEqual(['done', 'trove-json', 10, 0, 0]);
    const back = await troveOf(bea.jwt);
    expect(normalised(back.doc)).toEqual(normalised(first.doc));

    const again = await importInto(bea.jwt, first.text, 'trove-library.json');
    expect([again.added, again.merged]).toEqual([0, 10]);
    expect(normalised((await troveOf(bea.jwt)).doc)).toEqual(normalised(first.doc));
  });

  it('imported back into the account it came from adds nothing (gems saved without a key are known by what they are)', async () => {
    const before = normalised((await troveOf(adaToken)).doc);
    const { text, doc } = await troveOf(adaToken);
    expect(doc.gems.filter((g) => g.idempotencyKey === null).length).toBeGreaterThan(0);
    const job = await importInto(adaToken, text, 'my-own-export.json');
    expect([job.added, job.merged, job.skipped]).toEqual([0, 10, 0]);
    expect(normalised((await troveOf(adaToken)).doc)).toEqual(before);
  });

  it('of one collection holds its sub-collections, their gems and the tags they carry', async () => {
    const { doc } = await troveOf(adaToken, `/api/collection-export/${ids.recipes}`);
    expect(doc.scope).toEqual({ kind: 'collection', id: ids.recipes });
    expect(doc.collections.map((c) => [c.name, c.parentId])).toEqual([
      ['Recipes', null],
      ['Desserts', ids.recipes],
      ['Frozen, "for later"', ids.desserts],
    ]);
    expect(doc.gems.map((g) => g.title).sort()).toEqual(['On meringue', 'Pavlova <the best>', 'Sorbet']);
    expect(doc.tags.map((tag) => [tag.name, tag.color]).sort()).toEqual([
      ['food', null],
      ['reading', '#aa3300'],
      ['sweet', null],
    ]);
    expect(doc.savedSearches).toEqual([]);
  });

  it("of another user's collection is a 404, and an unknown format a 400 naming it", async () => {
    const eve = await t.signUp('eve');
    const res = await t.api(`/api/collection-export/${ids.recipes}`, {
      token: eve.jwt,
      body: { format: 'trove-json' },
    });
    expectError(res, 404);
    expectFieldError(await t.api('/api/library-export', { token: adaToken, body: { format: 'pdf' } }), 'format');
  });

  it('of a newer version is refused, naming the version', async () => {
    const { doc } = await troveOf(adaToken);
    const res = await t.api('/api/collection-import', {
      token: adaToken,
      body: { fileName: 'future.json', content: JSON.stringify({ ...doc, version: 2 }), dryRun: true },
    });
    const error = expectError(res, 400, 'ValidationError');
    expect(error.message).toBe('This Trove export is version 2; this server reads version 1.');
  });
});

describe('Trove JSON: the chats', () => {
  it("imported into another account name that account's gems and collections in their context and citations", async () => {
    const dan = await chatUser(t, fake);
    const token = dan.token;
    const made = async (path: string, data: unknown) =>
      ((await ok(path, { data }, undefined, token)) as { data: { id: number } }).data.id;
    const shelf = await made('/api/collections', { name: 'Shelf' });
    const heron = await made('/api/gems', { title: 'Herons', url: 'https://birds.test/heron', collectionId: shelf });
    const tart = await made('/api/gems', { title: 'Tarts', url: 'https://food.test/tart', text: 'Butter and flour.' });
    const gone = await made('/api/gems', { title: 'Gone', url: 'https://gone.test/' });
    fake.script({ chunks: ['See [1] and [2].'] });
    const sent = await stream(t.url, `/api/chats/${dan.chatId}/messages`, {
      token,
      body: {
        text: 'Compare',
        modelId: dan.modelId,
        citations: true,
        context: { gemIds: [heron, tart, gone], collectionIds: [shelf] },
      },
    });
    expect(sent.status).toBe(200);
    const [asked] = await storedMessages(t, token, dan.chatId);
    expect(asked?.context.input?.gemIds).toEqual([heron, tart, gone]);
    expect(asked?.citations?.map((c) => c.id)).toEqual([heron, tart]);
    // a gem deleted for good is not in the export: its id must not come back naming some other gem
    await ok(`/api/gems/${gone}`, undefined, 'DELETE', token);
    await ok('/api/trash', undefined, 'DELETE', token);

    const { text } = await troveOf(token);
    const erin = await t.signUp('erin');
    const job = await importInto(erin.jwt, text, 'dan.json');
    expect([job.status, job.skipped]).toEqual(['done', 0]);
    const back = (await troveOf(erin.jwt)).doc;
    const idOf = (title: string) => back.gems.find((g) => g.title === title)?.id;
    const chatId = idOf('Test chat') as number;
    const newShelf = back.collections.find((c) => c.name === 'Shelf')?.id;
    expect([idOf('Herons'), idOf('Tarts'), newShelf].every((id) => id !== undefined)).toBe(true);
    expect([idOf('Herons'), idOf('Tarts'), newShelf, chatId]).not.toContain(heron);

    const [message] = await storedMessages(t, erin.jwt, chatId);
    expect(message?.context.input?.gemIds).toEqual([idOf('Herons'), idOf('Tarts')]);
    expect(message?.context.input?.collectionIds).toEqual([newShelf]);
    const gemItems = message?.context.items?.filter((i) => i.kind === 'gem' || i.kind === 'collectionGem') ?? [];
    expect(gemItems.map((i) => [i.title, i.id, i.collectionId])).toEqual(
      asked?.context.items
        ?.filter((i) => i.kind === 'gem' || i.kind === 'collectionGem')
        .map((i) => [i.title, i.title === 'Gone' ? undefined : idOf(i.title), i.collectionId && newShelf]),
    );
    expect(message?.citations?.map((c) => [c.title, c.id])).toEqual([
      ['Herons', idOf('Herons')],
      ['Tarts', idOf('Tarts')],
    ]);
  });
});

describe('bookmarks HTML', () => {
  it('names the file, and imported into a fresh account gives back the saves on the fields it carries', async () => {
    const res = await exportFile(adaToken, '/api/library-export', 'netscape-html');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="trove-library-\d{4}-\d{2}-\d{2}\.html"/,
    );
    const html = await res.text();
    expect(html.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);

    const { doc } = await troveOf(adaToken);
    const carried = (d: TroveExport) => {
      const n = normalised(d);
      const saves = n.gems.filter((g) => ['Link', 'Quote'].includes(g.mediaType) && g.deletedAt === null);
      const byUrl = new Map<string, (typeof saves)[number]>();
      for (const g of saves) if (!byUrl.has(g.url)) byUrl.set(g.url, g);
      return {
        collections: n.collections.filter((c) => !c.role).map((c) => c.path),
        saves: [...byUrl.values()]
          .map((g) => ({
            url: g.url,
            title: g.title,
            description: g.description,
            collection: g.collection,
            tags: g.tags,
            createdAt: `${g.createdAt.slice(0, 19)}`,
          }))
          .sort((a, b) => a.url.localeCompare(b.url)),
      };
    };
    const cleo = await t.signUp('cleo');
    const job = await importInto(cleo.jwt, html, 'bookmarks.html');
    // the quote shares the pavlova's address: the import merges it into that gem, as it does any repeat
    expect([job.format, job.added, job.merged]).toEqual(['netscape-html', 3, 1]);
    const back = carried((await troveOf(cleo.jwt)).doc);
    const want = carried(doc);
    // bookmarks carry whole seconds; Unfiltered's saves sit outside any folder, which the import puts in Unfiltered
    expect(back.collections).toEqual(want.collections);
    expect(back.saves).toEqual(want.saves);
  });
});

describe('CSV and Markdown', () => {
  it("writes Raindrop's columns, which the import reads back", async () => {
    const res = await exportFile(adaToken, `/api/collection-export/${ids.recipes}`, 'raindrop-csv');
    expect(res.headers.get('content-disposition')).toMatch(/filename="trove-Recipes-\d{4}-\d{2}-\d{2}\.csv"/);
    const csv = await res.text();
    expect(csv.split('\r\n')[0]).toBe('id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite');
    const parsed = readImportFile(csv);
    expect(parsed.format).toBe('raindrop-csv');
    expect(
      parsed.items
        .map((i) => [i.title, i.collection.join('/'), i.tags.join(' '), i.notes, i.isFavourite])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['On meringue', 'Recipes/Desserts', '', '', false],
      ['Pavlova <the best>', 'Recipes/Desserts', 'food/sweet reading', 'Grandma’s, with passion fruit', true],
      ['Sorbet', 'Recipes/Desserts', '', '', false],
    ]);
  });

  it('zips one Markdown file per save, in folders named as the collections, its fields as front matter', async () => {
    const res = await exportFile(adaToken, '/api/library-export', 'markdown-zip');
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      `Recipes/Desserts/On meringue-${ids.quote}.md`,
      `Recipes/Desserts/Pavlova -the best--${ids.pavlova}.md`,
      `Recipes/Desserts/Sorbet-${ids.sorbet}.md`,
      `Unfiltered/Loose page-${ids.loose}.md`,
    ]);
    const name = Object.keys(files).find((f) => f.includes('Pavlova')) as string;
    const text = new TextDecoder().decode(files[name]);
    expect(text.split('\n').slice(0, 6)).toEqual([
      '---',
      'title: "Pavlova <the best>"',
      'url: "https://recipes.test/pavlova"',
      'type: "Link"',
      'collection: "Recipes/Desserts"',
      'tags: ["food/sweet", "reading"]',
    ]);
    expect(text).toContain('## Notes\n\nGrandma’s, with passion fruit');
    expect(text).toContain('## Saved text\n\nWhisk the whites.');
  });
});
