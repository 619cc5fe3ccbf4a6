import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema } from '../../lib/api/search-contract';
import { answerText, chatUser, type SseEvent, setupFakeProvider, shape, storedMessages, stream } from './chat-helpers';
import { type ApiResponse, expectError, gemBody, type Session, setupTestServer } from './harness';

/**
 * Who may do what to shared things, as ONE table (MATRIX) of action × resource state × who asks, each cell run
 * against the real server (server/features/sharing/access.ts is the rule under test). One server and database for
 * the file; the server-postgres project runs it on PostgreSQL too.
 *
 * The owner shares collection C (with sub-collections Sub, which follows C's shares, and Private, set not to) and tag
 * T (carried by gems of Other, a collection not shared) with the same people in the same roles. Cells:
 * Y allowed (2xx, and the gem is in the answer), F refused with 403 (they can read it, the role does not let them),
 * N not theirs (404, or the gem is not in the answer). The team columns are members of a team the owner shared C and T
 * with: as editor (teamEditor) or viewer (teamViewer, another team); invited and not yet in (teamPending); in and then
 * gone (teamLeft). A team's members have its share's role while they are members (migration 0037).
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
  'teamEditor',
  'teamViewer',
  'teamPending',
  'teamLeft',
] as const;
type Who = (typeof WHO)[number];
type State = 'collection' | 'subCollection' | 'subNoInherit' | 'tag' | 'gem' | 'addedGem' | 'trashedGem';
type Action = 'read' | 'list' | 'search' | 'savedHere' | 'edit' | 'delete' | 'add' | 'manage' | 'export';

// biome-ignore format: the table is read as a table
const MATRIX: [Action, State, string][] = [
  //                                owner admin editor contrib viewer pending declined removed stranger team: editor viewer pending left
  ['read',   'collection',   'Y Y Y Y Y N N N N Y Y N N'],
  ['read',   'subCollection','Y Y Y Y Y N N N N Y Y N N'],
  ['read',   'subNoInherit', 'Y N N N N N N N N N N N N'],
  ['read',   'tag',          'Y Y Y Y Y N N N N Y Y N N'],
  ['read',   'gem',          'Y Y Y Y Y N N N N Y Y N N'],
  ['read',   'addedGem',     'Y Y Y Y Y N N N N Y Y N N'],
  ['read',   'trashedGem',   'N N N N N N N N N N N N N'],
  ['list',   'collection',   'Y Y Y Y Y N N N N Y Y N N'],
  ['list',   'subCollection','Y Y Y Y Y N N N N Y Y N N'],
  ['list',   'subNoInherit', 'Y N N N N N N N N N N N N'],
  ['list',   'tag',          'Y Y Y Y Y N N N N Y Y N N'],
  ['list',   'gem',          'Y Y Y Y Y N N N N Y Y N N'],
  ['list',   'addedGem',     'Y Y Y Y Y N N N N Y Y N N'],
  ['list',   'trashedGem',   'N N N N N N N N N N N N N'],
  ['search', 'collection',   'Y Y Y Y Y N N N N Y Y N N'],
  ['search', 'subCollection','Y Y Y Y Y N N N N Y Y N N'],
  ['search', 'subNoInherit', 'Y N N N N N N N N N N N N'],
  ['search', 'tag',          'Y Y Y Y Y N N N N Y Y N N'],
  ['search', 'gem',          'Y Y Y Y Y N N N N Y Y N N'],
  ['search', 'addedGem',     'Y Y Y Y Y N N N N Y Y N N'],
  ['search', 'trashedGem',   'N N N N N N N N N N N N N'],
  ['savedHere', 'gem',       'Y N N N N N N N N N N N N'],
  ['savedHere', 'addedGem',  'Y N N Y N N N N N N N N N'],
  ['edit',   'collection',   'Y Y Y F F N N N N Y F N N'],
  ['edit',   'subCollection','Y Y Y F F N N N N Y F N N'],
  ['edit',   'subNoInherit', 'Y N N N N N N N N N N N N'],
  ['edit',   'tag',          'Y Y Y F F N N N N Y F N N'],
  ['edit',   'gem',          'Y Y Y F F N N N N Y F N N'],
  ['edit',   'addedGem',     'Y Y Y Y F N N N N Y F N N'],
  ['edit',   'trashedGem',   'N N N N N N N N N N N N N'],
  ['delete', 'collection',   'Y Y Y F F N N N N Y F N N'],
  ['delete', 'subCollection','Y Y Y F F N N N N Y F N N'],
  ['delete', 'subNoInherit', 'Y N N N N N N N N N N N N'],
  ['delete', 'tag',          'Y Y Y F F N N N N Y F N N'],
  ['delete', 'gem',          'Y Y Y F F N N N N Y F N N'],
  ['delete', 'addedGem',     'Y Y Y Y F N N N N Y F N N'],
  ['delete', 'trashedGem',   'N N N N N N N N N N N N N'],
  ['add',    'collection',   'Y Y Y Y F N N N N Y F N N'],
  ['add',    'subCollection','Y Y Y Y F N N N N Y F N N'],
  ['add',    'subNoInherit', 'Y N N N N N N N N N N N N'],
  ['manage', 'collection',   'Y Y F F F N N N N F F N N'],
  ['manage', 'subCollection','Y Y F F F N N N N F F N N'],
  ['manage', 'subNoInherit', 'Y N N N N N N N N N N N N'],
  ['manage', 'tag',          'Y Y F F F N N N N F F N N'],
  ['export', 'collection',   'Y Y Y Y Y N N N N Y Y N N'],
  ['export', 'subCollection','Y Y Y Y Y N N N N Y Y N N'],
  ['export', 'subNoInherit', 'Y N N N N N N N N N N N N'],
];

/** The table's cell for `action` on `state` by `who`. */
const cellOf = (action: Action, state: State, who: Who) =>
  MATRIX.find(([a, st]) => a === action && st === state)?.[2].split(' ')[WHO.indexOf(who)];

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

