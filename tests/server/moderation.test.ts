/**
 * Offering gems to public collections (server/features/moderation/): the publish setting that accepts offers, the
 * refusals (not public, not accepting, your own, not your gem, twice, already there), the owner's pending and
 * processed lists, approval making a copy of what was offered in the owner's collection (never the offerer writing
 * it), rejection, the offerer's outcome list, strangers refused everywhere, two approvals racing for one copy and the
 * per-user limit. One server for the file; runs on PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, gemSchema, IMAGE_GEM_PATH } from '../../lib/api/contract';
import { offerListSchema, offerSchema } from '../../lib/api/moderation-contract';
import { PNG } from './api-routes';
import { expectError, gemBody, type Session, setupTestServer } from './harness';

const OFFER_LIMIT = 20;
const t = setupTestServer({ rateLimits: { offer: { max: OFFER_LIMIT, windowSeconds: 3600 } } });

let owner: Session;
let offerer: Session;
let stranger: Session;
let linksId: number;
let closedId: number;
let privateId: number;
let strangerPublicId: number;
let gemA: number;
let gemB: number;
let gemC: number;

async function createCollection(s: Session, name: string) {
  const res = await t.api('/api/collections', { token: s.jwt, body: { data: { name } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

async function saveGem(s: Session, title: string, collectionId?: number) {
  const url = `https://example.org/${encodeURIComponent(title)}`;
  const res = await t.api('/api/gems', { token: s.jwt, body: gemBody({ title, url, collectionId }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { data: { id: number } }).data.id;
}

async function publish(s: Session, id: number, data: Record<string, unknown>) {
  const res = await t.api(`/api/collections/${id}/public`, {
    token: s.jwt,
    method: 'PUT',
    body: { data: { isPublic: true, ...data } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { acceptOffers: boolean; url: string };
}

const offer = (s: Session, data: Record<string, unknown>) =>
  t.api('/api/offered-gems', { token: s.jwt, body: { data } });
const decide = (s: Session, collectionId: number, gemId: number, status: string) =>
  t.api(`/api/collection/${collectionId}/public-gem/${gemId}`, {
    token: s.jwt,
    method: 'PUT',
    body: { data: { status } },
  });

async function list(s: Session, path: string) {
  const res = await t.api(path, { token: s.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return offerListSchema.parse(res.body);
}

/** A refusal with `status` whose details name `path`. */
function expectNamed(res: { status: number; body: unknown }, status: number, path: string, message: RegExp) {
  const error = expectError(res as never, status);
  const errors = (error.details as { errors?: { path: string }[] } | undefined)?.errors ?? [];
  expect(errors.map((e) => e.path)).toContain(path);
  expect(error.message).toMatch(message);
}

