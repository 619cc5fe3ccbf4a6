import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { mediaTypes } from '../../lib/api/contract';
import { searchKinds } from '../../lib/search/ast';
import { parseSearch } from '../../lib/search/parse';
import { selectRows } from '../../server/db/rows';
import { NOT_SAVE_TYPES } from '../../server/db/schema';
import { workOneImportBatch } from '../../server/features/imports/worker';
import { compileSearch } from '../../server/features/search/compile';
import { compileSearchFor } from '../../server/features/search/compile-for';
import { NO_NAMED_IDS, nameKey, readQueryNames } from '../../server/features/search/query-names';
import { readerReach } from '../../server/features/sharing/access';
import { type Session, setupInProcessApp } from './harness';

/**
 * What the planner is given to plan a search: which tags and collections a query's words, `tag:` and `collection:`
 * name, read before the search is compiled (server/features/search/query-names.ts; the golden suite,
 * search-golden.test.ts, checks the gems they then find), the branches of the compiled statement, and a gem's kind.
 */

const app = setupInProcessApp();

let ada: Session;
const tags: Record<string, number> = {};
const collections: Record<string, number> = {};

async function makeTag(session: Session, name: string, parentId?: number) {
  const res = await app.client.api('/api/tags', { token: session.jwt, body: { data: { tag: name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

beforeAll(async () => {
  ada = await app.client.signUp('ada');
  const bob = await app.client.signUp('bob');
  tags.food = await makeTag(ada, 'food');
  tags.vegan = await makeTag(ada, 'vegan', tags.food);
  tags.musicOne = await makeTag(ada, 'music-one');
  tags.readLater = await makeTag(ada, 'Read later');
  await makeTag(bob, 'vegetables');
  collections.recipes = await makeCollection(ada, 'Recipes');
  collections.desserts = await makeCollection(ada, 'Desserts', collections.recipes);
  collections.recipesOld = await makeCollection(ada, 'Recipes old');
  await makeCollection(bob, 'Recipes');
});

async function makeCollection(session: Session, name: string, parentId?: number) {
  const res = await app.client.api('/api/collections', { token: session.jwt, body: { data: { name, parentId } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

const named = (words: Parameters<typeof readQueryNames>[2]) =>
  readQueryNames(app.database.db, ada.user.id, words).then((found) =>
    Object.fromEntries(words.map((w) => [nameKey(w), found.get(nameKey(w)) ?? []])),
  );

type Tx = Parameters<Parameters<typeof app.database.db.transaction>[0]>[0];

/** The plan of the statement `prepare` returns, after it has changed what it likes in a transaction then rolled back. */
async function planRolledBack(prepare: (tx: Tx) => Promise<SQL>): Promise<string> {
  let plan = '';
  await app.database.db
    .transaction(async (tx) => {
      const statement = await prepare(tx);
      const rows = await selectRows<Record<string, string>>(tx, sql`EXPLAIN ${statement}`);
      plan = rows.map((row) => String(Object.values(row)[0])).join('\n');
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return plan;
}

describe('the tags and collections a query names', () => {
  it('by its own name or a parent’s, stemmed, as a prefix or a phrase; never another user’s tags', async () => {
    expect(
      await named([
        { text: 'vegan', form: 'plain' },
        { text: 'foods', form: 'plain' },
        { text: 'veg', form: 'prefix' },
        { text: 'one', form: 'plain' },
        { text: 'read later', form: 'phrase' },
        { text: 'later read', form: 'phrase' },
        { text: 'nosuch', form: 'plain' },
      ]),
    ).toEqual({
      'plain:vegan': [tags.vegan],
      'plain:foods': [tags.food, tags.vegan],
      'prefix:veg': [tags.vegan],
      'plain:one': [tags.musicOne],
      'phrase:read later': [tags.readLater],
      'phrase:later read': [],
      'plain:nosuch': [],
    });
  });

  it('a `tag:` path names the tags holding it as whole segments, and those under them', async () => {
    expect(
      await named([
        { text: 'food', form: 'tag' },
        { text: 'vegan', form: 'tag' },
        { text: 'food/vegan', form: 'tag' },
        { text: 'foo', form: 'tag' },
        { text: 'vegetables', form: 'tag' },
      ]),
    ).toEqual({
      'tag:food': [tags.food, tags.vegan],
      'tag:vegan': [tags.vegan],
      'tag:food/vegan': [tags.vegan],
      'tag:foo': [],
      'tag:vegetables': [],
    });
  });

  it('a `collection:` path names that collection from the top and those under it, never another user’s', async () => {
    expect(
      await named([
        { text: 'recipes', form: 'collection' },
        { text: 'recipes/desserts', form: 'collection' },
        { text: 'desserts', form: 'collection' },
        { text: 'recipes old', form: 'collection' },
      ]),
    ).toEqual({
      'collection:recipes': [collections.recipes, collections.desserts],
      'collection:recipes/desserts': [collections.desserts],
      'collection:desserts': [],
      'collection:recipes old': [collections.recipesOld],
    });
  });

  it('a query without words reads nothing', async () => {
    expect((await readQueryNames(app.database.db, ada.user.id, [])).size).toBe(0);
  });
});

describe('the compiled search', () => {
  const compiled = (text: string, found = NO_NAMED_IDS) => {
    const parsed = parseSearch(text);
    if (!parsed.ok) throw new Error(text);
    return compileSearch(parsed.query, ada.user.id, { named: found });
  };

  it('lists the words whose tags it looks up, the last one as a prefix', () => {
    expect(compiled('"read later" vegan recip').names).toEqual([
      { text: 'read later', form: 'phrase' },
      { text: 'vegan', form: 'plain' },
      { text: 'recip', form: 'prefix' },
    ]);
  });

  it('has a branch for the tags a word names, and none when it names none', () => {
    // "use": in the document only (three letters are no substring); "vegan": the document (with the pieces of title
    // and address words, migration 0059) or, as the only word, a title word with a typo
    expect(compiled('use').branches).toHaveLength(1);
    expect(compiled('vegan').branches).toHaveLength(2);
    const named = new Map([[nameKey({ text: 'vegan', form: 'prefix' }), [tags.vegan as number]]]);
    expect(compiled('vegan', named).branches).toHaveLength(3);
    expect(compiled('use vegan', named).branches).toHaveLength(2);
    expect(compiled('use use').branches).toHaveLength(1);
  });

  it('finds a word of letters and digits inside title and address words by the document, another by the trigram indexes', () => {
    expect(compiled('use vegan').branches).toHaveLength(1);
    // "node.js" is no piece of a word: a branch of its own reads the titles and addresses that hold it
    expect(compiled('use node.js').branches).toHaveLength(2);
    expect(compiled('use abcdefghijklmnopqrstuvwxyz').branches).toHaveLength(2);
  });

  it('writes the tag ids a `tag:` names into the statement, and matches nothing for a tag that does not exist', () => {
    expect(compiled('tag:food').names).toEqual([{ text: 'food', form: 'tag' }]);
    const named = new Map([[nameKey({ text: 'food', form: 'tag' }), [tags.food, tags.vegan] as number[]]]);
    const statement = (text: string, found = NO_NAMED_IDS) =>
      new PgDialect().sqlToQuery(compiled(text, found).where).sql;
    expect(statement('tag:food', named)).toContain(`g.tag_ids && '{${tags.food},${tags.vegan}}'::int[]`);
    expect(statement('tag:food')).toMatch(/ AND false$/);
  });
});

describe('the search’s GIN indexes (migration 0060)', () => {
  it('only the document’s leads with the owner: none offers a user’s every gem to check the words on', async () => {
    const rows = await selectRows<{ name: string; definition: string }>(
      app.database.db,
      sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
        WHERE tablename = 'gems' AND indexdef LIKE '% USING gin %' ORDER BY indexname`,
    );
    const ownerLed = rows.filter((row) => /USING gin \(owner_id\b/.test(row.definition)).map((row) => row.name);
    expect(ownerLed).toEqual(['gems_owner_kind_doc_idx']);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['gems_title_trgm_idx', 'gems_url_trgm_idx', 'gems_owner_kind_doc_idx']),
    );
  });
});

describe('the host index (migration 0061)', () => {
  it('holds only gems with a host, so that it offers no user’s every gem; a `site:` query reads it', async () => {
    const [index] = await selectRows<{ definition: string }>(
      app.database.db,
      sql`SELECT indexdef AS definition FROM pg_indexes WHERE indexname = 'gems_owner_rhost_idx'`,
    );
    expect(index?.definition).toMatch(/ WHERE \(url_host <> ''::text\)$/);
    const parsed = parseSearch('site:example.com');
    if (!parsed.ok) throw new Error('site:example.com');
    const reach = await readerReach(app.database.db, ada.user.id);
    const { where } = compileSearch(parsed.query, ada.user.id, { named: NO_NAMED_IDS, reach });
    // usable: the planner takes it when the gems' other indexes are gone (in a transaction rolled back) and a whole
    // read is ruled out
    const plan = await planRolledBack(async (tx) => {
      const others = await selectRows<{ name: string }>(
        tx,
        sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'gems' AND indexname <> 'gems_owner_rhost_idx'
          AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = 'gems'::regclass)`,
      );
      for (const { name } of others) await tx.execute(sql.raw(`DROP INDEX "${name}"`));
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      return sql`SELECT g.id FROM gems g WHERE ${where}`;
    });
    expect(plan).toContain('gems_owner_rhost_idx');
  });
});

describe('a row left to check, costed as its document’s read (migration 0062)', () => {
  it('a word query beside a large collection reads the words’ index AND the collection, not the collection’s every gem with the words checked on each', async () => {
    const parsed = parseSearch('alpha beta collection:Recipes');
    if (!parsed.ok) throw new Error('alpha beta collection:Recipes');
    const reach = await readerReach(app.database.db, ada.user.id);
    const { where } = await compileSearchFor(app.database.db, parsed.query, ada.user.id, { reach });
    // 2,000 gems, half of them in Recipes, the words in every one's page text: the collection's 1,000 gems checked one
    // by one were costed below the words' index until each row left to check was costed as its document's read
    const plan = await planRolledBack(async (tx) => {
      await tx.execute(sql`
        INSERT INTO gems (owner_id, collection_id, title, url, canonical_url, media_type, text)
        SELECT ${ada.user.id}::int, CASE WHEN i % 2 = 0 THEN ${collections.recipes}::int ELSE ${collections.recipesOld}::int END, 'Gem ' || i,
          'https://plan.example/' || i, 'https://plan.example/' || i, 'Article', repeat('alpha beta gamma delta ', 40) || i
        FROM generate_series(1, 2000) i`);
      await tx.execute(sql`ANALYZE gems`);
      return sql`SELECT g.id FROM gems g WHERE ${where}`;
    });
    expect(plan).toContain('gems_owner_kind_doc_idx');
    expect(plan).not.toMatch(/Filter: .*search_doc @@/);
  });
});

describe('a gem’s kind (trove_gem_kind, migration 0055)', () => {
  it('names the kind `type:` accepts for every media type a save can have, and none for the others', async () => {
    const rows = await selectRows<{ type: string; kind: string | null }>(
      app.database.db,
      sql`SELECT t AS type, trove_gem_kind(t) AS kind
        FROM unnest(string_to_array(${mediaTypes.join(',')}, ',')) WITH ORDINALITY AS u(t, n) ORDER BY n`,
    );
    const kinds: Record<string, string> = { Article: 'article', Blog: 'article', Page: 'article', PDF: 'pdf' };
    const expected = mediaTypes.map((type) => ({
      type,
      kind: NOT_SAVE_TYPES.includes(type) ? null : (kinds[type] ?? type.toLowerCase()),
    }));
    expect(rows).toEqual(expected);
    expect(new Set(rows.flatMap((row) => row.kind ?? []))).toEqual(new Set(searchKinds));
  });
});

describe('a gem’s tag ids (gems.tag_ids, migration 0056), kept from gem_tags by its triggers', () => {
  const tagIdsOf = async (gemId: number) =>
    (await selectRows<{ ids: number[] }>(app.database.db, sql`SELECT tag_ids AS ids FROM gems WHERE id = ${gemId}`))[0]
      ?.ids ?? null;
  const ascending = (...ids: (number | undefined)[]) => ids.map(Number).sort((a, b) => a - b);

  it('follow a save with tags, an edit, rows added, moved and deleted, and a tag deleted with its gems’ rows', async () => {
    const token = ada.jwt;
    const saved = await app.client.api('/api/gems', {
      token,
      body: { data: { title: 'Tagged', url: 'https://example.com/tagged', tags: [tags.vegan, tags.food] } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = saved.body.data.id as number;
    expect(await tagIdsOf(id)).toEqual(ascending(tags.food, tags.vegan));

    const edited = await app.client.api(`/api/gems/${id}`, {
      method: 'PUT',
      token,
      body: { data: { tags: [tags.musicOne] } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await tagIdsOf(id)).toEqual([tags.musicOne]);

    const db = app.database.db;
    await db.execute(sql`INSERT INTO gem_tags (gem_id, tag_id) VALUES (${id}, ${tags.readLater})`);
    expect(await tagIdsOf(id)).toEqual(ascending(tags.musicOne, tags.readLater));
    // a merge moves rows from one tag to another
    await db.execute(sql`UPDATE gem_tags SET tag_id = ${tags.food} WHERE gem_id = ${id} AND tag_id = ${tags.musicOne}`);
    expect(await tagIdsOf(id)).toEqual(ascending(tags.food, tags.readLater));
    await db.execute(sql`DELETE FROM gem_tags WHERE gem_id = ${id} AND tag_id = ${tags.food}`);
    expect(await tagIdsOf(id)).toEqual([tags.readLater]);

    const doomed = await makeTag(ada, 'doomed');
    await db.execute(sql`INSERT INTO gem_tags (gem_id, tag_id) VALUES (${id}, ${doomed})`);
    const deleted = await app.client.api(`/api/tags/${doomed}`, { method: 'DELETE', token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    expect(await tagIdsOf(id)).toEqual([tags.readLater]);

    // and every gem's copy equals gem_tags
    const [counted] = await selectRows<{ stale: number }>(
      db,
      sql`SELECT count(*)::int AS stale FROM gems g WHERE g.tag_ids <>
        (SELECT coalesce(array_agg(tag_id ORDER BY tag_id), '{}') FROM gem_tags WHERE gem_id = g.id)`,
    );
    expect(counted?.stale).toBe(0);
  });

  it('an import writes each new gem’s row once, its tag ids in it (no second write by the triggers)', async () => {
    const db = app.database.db;
    // Every update of a gem's row during the import, recorded by a trigger of the test's own.
    await db.execute(sql`CREATE TABLE gem_row_updates (gem_id int)`);
    await db.execute(sql`CREATE FUNCTION record_gem_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO gem_row_updates VALUES (NEW.id); RETURN NULL; END $$`);
    await db.execute(sql`CREATE TRIGGER record_gem_update AFTER UPDATE ON gems
      FOR EACH ROW EXECUTE FUNCTION record_gem_update()`);
    onTestFinished(async () => {
      await db.execute(sql`DROP TRIGGER record_gem_update ON gems`);
      await db.execute(sql`DROP FUNCTION record_gem_update()`);
      await db.execute(sql`DROP TABLE gem_row_updates`);
    });
    const bookmark = (url: string, tags: string) => `<DT><A HREF="${url}" TAGS="${tags}">${url}</A>`;
    const content = [
      '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
      '<DL><p>',
      bookmark('https://import.test/one', 'food,Garden/Roses,brand-new'),
      bookmark('https://import.test/two', 'VEGAN'),
      bookmark('https://import.test/three', ''),
      '</DL><p>',
    ].join('\n');
    const posted = await app.client.api('/api/collection-import', {
      token: ada.jwt,
      body: { fileName: 'tags.html', content },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(202);
    while (await workOneImportBatch(db)) {}

    const rows = await selectRows<{ url: string; ids: number[]; linked: number[] }>(
      db,
      sql`SELECT g.url, g.tag_ids AS ids, trove_gem_tag_ids_of(g.id) AS linked FROM gems g
        WHERE g.url LIKE 'https://import.test/%' ORDER BY g.url`,
    );
    expect(rows.map((row) => [row.url, row.ids.length])).toEqual([
      ['https://import.test/one', 3],
      ['https://import.test/three', 0],
      ['https://import.test/two', 1],
    ]);
    for (const row of rows) expect(row.ids).toEqual(row.linked);
    expect(rows[2]?.ids).toEqual([tags.vegan]);
    expect(await selectRows(db, sql`SELECT gem_id FROM gem_row_updates`)).toEqual([]);
  });
});
