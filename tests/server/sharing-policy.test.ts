import { beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema } from '../../lib/api/search-contract';
import { type ApiResponse, gemBody, type Session, setupTestServer } from './harness';

/**
 * Who may do what to shared things, as ONE table (MATRIX) of action × resource state × who asks, each cell run
 * against the real server (server/features/sharing/access.ts is the rule under test). One server and database for
 * the file; the server-postgres project runs it on PostgreSQL too.
 *
 * The owner shares collection C (with sub-collections Sub, which follows C's shares, and Private, set not to) and tag
 * T (carried by gems of Other, a collection not shared) with the same people in the same roles. Cells:
 * Y allowed (2xx, and the gem is in the answer), F refused with 403 (they can read it, the role does not let them),
 * N not theirs (404, or the gem is not in the answer).
 */

const WHO = [
  'owner',
  'admin',
  'editor',
  'contributor',
  'viewer',
  'pending',
  'declined',
  'removed',
  'stranger',
] as const;
type Who = (typeof WHO)[number];
type State = 'collection' | 'subCollection' | 'subNoInherit' | 'tag' | 'gem' | 'addedGem' | 'trashedGem';
type Action = 'read' | 'list' | 'search' | 'edit' | 'delete' | 'add' | 'manage' | 'export';

// biome-ignore format: the table is read as a table
const MATRIX: [Action, State, string][] = [
  //                                owner admin editor contrib viewer pending declined removed stranger
  ['read',   'collection',   'Y Y Y Y Y N N N N'],
  ['read',   'subCollection','Y Y Y Y Y N N N N'],
  ['read',   'subNoInherit', 'Y N N N N N N N N'],
  ['read',   'tag',          'Y Y Y Y Y N N N N'],
  ['read',   'gem',          'Y Y Y Y Y N N N N'],
  ['read',   'addedGem',     'Y Y Y Y Y N N N N'],
  ['read',   'trashedGem',   'N N N N N N N N N'],
  ['list',   'collection',   'Y Y Y Y Y N N N N'],
  ['list',   'subCollection','Y Y Y Y Y N N N N'],
  ['list',   'subNoInherit', 'Y N N N N N N N N'],
  ['list',   'tag',          'Y Y Y Y Y N N N N'],
  ['list',   'gem',          'Y Y Y Y Y N N N N'],
  ['list',   'addedGem',     'Y Y Y Y Y N N N N'],
  ['list',   'trashedGem',   'N N N N N N N N N'],
  ['search', 'collection',   'Y Y Y Y Y N N N N'],
  ['search', 'subCollection','Y Y Y Y Y N N N N'],
  ['search', 'subNoInherit', 'Y N N N N N N N N'],
  ['search', 'tag',          'Y Y Y Y Y N N N N'],
  ['search', 'gem',          'Y Y Y Y Y N N N N'],
  ['search', 'addedGem',     'Y Y Y Y Y N N N N'],
  ['search', 'trashedGem',   'N N N N N N N N N'],
  ['edit',   'collection',   'Y Y Y F F N N N N'],
  ['edit',   'subCollection','Y Y Y F F N N N N'],
  ['edit',   'subNoInherit', 'Y N N N N N N N N'],
  ['edit',   'tag',          'Y Y Y F F N N N N'],
  ['edit',   'gem',          'Y Y Y F F N N N N'],
  ['edit',   'addedGem',     'Y Y Y Y F N N N N'],
  ['edit',   'trashedGem',   'N N N N N N N N N'],
  ['delete', 'collection',   'Y Y Y F F N N N N'],
  ['delete', 'subCollection','Y Y Y F F N N N N'],
  ['delete', 'subNoInherit', 'Y N N N N N N N N'],
  ['delete', 'tag',          'Y Y Y F F N N N N'],
  ['delete', 'gem',          'Y Y Y F F N N N N'],
  ['delete', 'addedGem',     'Y Y Y Y F N N N N'],
  ['delete', 'trashedGem',   'N N N N N N N N N'],
  ['add',    'collection',   'Y Y Y Y F N N N N'],
  ['add',    'subCollection','Y Y Y Y F N N N N'],
  ['add',    'subNoInherit', 'Y N N N N N N N N'],
  ['manage', 'collection',   'Y Y F F F N N N N'],
  ['manage', 'subCollection','Y Y F F F N N N N'],
  ['manage', 'subNoInherit', 'Y N N N N N N N N'],
  ['manage', 'tag',          'Y Y F F F N N N N'],
  ['export', 'collection',   'Y Y Y Y Y N N N N'],
  ['export', 'subCollection','Y Y Y Y Y N N N N'],
  ['export', 'subNoInherit', 'Y N N N N N N N N'],
];