async function collectionTitles(s: Session, id: number) {
  const res = await t.api(`/api/collections/${id}/bookmarks?perPage=100`, { token: s.jwt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data.bookmarks as { title: string }[]).map((g) => g.title).sort();
}

beforeAll(async () => {
  owner = await t.signUp('curator');
  offerer = await t.signUp('giver');
  stranger = await t.signUp('passer');
  linksId = await createCollection(owner, 'Links');
  closedId = await createCollection(owner, 'Closed');
  privateId = await createCollection(owner, 'Private');
  strangerPublicId = await createCollection(stranger, 'Mine');
  await saveGem(owner, 'Already there', linksId);
  gemA = await saveGem(offerer, 'Offered A');
  gemB = await saveGem(offerer, 'Offered B');
  gemC = await saveGem(offerer, 'Offered C');
  await publish(owner, closedId, { slug: 'closed' });
  await publish(stranger, strangerPublicId, { slug: 'mine' });
});

describe('the publish setting', () => {
  it('accepts no offers until the owner says so, and says so in the settings', async () => {
    const res = await t.api(`/api/is-public-collection/${linksId}`, { token: owner.jwt });
    expect(res.body.data.acceptOffers).toBe(false);
    const saved = await publish(owner, linksId, { slug: 'links', acceptOffers: true });
    expect(saved.acceptOffers).toBe(true);
    const again = await t.api(`/api/is-public-collection/${linksId}`, { token: owner.jwt });
    expect(again.body.data.acceptOffers).toBe(true);
  });
});

describe('offering a gem', () => {
  it('refuses a collection that is not public, by id or by address, naming the field', async () => {
    expectNamed(await offer(offerer, { gemId: gemA, collectionId: privateId }), 404, 'data.collectionId', /public/);
    expectNamed(
      await offer(offerer, { gemId: gemA, address: `${owner.user.username}/private` }),
      404,
      'data.address',
      /public/,
    );
    expectNamed(await offer(offerer, { gemId: gemA, address: 'nobody-here/links' }), 404, 'data.address', /public/);
  });

  it('refuses a public collection that does not accept offers (409)', async () => {
    const res = await offer(offerer, { gemId: gemA, address: `${owner.user.username}/closed` });
    expectNamed(res, 409, 'data.address', /does not accept offered gems/);
  });

  it('refuses your own collection, another user’s gem and a body naming neither collection', async () => {
    await publish(stranger, strangerPublicId, { acceptOffers: true });
    const strangerGem = await saveGem(stranger, 'Stranger gem', strangerPublicId);
    expectNamed(
      await offer(stranger, { gemId: strangerGem, collectionId: strangerPublicId }),
      400,
      'data.collectionId',
      /yours/,
    );
    expectNamed(await offer(offerer, { gemId: strangerGem, collectionId: linksId }), 404, 'data.gemId', /not found/);
    const neither = await offer(offerer, { gemId: gemA });
    expect(neither.status).toBe(400);
    expect(JSON.stringify(neither.body)).toContain('data.address');
  });

  it('makes a pending offer by the page’s address, writing nothing in the owner’s collection', async () => {
    const before = await collectionTitles(owner, linksId);
    const res = await offer(offerer, { gemId: gemA, address: `${t.url}/${owner.user.username}/links` });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const made = dataOf(offerSchema).parse(res.body).data;
    expect(made).toMatchObject({
      status: 'pending',
      gem: { id: gemA, title: 'Offered A', url: 'https://example.org/Offered%20A' },
      collection: { id: linksId, name: 'Links', url: `${t.url}/${owner.user.username}/links` },
      offerer: { username: offerer.user.username },
      owner: { username: owner.user.username },
      approvedGemId: null,
      decidedAt: null,
    });
    expect(await collectionTitles(owner, linksId)).toEqual(before);
  });

  it('keeps one pending offer per gem and collection (409), while the gem may go to another collection', async () => {
    expectNamed(
      await offer(offerer, { gemId: gemA, collectionId: linksId }),
      409,
      'data.gemId',
      /offered this gem there already/,
    );
    expect((await offer(offerer, { gemId: gemA, collectionId: strangerPublicId })).status).toBe(201);
  });

  it('refuses a page the collection holds already, and a gem in the trash', async () => {
    const dup = await t.api('/api/gems', {
      token: offerer.jwt,
      body: gemBody({ title: 'Mine too', url: 'https://example.org/Already%20there' }),
    });
    expectNamed(await offer(offerer, { gemId: dup.body.data.id, collectionId: linksId }), 409, 'data.gemId', /already/);
    const trashed = await saveGem(offerer, 'Trashed');
    expect((await t.api(`/api/gems/${trashed}`, { token: offerer.jwt, method: 'DELETE' })).status).toBe(200);
    expectNamed(await offer(offerer, { gemId: trashed, collectionId: linksId }), 404, 'data.gemId', /not found/);
  });
});

describe('moderating offers', () => {
  beforeAll(async () => {
    expect((await offer(offerer, { gemId: gemB, collectionId: linksId })).status).toBe(201);
    expect((await offer(offerer, { gemId: gemC, collectionId: linksId })).status).toBe(201);
    // what the owner reviews is what was offered: a later edit of the offerer's gem changes nothing of it
    const edit = await t.api(`/api/gems/${gemB}`, {
      token: offerer.jwt,
      method: 'PUT',
      body: { data: { title: 'B renamed', notes: 'mine' } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
  });

  it('lists the pending offers, oldest first, to the owner only', async () => {
    const pending = await list(owner, `/api/pending-gems/${linksId}`);
    expect(pending.data.map((o) => o.gem.title)).toEqual(['Offered A', 'Offered B', 'Offered C']);
    expect(pending.total).toBe(3);
    expectError(await t.api(`/api/pending-gems/${linksId}`, { token: offerer.jwt }), 404);
    expectError(await t.api(`/api/processed-gems/${linksId}`, { token: stranger.jwt }), 404);
  });

  it('lets no one but the owner decide (the offerer and a stranger get a 404)', async () => {
    expectError(await decide(offerer, linksId, gemA, 'approved'), 404);
    expectError(await decide(stranger, linksId, gemA, 'approved'), 404);
    expect((await list(owner, `/api/pending-gems/${linksId}`)).total).toBe(3);
  });

  it('refuses a decision that is neither approved nor rejected, naming the field', async () => {
    const res = await decide(owner, linksId, gemA, 'maybe');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('data.status');
  });

  it('approves: a copy of what was offered, owned by the owner, lands in the collection', async () => {
    const res = await decide(owner, linksId, gemB, 'approved');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const decided = dataOf(offerSchema).parse(res.body).data;
    expect(decided.status).toBe('approved');
    expect(decided.decidedAt).not.toBeNull();
    const copy = await t.api(`/api/gems/${decided.approvedGemId}`, { token: owner.jwt });
    expect(copy.status).toBe(200);
    expect(copy.body.data).toMatchObject({ title: 'Offered B', collectionId: linksId, notes: '' });
    expect(copy.body.data.author.username).toBe(owner.user.username);
    expect(await collectionTitles(owner, linksId)).toEqual(['Already there', 'Offered B']);
    // the offerer's own gem is untouched and still theirs
    const own = await t.api(`/api/gems/${gemB}`, { token: offerer.jwt });
    expect(own.body.data).toMatchObject({ title: 'B renamed', notes: 'mine' });
  });

  it('approves an uploaded image gem with a copy of the file of the owner’s own, kept when the offerer deletes theirs', async () => {
    const picturesId = await createCollection(owner, 'Pictures');
    await publish(owner, picturesId, { slug: 'pictures', acceptOffers: true });
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)]), 'dot.png');
    form.append('data', JSON.stringify({ title: 'A dot', url: 'https://example.org/dot' }));
    const made = await fetch(`${t.url}${IMAGE_GEM_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${offerer.jwt}` },
      body: form,
    });
    const image = dataOf(gemSchema).parse(await made.json()).data;
    const original = image.image ?? '';
    expect(original).toMatch(/\/uploads\/[A-Za-z0-9_-]{22}\.png$/);
    expect((await offer(offerer, { collectionId: picturesId, gemId: image.id })).status).toBe(201);
    const decided = dataOf(offerSchema).parse((await decide(owner, picturesId, image.id, 'approved')).body).data;
    const copy = dataOf(gemSchema).parse(
      (await t.api(`/api/gems/${decided.approvedGemId}`, { token: owner.jwt })).body,
    ).data;
    const kept = copy.image ?? '';
    expect(kept).toMatch(/\/uploads\/[A-Za-z0-9_-]{22}\.png$/);
    expect(kept).not.toBe(original);
    expect(JSON.stringify(copy)).not.toContain(original.split('/').at(-1));
    const bytes = async (link: string) => {
      const res = await fetch(link);
      return { status: res.status, same: Buffer.from(await res.arrayBuffer()).equals(PNG) };
    };
    expect(await bytes(kept)).toEqual({ status: 200, same: true });
    // the offerer deletes their gem for good: their file goes, the owner's copy stays
    expect((await t.api(`/api/gems/${image.id}`, { method: 'DELETE', token: offerer.jwt })).status).toBe(200);
    expect((await t.api(`/api/trash/${image.id}`, { method: 'DELETE', token: offerer.jwt })).status).toBe(200);
    expect((await bytes(original)).status).toBe(404);
    expect(await bytes(kept)).toEqual({ status: 200, same: true });
    // the copy is the owner's gem's file: it goes when the owner deletes that gem for good
    await t.api(`/api/gems/${copy.id}`, { method: 'DELETE', token: owner.jwt });
    await t.api(`/api/trash/${copy.id}`, { method: 'DELETE', token: owner.jwt });
    expect((await bytes(kept)).status).toBe(404);
  });

  it('rejects, and a decided offer cannot be decided again (404)', async () => {
    expect((await decide(owner, linksId, gemC, 'rejected')).body.data.status).toBe('rejected');
    expectError(await decide(owner, linksId, gemC, 'approved'), 404);
    expectError(await decide(owner, linksId, gemB, 'rejected'), 404);
    expect(await collectionTitles(owner, linksId)).toEqual(['Already there', 'Offered B']);
  });

  it('lists the processed offers, newest decision first, and what still waits', async () => {
    const processed = await list(owner, `/api/processed-gems/${linksId}`);
    expect(processed.data.map((o) => [o.gem.title, o.status])).toEqual([
      ['Offered C', 'rejected'],
      ['Offered B', 'approved'],
    ]);
    expect((await list(owner, `/api/pending-gems/${linksId}`)).data.map((o) => o.gem.id)).toEqual([gemA]);
  });

  it('shows the offerer their offers with what became of them, newest first', async () => {
    const mine = await list(offerer, '/api/offered-gems');
    expect(mine.data.map((o) => [o.gem.title, o.collection.name, o.status])).toEqual([
      ['Offered C', 'Links', 'rejected'],
      ['Offered B', 'Links', 'approved'],
      ['Offered A', 'Mine', 'pending'],
      ['Offered A', 'Links', 'pending'],
    ]);
    expect((await list(stranger, '/api/offered-gems')).total).toBe(0);
  });

  it('lets a rejected gem be offered again', async () => {
    expect((await offer(offerer, { gemId: gemC, collectionId: linksId })).status).toBe(201);
  });

  it('makes one copy when two approvals race', async () => {
    const [first, second] = await Promise.all([
      decide(owner, linksId, gemA, 'approved'),
      decide(owner, linksId, gemA, 'approved'),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const titles = await collectionTitles(owner, linksId);
    expect(titles.filter((title) => title === 'Offered A')).toHaveLength(1);
  });
});