/**
 * A gem in a state's place for the delete cells, by its owner or by the contributor: one a state, made anew only once a
 * cell deleted it (a refused delete leaves it as it was, which the cell checks).
 */
const spare = {} as Partial<Record<State, number>>;
async function gemToDelete(state: State, word: string): Promise<number> {
  spare[state] ??= await freshGem(state, word);
  return spare[state];
}

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

  // two teams of the owner's, each shared C and T with one role; their members come and go
  const team = async (name: string) =>
    (await ok(t.api('/api/teams', { token: as('owner'), body: { data: { name } } }), 201)).data.id as number;
  const teamInvite = async (teamId: number, who: Who) =>
    (
      await ok(
        t.api(`/api/teams/${teamId}/members`, {
          token: as('owner'),
          body: { data: { username: people[who].user.username } },
        }),
        201,
      )
    ).data.id as number;
  for (const [name, role, members] of [
    ['Editors', 'editor', ['teamEditor', 'teamPending', 'teamLeft']],
    ['Viewers', 'viewer', ['teamViewer']],
  ] as const) {
    const teamId = await team(name);
    for (const [kind, id] of [
      ['collection', ids.c],
      ['tag', ids.tag],
    ] as const) {
      const path = kind === 'collection' ? `/api/collection-email/${id}` : `/api/tags/${id}/shares`;
      await ok(t.api(path, { token: as('owner'), body: { data: { teamId, role } } }), 201);
    }
    for (const who of members) {
      const shareId = await teamInvite(teamId, who);
      if (who === 'teamPending') continue;
      await ok(t.api(`/api/shares/${shareId}/accept`, { method: 'POST', token: as(who) }));
      if (who === 'teamLeft')
        await ok(t.api(`/api/teams/${teamId}/members/${people[who].user.id}`, { method: 'DELETE', token: as(who) }));
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
    case 'read': {
      const res = await t.api(`/api/gems/${place.gemId}`, { token });
      // a shared gem says whether the reader may change it, as the table's edit row says; the owner's says nothing
      if (res.status === 200)
        expect(res.body.data.sharedAccess, `${who} reads the ${state}`).toBe(
          who === 'owner' ? undefined : cellOf('edit', state, who) === 'Y' ? 'change' : 'read',
        );
      return byStatus(res);
    }
    case 'list': {
      const scope = place.tagId ? `tagId=${place.tagId}` : `collectionId=${place.collectionId}`;
      return found(await t.api(`/api/filter-search?${scope}&perPage=100`, { token }), place.gemId);
    }
    case 'search':
      return found(await t.api(`/api/filter-search?q=${place.word}&perPage=100`, { token }), place.gemId);
    case 'savedHere': {
      // the popup's "already saved here": one's own gems at the page, and those one added to a shared collection
      const res = await ok(t.api(`/api/gems-at-url?url=${encodeURIComponent(gemBody().data.url)}`, { token }));
      const gem = res.data.find((g: { id: number }) => g.id === place.gemId);
      if (gem) expect(gem.sharedAccess).toBe(who === 'owner' ? undefined : 'change');
      return gem !== undefined;
    }
    case 'edit': {
      const res = await t.api(`/api/gems/${place.gemId}`, {
        method: 'PUT',
        token,
        body: { data: { description: `edited by ${who}` } },
      });
      if (res.status === 200) expect(res.body.data.sharedAccess).toBe(who === 'owner' ? undefined : 'change');
      return byStatus(res);
    }
    case 'delete': {
      const gemId = await gemToDelete(state, `${action}${who}`);
      const res = await t.api(`/api/gems/${gemId}`, { method: 'DELETE', token });
      const outcome = byStatus(res);
      if (outcome === true) delete spare[state];
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
        // tags are the owner's: a member's gem takes none
        if (who !== 'owner') {
          const body = gemBody({ title: `Tagged by ${who}`, collectionId: place.collectionId, tags: ['mine'] });
          const refused = expectError(await t.api('/api/gems', { token, body }), 403);
          expect(refused.details).toMatchObject({ errors: [{ path: 'data.tags' }] });
        }
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
    expect(MATRIX.every(([, , row]) => row.split(' ').length === WHO.length)).toBe(true);
  });

  it.each(CASES)('$action · $state · $who → $expected', async ({ action, state, who, expected }) => {
    const outcome = await attempt(action, state, who);
    expect(outcome).toBe(expected === 'Y' ? true : expected === 'F' ? 'F' : false);
  });
});

/**
 * Random share graphs (users with nested collections and tags, gems in them, shares of every role and status, some
 * sub-collections set not to inherit, some gems trashed) against an in-test model of the rule: for each user and
 * random queries (a word or none; all, one collection, one tag), search returns exactly the readable matching gems, a
 * collection or tag they cannot read is a 404, the facets count them (and name each collection and tag by the path the
 * user names it by, nothing they cannot read), the same scope written as `collection:` or `tag:` in the query gives the
 * gems under that path, and each gem reads (GET) exactly when readable.
 */
const WORDS = ['amba', 'birk', 'cedo', 'dunx'] as const;