const CASES = MATRIX.flatMap(([action, state, row]) =>
  row.split(' ').map((cell, i) => ({ action, state, who: WHO[i] as Who, expected: cell as 'Y' | 'F' | 'N' })),
);

const t = setupTestServer();
const people = {} as Record<Who, Session>;
/** The container of each state (a collection id, or the tag's) and the gem each state's cells are about. */
const where = {} as Record<State, { collectionId: number; tagId?: number; gemId: number; word: string }>;
const ids = { c: 0, sub: 0, priv: 0, other: 0, tag: 0 };

async function ok(res: Promise<ApiResponse>, status = 200) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body;
}

const as = (who: Who) => people[who].jwt;

async function saveGem(who: Who, data: Record<string, unknown>) {
  return (await ok(t.api('/api/gems', { token: as(who), body: gemBody(data) }), 201)).data.id as number;
}

/** A gem in a state's place, for a cell that changes it (delete): by its owner, or by the contributor. */
async function freshGem(state: State, word: string): Promise<number> {
  const place = where[state];
  const by: Who = state === 'addedGem' ? 'contributor' : 'owner';
  const id = await saveGem(by, {
    title: `Fresh ${word}`,
    collectionId: place.collectionId,
    ...(state === 'tag' ? { tags: [ids.tag] } : {}),
  });
  if (state === 'trashedGem') await ok(t.api(`/api/gems/${id}`, { method: 'DELETE', token: as('owner') }));
  return id;
}

async function invite(kind: 'collection' | 'tag', id: number, who: Who, role: string) {
  const path = kind === 'collection' ? `/api/collection-email/${id}` : `/api/tags/${id}/shares`;
  const body = { data: { username: people[who].user.username, role } };
  return (await ok(t.api(path, { token: as('owner'), body }), 201)).data.id as number;
}

beforeAll(async () => {
  for (const who of WHO) people[who] = await t.signUp(who.slice(0, 6));
  const collection = async (name: string, parentId?: number) =>
    (await ok(t.api('/api/collections', { token: as('owner'), body: { data: { name, parentId } } }), 201)).data
      .id as number;
  ids.c = await collection('Shared');
  ids.sub = await collection('Sub', ids.c);
  ids.priv = await collection('Private', ids.c);
  ids.other = await collection('Other');
  await ok(
    t.api(`/api/collections/${ids.priv}/shares-inherit`, {
      method: 'PUT',
      token: as('owner'),
      body: { data: { inherit: false } },
    }),
  );
  ids.tag = (await ok(t.api('/api/tags', { token: as('owner'), body: { data: { tag: 'shared-tag' } } }), 201)).data.id;

  const roles: [Who, string][] = [
    ['admin', 'admin'],
    ['editor', 'editor'],
    ['contributor', 'contributor'],
    ['viewer', 'viewer'],
    ['pending', 'viewer'],
    ['declined', 'editor'],
    ['removed', 'editor'],
  ];
  for (const [kind, id] of [
    ['collection', ids.c],
    ['tag', ids.tag],
  ] as const) {
    for (const [who, role] of roles) {
      const shareId = await invite(kind, id, who, role);
      if (who === 'pending') continue;
      const answer = who === 'declined' ? 'decline' : 'accept';
      await ok(t.api(`/api/shares/${shareId}/${answer}`, { method: 'POST', token: as(who) }));
      if (who === 'removed') await ok(t.api(`/api/shares/${shareId}`, { method: 'DELETE', token: as('owner') }));
    }
  }

  const place = async (state: State, collectionId: number, by: Who = 'owner', extra: Record<string, unknown> = {}) => {
    const word = `quoll${state.toLowerCase()}`;
    const gemId = await saveGem(by, { title: `The ${word}`, collectionId, ...extra });
    where[state] = { collectionId, gemId, word };
  };
  await place('collection', ids.c);
  await place('subCollection', ids.sub);
  await place('subNoInherit', ids.priv);
  await place('tag', ids.other, 'owner', { tags: [ids.tag] });
  where.tag.tagId = ids.tag;
  await place('gem', ids.c);
  await place('addedGem', ids.c, 'contributor');
  await place('trashedGem', ids.c);
  await ok(t.api(`/api/gems/${where.trashedGem.gemId}`, { method: 'DELETE', token: as('owner') }));
});

