import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSearch } from '../../lib/search/parse';
import { compileSearch } from '../../server/features/search/compile';
import { NO_WORD_TAGS, readWordTags, tagWordKey } from '../../server/features/search/word-tags';
import { type Session, setupInProcessApp } from './harness';

/**
 * What the planner is given to plan a search: which tags a query's words name, read before the search is compiled
 * (server/features/search/word-tags.ts; the golden suite, search-golden.test.ts, checks the gems such words then
 * find), and the branches of the compiled statement.
 */

const app = setupInProcessApp();

let ada: Session;
const tags: Record<string, number> = {};

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
});

const wordTags = (words: Parameters<typeof readWordTags>[2]) =>
  readWordTags(app.database.db, ada.user.id, words).then((found) =>
    Object.fromEntries(words.map((w) => [tagWordKey(w), found.get(tagWordKey(w)) ?? []])),
  );

describe('the tags a word names', () => {
  it('by its own name or a parent’s, stemmed, as a prefix or a phrase; never another user’s tags', async () => {
    expect(
      await wordTags([
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
      await wordTags([
        { text: 'food', form: 'path' },
        { text: 'vegan', form: 'path' },
        { text: 'food/vegan', form: 'path' },
        { text: 'foo', form: 'path' },
        { text: 'vegetables', form: 'path' },
      ]),
    ).toEqual({
      'path:food': [tags.food, tags.vegan],
      'path:vegan': [tags.vegan],
      'path:food/vegan': [tags.vegan],
      'path:foo': [],
      'path:vegetables': [],
    });
  });

  it('a query without words reads nothing', async () => {
    expect((await readWordTags(app.database.db, ada.user.id, [])).size).toBe(0);
  });
});

describe('the compiled search', () => {
  const compiled = (text: string, found = NO_WORD_TAGS) => {
    const parsed = parseSearch(text);
    if (!parsed.ok) throw new Error(text);
    return compileSearch(parsed.query, ada.user.id, { wordTags: found });
  };

  it('lists the words whose tags it looks up, the last one as a prefix', () => {
    expect(compiled('"read later" vegan recip').tagWords).toEqual([
      { text: 'read later', form: 'phrase' },
      { text: 'vegan', form: 'plain' },
      { text: 'recip', form: 'prefix' },
    ]);
  });

  it('has a branch for the tags a word names, and none when it names none', () => {
    // "use": in the document only (three letters are no substring); "vegan": the document or a substring
    expect(compiled('use').branches).toHaveLength(1);
    expect(compiled('vegan').branches).toHaveLength(2);
    const named = new Map([[tagWordKey({ text: 'vegan', form: 'prefix' }), [tags.vegan as number]]]);
    expect(compiled('vegan', named).branches).toHaveLength(3);
    expect(compiled('use vegan', named).branches).toHaveLength(3);
    expect(compiled('use use').branches).toHaveLength(1);
  });

  it('writes the tag ids a `tag:` names into the statement, and matches nothing for a tag that does not exist', () => {
    expect(compiled('tag:food').tagWords).toEqual([{ text: 'food', form: 'path' }]);
    const named = new Map([[tagWordKey({ text: 'food', form: 'path' }), [tags.food, tags.vegan] as number[]]]);
    const statement = (text: string, found = NO_WORD_TAGS) =>
      new PgDialect().sqlToQuery(compiled(text, found).where).sql;
    expect(statement('tag:food', named)).toContain(`gt.tag_id = ANY('{${tags.food},${tags.vegan}}'::int[])`);
    expect(statement('tag:food')).toMatch(/ AND false$/);
  });
});