describe('moderation by a collection’s admins, and one inbox', () => {
  it('lets an admin (not an editor) list and decide offers; the inbox lists every collection one moderates', async () => {
    const admin = await t.signUp('moderator');
    const editor = await t.signUp('helper');
    const guardedId = await createCollection(owner, 'Guarded');
    await publish(owner, guardedId, { slug: 'guarded', acceptOffers: true });
    for (const [who, role] of [
      [admin, 'admin'],
      [editor, 'editor'],
    ] as const) {
      const invited = await t.api(`/api/collection-email/${guardedId}`, {
        token: owner.jwt,
        body: { data: { username: who.user.username, role } },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      await t.api(`/api/shares/${invited.body.data.id}/accept`, { method: 'POST', token: who.jwt });
    }
    const first = await saveGem(offerer, 'For the guarded');
    const second = await saveGem(offerer, 'Also for the guarded');
    for (const gemId of [first, second])
      expect((await offer(offerer, { collectionId: guardedId, gemId })).status).toBe(201);

    // an editor moderates nothing
    expectError(await t.api(`/api/pending-gems/${guardedId}`, { token: editor.jwt }), 404);
    expectError(await decide(editor, guardedId, first, 'approved'), 404);
    expect((await list(editor, '/api/pending-gems')).data).toEqual([]);

    // the admin's inbox holds the collection they administer, the owner's every collection of theirs
    const inbox = await list(admin, '/api/pending-gems');
    expect(inbox.data.map((o) => [o.collection.name, o.gem.title])).toEqual([
      ['Guarded', 'For the guarded'],
      ['Guarded', 'Also for the guarded'],
    ]);
    const owners = await list(owner, '/api/pending-gems?perPage=100');
    expect(new Set(owners.data.map((o) => o.collection.name))).toEqual(new Set(['Guarded', 'Links']));
    expect(owners.data.every((o) => o.status === 'pending')).toBe(true);
    expect((await list(offerer, '/api/pending-gems')).data).toEqual([]);

    // the admin approves one and rejects the other: the copy is the owner's gem
    expect((await list(admin, `/api/pending-gems/${guardedId}`)).total).toBe(2);
    const approved = dataOf(offerSchema).parse((await decide(admin, guardedId, first, 'approved')).body).data;
    const copy = await t.api(`/api/gems/${approved.approvedGemId}`, { token: owner.jwt });
    expect([copy.body.data.author.username, copy.body.data.collectionId]).toEqual([owner.user.username, guardedId]);
    expect((await decide(admin, guardedId, second, 'rejected')).status).toBe(200);
    const processed = await list(admin, `/api/processed-gems/${guardedId}`);
    expect(processed.data.map((o) => o.status)).toEqual(['rejected', 'approved']);
    expect((await list(admin, '/api/pending-gems')).data).toEqual([]);

    // no longer an admin: nothing to moderate
    const shares = await t.api(`/api/collections/${guardedId}/shares`, { token: owner.jwt });
    const adminShare = shares.body.data.find((x: { invitee: { id: number } }) => x.invitee.id === admin.user.id);
    await t.api(`/api/shares/${adminShare.id}`, { method: 'DELETE', token: owner.jwt });
    expectError(await t.api(`/api/processed-gems/${guardedId}`, { token: admin.jwt }), 404);
  });
});

describe('the per-user limit', () => {
  it(`answers 429 with Retry-After after ${OFFER_LIMIT} offers in the window`, async () => {
    const busy = await t.signUp('busy');
    for (let i = 0; i < OFFER_LIMIT; i++)
      expect((await offer(busy, { gemId: gemA, collectionId: linksId })).status).toBe(404);
    const res = await offer(busy, { gemId: gemA, collectionId: linksId });
    expectError(res, 429);
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    // another user's offers are counted apart
    expect((await offer(offerer, { gemId: gemC, collectionId: strangerPublicId })).status).toBe(201);
  });
});