/** The cell's request and whether it did the action (true), was refused with 403 ('F') or found nothing (false). */
async function attempt(action: Action, state: State, who: Who): Promise<boolean | 'F'> {
  const token = as(who);
  const place = where[state];
  const byStatus = (res: ApiResponse, done = 200) => {
    if (res.status === done) return true;
    if (res.status === 403) return 'F' as const;
    expect(res.status, JSON.stringify(res.body)).toBe(404);
    return false;
  };
  const found = (res: ApiResponse, gemId: number) => {
    if (res.status === 404) return false;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return searchResultSchema.parse(res.body).data.some((gem) => gem.id === gemId);
  };
  switch (action) {
    case 'read':
      return byStatus(await t.api(`/api/gems/${place.gemId}`, { token }));
    case 'list': {
      const scope = place.tagId ? `tagId=${place.tagId}` : `collectionId=${place.collectionId}`;
      return found(await t.api(`/api/filter-search?${scope}&perPage=100`, { token }), place.gemId);
    }
    case 'search':
      return found(await t.api(`/api/filter-search?q=${place.word}&perPage=100`, { token }), place.gemId);
    case 'edit': {
      const res = await t.api(`/api/gems/${place.gemId}`, {
        method: 'PUT',
        token,
        body: { data: { description: `edited by ${who}` } },
      });
      return byStatus(res);
    }
    case 'delete': {
      const gemId = await freshGem(state, `${action}${who}`);
      const res = await t.api(`/api/gems/${gemId}`, { method: 'DELETE', token });
      const outcome = byStatus(res);
      // what a refusal leaves is still there for its owner; what was done is in the owner's trash
      const after = await t.api(`/api/gems/${gemId}`, { token: as('owner') });
      expect(after.status).toBe(outcome === true || state === 'trashedGem' ? 404 : 200);
      return outcome;
    }
    case 'add': {
      const res = await t.api('/api/gems', {
        token,
        body: gemBody({
          title: `Added by ${who}`,
          url: `https://example.com/${who}/${state}`,
          collectionId: place.collectionId,
        }),
      });
      const outcome = byStatus(res, 201);
      if (outcome === true) {
        // the gem is the owner's, in the owner's collection, and the adder can still read it
        expect(res.body.data.author.id).toBe(people.owner.user.id);
        expect((await t.api(`/api/gems/${res.body.data.id}`, { token: as('owner') })).status).toBe(200);
      }
      return outcome;
    }
    case 'manage': {
      const path = place.tagId ? `/api/tags/${place.tagId}/shares` : `/api/collections/${place.collectionId}/shares`;
      return byStatus(await t.api(path, { token }));
    }
    case 'export': {
      const res = await fetch(`${t.url}/api/collection-export/${place.collectionId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ format: 'trove-json' }),
      });
      const text = await res.text();
      if (res.status === 404) return false;
      expect(res.status, text).toBe(200);
      // the state's own gem is in it; a private sub-collection's never is, unless the owner exports
      if (who !== 'owner') expect(text).not.toContain(where.subNoInherit.word);
      return text.includes(place.word);
    }
  }
}

describe('the sharing policy matrix', () => {
  it('has more than 150 cases, every cell of the table', () => {
    expect(CASES.length).toBe(MATRIX.length * WHO.length);
    expect(CASES.length).toBeGreaterThan(150);
  });

  it.each(CASES)('$action · $state · $who → $expected', async ({ action, state, who, expected }) => {
    const outcome = await attempt(action, state, who);
    expect(outcome).toBe(expected === 'Y' ? true : expected === 'F' ? 'F' : false);
  });
});