interface Graph {
  collections: { owner: number; parent: number | null; inherit: boolean }[];
  tags: { owner: number; parent: number | null }[];
  gems: { collection: number; tags: number[]; word: number; trashed: boolean }[];
  shares: {
    kind: 'collection' | 'tag';
    target: number;
    invitee: number;
    status: 'accepted' | 'pending' | 'declined';
  }[];
  queries: { user: number; word: number | null; scope: 'all' | 'collection' | 'tag'; target: number }[];
}

const USERS = 3;
const graphArb = fc
  .record({
    collections: fc.array(
      fc.record({ owner: fc.nat(USERS - 1), parent: fc.option(fc.nat(7)), inherit: fc.boolean() }),
      { minLength: 3, maxLength: 8 },
    ),
    tags: fc.array(fc.record({ owner: fc.nat(USERS - 1), parent: fc.option(fc.nat(4)) }), {
      minLength: 1,
      maxLength: 5,
    }),
    gems: fc.array(
      fc.record({
        collection: fc.nat(7),
        tags: fc.uniqueArray(fc.nat(4), { maxLength: 2 }),
        word: fc.nat(WORDS.length - 1),
        trashed: fc.boolean(),
      }),
      { minLength: 4, maxLength: 14 },
    ),
    shares: fc.array(
      fc.record({
        kind: fc.constantFrom('collection' as const, 'tag' as const),
        target: fc.nat(7),
        invitee: fc.nat(USERS - 1),
        status: fc.constantFrom('accepted' as const, 'accepted' as const, 'pending' as const, 'declined' as const),
      }),
      { minLength: 2, maxLength: 8 },
    ),
    queries: fc.array(
      fc.record({
        user: fc.nat(USERS - 1),
        word: fc.option(fc.nat(WORDS.length - 1)),
        scope: fc.constantFrom('all' as const, 'collection' as const, 'tag' as const),
        target: fc.nat(7),
      }),
      { minLength: 6, maxLength: 12 },
    ),
  })
  .map((g): Graph => {
    // parents point to earlier items of the same owner (a tree), everything else to items that exist
    // a parent is one of the earlier items of the same owner (picked by the drawn number), so trees grow deep
    const earlierOf = <T extends { owner: number }>(items: T[], i: number, pick: number | null) => {
      const mine = items.slice(0, i).flatMap((item, j) => (item.owner === items[i]?.owner ? [j] : []));
      return pick === null || !mine.length ? null : (mine[pick % mine.length] as number);
    };
    const collections = g.collections.map((c, i) => ({ ...c, parent: earlierOf(g.collections, i, c.parent) }));
    const tags = g.tags.map((t, i) => ({ ...t, parent: earlierOf(g.tags, i, t.parent) }));
    const gems = g.gems.map((gem) => {
      const collection = gem.collection % collections.length;
      const owner = collections[collection]?.owner;
      return { ...gem, collection, tags: gem.tags.filter((t) => t < tags.length && tags[t]?.owner === owner) };
    });
    const seen = new Set<string>();
    const shares = g.shares
      .map((s) => ({ ...s, target: s.target % (s.kind === 'collection' ? collections.length : tags.length) }))
      .filter((s) => {
        const owner = (s.kind === 'collection' ? collections : tags)[s.target]?.owner;
        const key = `${s.kind}${s.target}:${s.invitee}`;
        if (owner === s.invitee || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    const queries = g.queries.map((q) => ({
      ...q,
      target: q.target % (q.scope === 'tag' ? tags.length : collections.length),
    }));
    return { collections, tags, gems, shares, queries };
  });

/** The rule, as the test understands it: whether user `u` reads collection `c` (owner, or a share reaching it). */
function model(graph: Graph) {
  const accepted = graph.shares.filter((s) => s.status === 'accepted');
  const readsCollection = (u: number, c: number): boolean => {
    if (graph.collections[c]?.owner === u) return true;
    for (let at: number | null = c; at !== null; ) {
      const here: number = at;
      if (accepted.some((s) => s.kind === 'collection' && s.target === here && s.invitee === u)) return true;
      const node: Graph['collections'][number] | undefined = graph.collections[here];
      if (!node?.inherit && node?.parent !== null) return false;
      at = node?.parent ?? null;
    }
    return false;
  };
  const tagAndUp = (t: number) => {
    const up: number[] = [];
    for (let at: number | null = t; at !== null; at = graph.tags[at]?.parent ?? null) up.push(at);
    return up;
  };
  const readsTag = (u: number, t: number) =>
    graph.tags[t]?.owner === u ||
    tagAndUp(t).some((a) => accepted.some((s) => s.kind === 'tag' && s.target === a && s.invitee === u));
  const readsGem = (u: number, g: number) => {
    const gem = graph.gems[g];
    if (!gem) return false;
    if (graph.collections[gem.collection]?.owner === u) return true;
    if (gem.trashed) return false;
    return readsCollection(u, gem.collection) || gem.tags.some((t) => readsTag(u, t));
  };
  const under = (c: number, root: number) => {
    for (let at: number | null = c; at !== null; at = graph.collections[at]?.parent ?? null)
      if (at === root) return true;
    return false;
  };
  /**
   * The path `u` names item `i` by (server/features/search/paths.ts): its name after those of the items above it that
   * `u` reads, up to the first they do not.
   */
  const pathOf =
    (items: { parent: number | null }[], reads: (at: number) => boolean, name: (at: number) => string) =>
    (i: number) => {
      const parts = [name(i)];
      for (let at = items[i]?.parent ?? null; at !== null && reads(at); at = items[at]?.parent ?? null)
        parts.unshift(name(at));
      return parts.join('/');
    };
  const atOrUnder = (path: string, top: string) => path === top || path.startsWith(`${top}/`);
  return { readsCollection, readsTag, readsGem, under, tagAndUp, pathOf, atOrUnder };
}

describe('random share graphs', () => {
  it('every gem a search, a scope or a read gives is readable by the asker, and every readable match is given', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(graphArb, async (graph) => {
        run += 1;
        const users = await Promise.all(Array.from({ length: USERS }, () => t.signUp('prop')));
        const token = (u: number) => (users[u] as Session).jwt;
        const collectionName = (i: number) => `c${run}x${i}`;
        const tagName = (i: number) => `t${run}x${i}`;
        const collectionIds: number[] = [];
        for (const [i, c] of graph.collections.entries()) {
          const parentId = c.parent === null ? undefined : collectionIds[c.parent];
          const body = { data: { name: collectionName(i), parentId } };
          collectionIds.push((await ok(t.api('/api/collections', { token: token(c.owner), body }), 201)).data.id);
          if (!c.inherit && parentId !== undefined)
            await ok(
              t.api(`/api/collections/${collectionIds[i]}/shares-inherit`, {
                method: 'PUT',
                token: token(c.owner),
                body: { data: { inherit: false } },
              }),
            );
        }
        const tagIds: number[] = [];
        for (const [i, tag] of graph.tags.entries()) {
          const parentId = tag.parent === null ? undefined : tagIds[tag.parent];
          const body = { data: { tag: tagName(i), parentId } };
          tagIds.push((await ok(t.api('/api/tags', { token: token(tag.owner), body }), 201)).data.id);
        }
        const gemIds: number[] = [];
        for (const [i, gem] of graph.gems.entries()) {
          const owner = graph.collections[gem.collection]?.owner as number;
          const data = {
            title: `Gem ${WORDS[gem.word]} ${i}`,
            url: `https://example.com/p${run}/${i}`,
            collectionId: collectionIds[gem.collection],
            tags: gem.tags.map((tg) => tagIds[tg]),
          };
          const id = (await ok(t.api('/api/gems', { token: token(owner), body: { data } }), 201)).data.id as number;
          gemIds.push(id);
          if (gem.trashed) await ok(t.api(`/api/gems/${id}`, { method: 'DELETE', token: token(owner) }));
        }
        for (const share of graph.shares) {
          const owner = (share.kind === 'collection' ? graph.collections : graph.tags)[share.target]?.owner as number;
          const path =
            share.kind === 'collection'
              ? `/api/collection-email/${collectionIds[share.target]}`
              : `/api/tags/${tagIds[share.target]}/shares`;
          const body = { data: { username: users[share.invitee]?.user.username, role: 'viewer' } };
          const shareId = (await ok(t.api(path, { token: token(owner), body }), 201)).data.id;
          if (share.status !== 'pending') {
            const answer = share.status === 'accepted' ? 'accept' : 'decline';
            await ok(t.api(`/api/shares/${shareId}/${answer}`, { method: 'POST', token: token(share.invitee) }));
          }
        }

        const m = model(graph);
        // the user's other gems (made by other runs) are outside this graph: only this run's gems are compared
        const mine = new Set(gemIds);
        const runGemIds = (res: ApiResponse) =>
          searchResultSchema
            .parse(res.body)
            .data.map((gem) => gem.id)
            .filter((id) => mine.has(id))
            .sort((a, b) => a - b);
        const collectionPath = (u: number) =>
          m.pathOf(
            graph.collections,
            (at) => m.readsCollection(u, at),
            (at) => collectionName(at),
          );
        const tagPath = (u: number) =>
          m.pathOf(
            graph.tags,
            (at) => m.readsTag(u, at),
            (at) => tagName(at),
          );
        const inRun = (path: string) => path.startsWith(`c${run}x`) || path.startsWith(`t${run}x`);
        // Shared with me names each item by the path the search names it by (the library offers these after
        // `collection:` and `#`)
        for (const [u] of users.entries()) {
          const shared = (await ok(t.api('/api/share-with-me', { token: token(u) }))).data;
          for (const item of [...shared.collections, ...shared.tags] as { kind: string; id: number; path: string }[]) {
            const isTag = item.kind === 'tag';
            const i = (isTag ? tagIds : collectionIds).indexOf(item.id);
            if (i >= 0)
              expect(item.path, `user ${u} shared ${item.kind}`).toBe((isTag ? tagPath(u) : collectionPath(u))(i));
          }
        }
        /**
         * The facets of all the user's matches name each collection and tag they read by its path, counting the
         * matches at or under it; nothing they cannot read is named.
         */
        const expectFacetPaths = (
          u: number,
          matched: number[],
          data: { collections: { path: string; count: number }[]; tags: { path: string; count: number }[] },
        ) => {
          const gems = graph.gems.filter((_, g) => matched.includes(gemIds[g] as number));
          const counts = (paths: string[], countAt: (path: string) => number) =>
            paths
              .map((path) => ({ path, count: countAt(path) }))
              .filter((f) => f.count > 0)
              .sort((a, b) => a.path.localeCompare(b.path));
          const readCollections = graph.collections.flatMap((_, c) =>
            m.readsCollection(u, c) ? [collectionPath(u)(c)] : [],
          );
          const readTags = graph.tags.flatMap((_, tg) => (m.readsTag(u, tg) ? [tagPath(u)(tg)] : []));
          const got = (facet: { path: string; count: number }[]) =>
            facet
              .filter((f) => inRun(f.path))
              .map(({ path, count }) => ({ path, count }))
              .sort((a, b) => a.path.localeCompare(b.path));
          expect(got(data.collections), `collection facets of user ${u}`).toEqual(
            counts(
              readCollections,
              (top) =>
                gems.filter(
                  (gem) => m.readsCollection(u, gem.collection) && m.atOrUnder(collectionPath(u)(gem.collection), top),
                ).length,
            ),
          );
          expect(got(data.tags), `tag facets of user ${u}`).toEqual(
            counts(
              readTags,
              (top) =>
                gems.filter((gem) => gem.tags.some((tg) => m.readsTag(u, tg) && m.atOrUnder(tagPath(u)(tg), top)))
                  .length,
            ),
          );
        };
        /**
         * The same scope written in the query (`collection:` / `tag:` and the path the user names it by) gives the
         * matches under that path; one they cannot read names nothing.
         */
        const expectNamedScope = async (query: Graph['queries'][number]) => {
          const u = query.user;
          const isTag = query.scope === 'tag';
          const reads = isTag ? m.readsTag(u, query.target) : m.readsCollection(u, query.target);
          const name = isTag ? tagName(query.target) : collectionName(query.target);
          const top = reads ? (isTag ? tagPath(u) : collectionPath(u))(query.target) : name;
          const expected = graph.gems
            .map((gem, g) => ({ gem, g }))
            .filter(({ gem, g }) => {
              if (!reads || gem.trashed || !m.readsGem(u, g)) return false;
              if (query.word !== null && gem.word !== query.word) return false;
              if (isTag) return gem.tags.some((tg) => m.readsTag(u, tg) && m.atOrUnder(tagPath(u)(tg), top));
              return m.readsCollection(u, gem.collection) && m.atOrUnder(collectionPath(u)(gem.collection), top);
            })
            .map(({ g }) => gemIds[g] as number)
            .sort((a, b) => a - b);
          const q = `${query.word === null ? '' : `${WORDS[query.word]} `}${isTag ? 'tag' : 'collection'}:"${top}"`;
          const params = new URLSearchParams({ perPage: '100', q });
          const res = await t.api(`/api/filter-search?${params}`, { token: token(u) });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(runGemIds(res), `user ${u} ${q}`).toEqual(expected);
        };
        for (const query of graph.queries) {
          const params = new URLSearchParams({ perPage: '100' });
          if (query.word !== null) params.set('q', WORDS[query.word] as string);
          let allowed = true;
          if (query.scope === 'collection') {
            params.set('collectionId', String(collectionIds[query.target]));
            allowed = m.readsCollection(query.user, query.target);
          }
          if (query.scope === 'tag') {
            params.set('tagId', String(tagIds[query.target]));
            allowed = m.readsTag(query.user, query.target);
          }
          const expected = graph.gems
            .map((gem, g) => ({ gem, g }))
            .filter(({ gem, g }) => {
              if (gem.trashed || !m.readsGem(query.user, g)) return false;
              if (query.word !== null && gem.word !== query.word) return false;
              if (query.scope === 'collection') return m.under(gem.collection, query.target);
              if (query.scope === 'tag') return gem.tags.some((tg) => m.tagAndUp(tg).includes(query.target));
              return true;
            })
            .map(({ g }) => gemIds[g] as number)
            .sort((a, b) => a - b);
          const res = await t.api(`/api/filter-search?${params}`, { token: token(query.user) });
          const facets = await t.api(`/api/search-facets?${params}`, { token: token(query.user) });
          if (!allowed) {
            expect(res.status, `${params}`).toBe(404);
            expect(facets.status).toBe(404);
            continue;
          }
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          expect(runGemIds(res), `user ${query.user} ${params}`).toEqual(expected);
          expect(facets.body.total, `facets of ${params}`).toBe(expected.length);
          if (query.scope === 'all') expectFacetPaths(query.user, expected, facets.body.data);
          else await expectNamedScope(query);
        }
        for (let u = 0; u < USERS; u += 1)
          for (const [g, gem] of graph.gems.entries()) {
            const res = await t.api(`/api/gems/${gemIds[g]}`, { token: token(u) });
            expect(res.status, `user ${u} reads gem ${g}`).toBe(m.readsGem(u, g) && !gem.trashed ? 200 : 404);
          }
      }),
      { numRuns: 12, seed: 3105, endOnFailure: true },
    );
  }, 180_000); // ~500 requests: ~25 s on a quiet machine
});

describe('sharing routes', () => {
  let ada: Session;
  let bob: Session;
  let cy: Session;
  let recipes: number;
  beforeAll(async () => {
    [ada, bob, cy] = [await t.signUp('ada'), await t.signUp('bob'), await t.signUp('cy')];
    recipes = (await ok(t.api('/api/collections', { token: ada.jwt, body: { data: { name: 'Recipes' } } }), 201)).data
      .id;
    await saveGemAs(ada, { title: 'Plum cake', collectionId: recipes });
  });
  const saveGemAs = async (who: Session, data: Record<string, unknown>) =>
    (await ok(t.api('/api/gems', { token: who.jwt, body: gemBody(data) }), 201)).data.id as number;
  const inviteTo = (by: Session, id: number, data: Record<string, unknown>) =>
    t.api(`/api/collection-email/${id}`, { token: by.jwt, body: { data } });

  it('refuses inviting yourself, an unknown username, or neither field, naming the field', async () => {
    const self = await inviteTo(ada, recipes, { username: ada.user.username });
    expect(expectError(self, 400).details).toMatchObject({ errors: [{ path: 'data.username' }] });
    const unknown = await inviteTo(ada, recipes, { username: 'nobodyhere' });
    expect(expectError(unknown, 400).message).toBe('data.username: No account has the username nobodyhere');
    const ownEmail = await inviteTo(ada, recipes, { email: ada.user.email });
    expect(expectError(ownEmail, 400).details).toMatchObject({ errors: [{ path: 'data.email' }] });
    const neither = await inviteTo(ada, recipes, { role: 'viewer' });
    expect(expectError(neither, 400).details).toMatchObject({ errors: [{ path: 'data.username' }] });
    const badRole = await inviteTo(ada, recipes, { username: bob.user.username, role: 'owner' });
    expect(expectError(badRole, 400).details).toMatchObject({ errors: [{ path: 'data.role' }] });
    expect((await inviteTo(bob, recipes, { username: cy.user.username })).status).toBe(404);
  });

  it('an invitation is pending until accepted: listed, unread, then shared with me with owner, role and count', async () => {
    const invited = await ok(inviteTo(ada, recipes, { username: bob.user.username, role: 'editor' }), 201);
    expect(invited.data).toMatchObject({
      kind: 'collection',
      resourceId: recipes,
      resourceName: 'Recipes',
      role: 'editor',
      status: 'pending',
      invitee: { id: bob.user.id, username: bob.user.username, email: null },
      invitedBy: { id: ada.user.id, username: ada.user.username },
    });
    expectError(await inviteTo(ada, recipes, { username: bob.user.username }), 409);
    const pending = await ok(t.api('/api/share-invitations', { token: bob.jwt }));
    expect(pending.data).toEqual([
      expect.objectContaining({ shareId: invited.data.id, name: 'Recipes', role: 'editor', gemsCount: 1 }),
    ]);
    expect((await t.api(`/api/filter-search?collectionId=${recipes}`, { token: bob.jwt })).status).toBe(404);
    await ok(t.api(`/api/shares/${invited.data.id}/accept`, { method: 'POST', token: bob.jwt }));
    expect((await ok(t.api('/api/share-invitations', { token: bob.jwt }))).data).toEqual([]);
    const shared = await ok(t.api('/api/share-with-me', { token: bob.jwt }));
    expect(shared.data.collections).toEqual([
      expect.objectContaining({
        id: recipes,
        name: 'Recipes',
        owner: { id: ada.user.id, username: ada.user.username },
        role: 'editor',
        status: 'accepted',
        gemsCount: 1,
      }),
    ]);
    expect(shared.data.tags).toEqual([]);
    const listed = await ok(t.api(`/api/filter-search?collectionId=${recipes}`, { token: bob.jwt }));
    expect(listed.data.map((gem: { title: string }) => gem.title)).toEqual(['Plum cake']);
    // someone else cannot answer bob's invitation
    expectError(await t.api(`/api/shares/${invited.data.id}/accept`, { method: 'POST', token: cy.jwt }), 404);
  });

  it('an email invitation is claimed by the account with that address, never telling the inviter who has one', async () => {
    const email = `later-${Date.now()}@example.test`;
    const invited = await ok(inviteTo(ada, recipes, { email, role: 'viewer' }), 201);
    expect(invited.data.invitee).toEqual({ id: null, username: null, email });
    const res = await t.api('/api/auth/local/register', {
      body: { username: `late${Date.now() % 100000}`, email, password: 'correct-horse-1' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const pending = await ok(t.api('/api/share-invitations', { token: res.body.jwt }));
    expect(pending.data.map((i: { shareId: number }) => i.shareId)).toEqual([invited.data.id]);
    const members = await ok(t.api(`/api/collections/${recipes}/shares`, { token: ada.jwt }));
    expect(members.data.find((s: { id: number }) => s.id === invited.data.id).invitee).toMatchObject({
      id: res.body.user.id,
      email: null,
    });
  });

  it('roles change and access ends at once: the next request of the removed member finds nothing', async () => {
    const share = await ok(inviteTo(ada, recipes, { username: cy.user.username, role: 'viewer' }), 201);
    await ok(t.api(`/api/shares/${share.data.id}/accept`, { method: 'POST', token: cy.jwt }));
    const gem = (await ok(t.api(`/api/filter-search?collectionId=${recipes}`, { token: cy.jwt }))).data[0].id;
    const edit = { method: 'PUT', token: cy.jwt, body: { data: { notes: 'more sugar' } } };
    expectError(await t.api(`/api/gems/${gem}`, edit), 403);
    const changed = await ok(
      t.api(`/api/shares/${share.data.id}`, { method: 'PUT', token: ada.jwt, body: { data: { role: 'editor' } } }),
    );
    expect(changed.data.role).toBe('editor');
    expect((await ok(t.api(`/api/gems/${gem}`, edit))).data.notes).toBe('more sugar');
    // a member who is not admin cannot manage; bob (editor) cannot remove cy
    expectError(await t.api(`/api/shares/${share.data.id}`, { method: 'DELETE', token: bob.jwt }), 403);
    // the spec's remove-access, by the owner
    const removeAccess = `/api/collection/${recipes}/remove-access?shareId=${share.data.id}`;
    await ok(t.api(removeAccess, { method: 'DELETE', token: ada.jwt }));
    expectError(await t.api(`/api/gems/${gem}`, { token: cy.jwt }), 404);
    expectError(await t.api(`/api/filter-search?collectionId=${recipes}`, { token: cy.jwt }), 404);
    expect((await ok(t.api('/api/share-with-me', { token: cy.jwt }))).data.collections).toEqual([]);
  });

  it('a member leaves (remove-access without shareId); favourites stay the owner’s', async () => {
    const gem = await saveGemAs(ada, { title: 'Fig jam', collectionId: recipes, url: 'https://example.com/fig' });
    await ok(t.api(`/api/count-gem/${gem}?type=like`, { method: 'PUT', token: ada.jwt }));
    const asBob = await ok(t.api(`/api/gems/${gem}`, { token: bob.jwt }));
    expect(asBob.data.isFavourite).toBe(false);
    const fav = expectError(await t.api(`/api/count-gem/${gem}?type=like`, { method: 'PUT', token: bob.jwt }), 403);
    expect(fav.message).toMatch(/Favourites are personal/);
    expect((await ok(t.api('/api/filter-search?q=is:fav', { token: bob.jwt }))).data).toEqual([]);
    expect((await ok(t.api(`/api/gems/${gem}`, { token: ada.jwt }))).data.isFavourite).toBe(true);
    await ok(t.api(`/api/collection/${recipes}/remove-access`, { method: 'DELETE', token: bob.jwt }));
    expectError(await t.api(`/api/gems/${gem}`, { token: bob.jwt }), 404);
    expectError(await t.api(`/api/collection/${recipes}/remove-access`, { method: 'DELETE', token: bob.jwt }), 404);
  });

  it('Shared with me lists the sub-collections a share reaches, by path with their counts; not one that stops it', async () => {
    const owner = await t.signUp('subada');
    const member = await t.signUp('subbob');
    const collection = async (name: string, parentId?: number) =>
      (await ok(t.api('/api/collections', { token: owner.jwt, body: { data: { name, parentId } } }), 201)).data
        .id as number;
    const pantry = await collection('Pantry');
    const jars = await collection('Jars', pantry);
    const jams = await collection('Jams', jars);
    const bins = await collection('Bins', pantry);
    const locked = await collection('Locked', pantry);
    const below = await collection('Below', locked);
    const body = { data: { inherit: false } };
    await ok(t.api(`/api/collections/${locked}/shares-inherit`, { method: 'PUT', token: owner.jwt, body }));
    for (const [title, collectionId] of [
      ['Plum jam', jams],
      ['Fig jam', jams],
      ['Jar lids', jars],
      ['Secret', below],
    ] as const)
      await saveGemAs(owner, { title, collectionId, url: `https://example.com/${encodeURIComponent(title)}` });
    const trashed = await saveGemAs(owner, { title: 'Old jam', collectionId: jams, url: 'https://example.com/old' });
    await ok(t.api(`/api/gems/${trashed}`, { method: 'DELETE', token: owner.jwt }));
    const share = await ok(inviteTo(owner, pantry, { username: member.user.username, role: 'contributor' }), 201);
    // an invitation lists none: nothing is readable yet
    const [pending] = (await ok(t.api('/api/share-invitations', { token: member.jwt }))).data;
    expect(pending.subCollections).toEqual([]);
    await ok(t.api(`/api/shares/${share.data.id}/accept`, { method: 'POST', token: member.jwt }));

    const [shared] = (await ok(t.api('/api/share-with-me', { token: member.jwt }))).data.collections;
    expect(shared.gemsCount).toBe(3);
    expect(shared.subCollections).toEqual([
      { id: bins, name: 'Bins', parentId: pantry, path: 'Pantry/Bins', gemsCount: 0 },
      { id: jars, name: 'Jars', parentId: pantry, path: 'Pantry/Jars', gemsCount: 3 },
      { id: jams, name: 'Jams', parentId: jars, path: 'Pantry/Jars/Jams', gemsCount: 2 },
    ]);
    // each reads as it is listed: by id, and by the path the search names it
    const titles = async (query: string) =>
      (await ok(t.api(`/api/filter-search?${query}`, { token: member.jwt }))).data.map(
        (g: { title: string }) => g.title,
      );
    expect((await titles(`collectionId=${jams}`)).sort()).toEqual(['Fig jam', 'Plum jam']);
    expect((await titles(`q=${encodeURIComponent('collection:"Pantry/Jars/Jams"')}`)).sort()).toEqual([
      'Fig jam',
      'Plum jam',
    ]);
    // and a contributor adds to one
    await saveGemAs(member, { title: 'Apricot jam', collectionId: jams, url: 'https://example.com/apricot' });
    expect((await titles(`collectionId=${jams}`)).sort()).toEqual(['Apricot jam', 'Fig jam', 'Plum jam']);
    expectError(await t.api(`/api/filter-search?collectionId=${locked}`, { token: member.jwt }), 404);
  });

  it('a tag shared with someone lists its gems (sub-tags too) and shows under tags shared with me', async () => {
    const tag = (await ok(t.api('/api/tags', { token: ada.jwt, body: { data: { tag: 'baking/bread' } } }), 201)).data;
    const parent = tag.parentId as number;
    await saveGemAs(ada, { title: 'Rye loaf', tags: [tag.id], url: 'https://example.com/rye' });
    const share = await ok(
      t.api(`/api/tags/${parent}/shares`, { token: ada.jwt, body: { data: { username: cy.user.username } } }),
      201,
    );
    await ok(t.api(`/api/shares/${share.data.id}/accept`, { method: 'POST', token: cy.jwt }));
    const listed = await ok(t.api(`/api/filter-search?tagId=${parent}`, { token: cy.jwt }));
    expect(listed.data.map((gem: { title: string }) => gem.title)).toEqual(['Rye loaf']);
    const shared = await ok(t.api('/api/share-with-me', { token: cy.jwt }));
    expect(shared.data.tags).toEqual([
      expect.objectContaining({ id: parent, name: 'baking', role: 'viewer', gemsCount: 1 }),
    ]);
    await ok(t.api(`/api/shares/${share.data.id}/decline`, { method: 'POST', token: cy.jwt }));
    expectError(await t.api(`/api/filter-search?tagId=${parent}`, { token: cy.jwt }), 404);
  });
});

describe('revocation reaches an open answer', () => {
  const fake = setupFakeProvider();
  let ada: Session;
  let member: Awaited<ReturnType<typeof chatUser>>;
  let letters: number;
  let secret: number;
  let shareId: number;
  beforeAll(async () => {
    ada = await t.signUp('ada');
    member = await chatUser(t, fake);
    letters = (await ok(t.api('/api/collections', { token: ada.jwt, body: { data: { name: 'Letters' } } }), 201)).data
      .id;
    secret = (
      await ok(
        t.api('/api/gems', {
          token: ada.jwt,
          body: gemBody({ title: 'Secret recipe', collectionId: letters, text: 'Two figs, one plum.' }),
        }),
        201,
      )
    ).data.id;
    const body = { data: { username: member.session.user.username, role: 'viewer' } };
    shareId = (await ok(t.api(`/api/collection-email/${letters}`, { token: ada.jwt, body }), 201)).data.id;
    await ok(t.api(`/api/shares/${shareId}/accept`, { method: 'POST', token: member.token }));
  });
  const ask = (onEvent?: (event: SseEvent, events: SseEvent[]) => Promise<undefined>) =>
    stream(t.url, `/api/chats/${member.chatId}/messages`, {
      token: member.token,
      body: { text: 'What is in it?', modelId: member.modelId, context: { gemIds: [secret] } },
      onEvent,
    });

  it('an answer on a shared gem ends with an error as soon as the share is removed, keeping what was sent', async () => {
    fake.script({ chunks: ['Two', ' figs.'] });
    const whole = await ask();
    expect(shape(whole.events)).toEqual(['message', 'delta', 'done']);
    expect(whole.text).toBe('Two figs.');

    // The provider holds the answer's last piece until the test ends: only the removal can end it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.script({ chunks: ['Two', ' figs', ' and', ' never this'], lastChunkAfter: held });
    let removed = false;
    try {
      // removed once the pieces before the held one are here: what the member saw is known
      const cut = await ask(async (event, events) => {
        const seen = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
        if (event.event !== 'delta' || removed || seen.join('') !== 'Two figs and') return undefined;
        removed = true;
        await ok(t.api(`/api/shares/${shareId}`, { method: 'DELETE', token: ada.jwt }));
        return undefined;
      });
      expect(shape(cut.events)).toEqual(['message', 'delta', 'error']);
      expect(cut.events.at(-1)?.data.message).toBe(
        'Your access to the shared gem "Secret recipe" was removed, so the answer stopped here',
      );
      expect(cut.text).toBe('Two figs and');
      const stored = (await storedMessages(t, member.token, member.chatId)).find(
        (m) => m.id === cut.events[0]?.data.id,
      );
      expect(stored).toMatchObject({ status: 'error', error: cut.events.at(-1)?.data.message });
      expect(answerText(stored)).toBe('Two figs and');
      // the provider's call was stopped, not read to its end
      await expect.poll(() => fake.requests.at(-1)?.aborted).toBe(true);
    } finally {
      release();
    }
  });
});

describe('revocation reaches an open library tab', () => {
  it('the access stream says a role changed, then what was lost once the owner removes the member', async () => {
    const [ada, bob] = [await t.signUp('ada'), await t.signUp('bob')];
    const pantry = (await ok(t.api('/api/collections', { token: ada.jwt, body: { data: { name: 'Pantry' } } }), 201))
      .data.id as number;
    const body = { data: { username: bob.user.username, role: 'viewer' } };
    const shareId = (await ok(t.api(`/api/collection-email/${pantry}`, { token: ada.jwt, body }), 201)).data.id;
    await ok(t.api(`/api/shares/${shareId}/accept`, { method: 'POST', token: bob.jwt }));

    // Each change is made once the stream has answered the one before: no sleeps, only its events.
    const opened = await stream(t.url, '/api/access-events?seconds=60', {
      token: bob.jwt,
      onEvent: async (event, events) => {
        if (event.event === 'ready')
          await ok(
            t.api(`/api/shares/${shareId}`, { method: 'PUT', token: ada.jwt, body: { data: { role: 'editor' } } }),
          );
        else if (events.length === 2) await ok(t.api(`/api/shares/${shareId}`, { method: 'DELETE', token: ada.jwt }));
        return events.length === 3;
      },
    });
    const resource = {
      kind: 'collection',
      id: pantry,
      name: 'Pantry',
      owner: { id: ada.user.id, username: ada.user.username },
      role: 'editor',
    };
    expect(opened.events).toEqual([
      { event: 'ready', data: {} },
      { event: 'access', data: { lost: [], gained: [], changed: [resource] } },
      { event: 'access', data: { lost: [resource], gained: [], changed: [] } },
    ]);

    // `seconds=0` (how the fuzz and OpenAPI checks call it) ends after `ready`
    const once = await stream(t.url, '/api/access-events?seconds=0', { token: bob.jwt });
    expect(once.events).toEqual([{ event: 'ready', data: {} }]);
  });
});
