/**
 * Teams (server/features/teams/): members invited through the sharing invitations, roles, leaving and removal, the team
 * settings switch; a key shared with a team (never returned, only its mask), the models admins allow through it and the
 * members' monthly allowances; the Team label and each Inactive reason; answers through the team key from the fake
 * provider charged to the member's allowance, parallel answers never passing it (the server-postgres project runs this
 * file on PostgreSQL too); usage per member and model for admins. One server and fake provider for the file.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userModelListSchema } from '../../lib/api/contract';
import { shareSchema } from '../../lib/api/sharing-contract';
import {
  teamKeySchema,
  teamMemberSchema,
  teamSchema,
  teamsSchema,
  teamUsageSchema,
} from '../../lib/api/teams-contract';
import { selectRows } from '../../server/db/rows';
import { customEndpoints } from '../../server/db/schema';
import { parseAddressPolicy } from '../../server/http/address-policy';
import { makeOutbound } from '../../server/http/outbound';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { modelIdOf, storedMessages, stream } from './chat-helpers';
import {
  type ApiResponse,
  backend,
  expectError,
  expectFieldError,
  gemBody,
  PASSWORD,
  type Session,
  setupInProcessApp,
  setupTestServer,
} from './harness';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake?.close();
});
const t = setupTestServer();

const SECRET_KEY = 'sk-team-secret-key-7777';
const MODEL = 'gpt-4o-mini'; // $0.15 in, $0.60 out per million tokens: a hold is 600 micro-dollars

async function ok(res: Promise<ApiResponse>, status = 200) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body;
}
const post = (token: string, path: string, data: unknown) => t.api(path, { token, body: { data } });
const models = async (token: string) => userModelListSchema.parse(await ok(t.api('/api/user-models', { token }))).data;
const modelOf = async (token: string, model = MODEL) => {
  const found = (await models(token)).find((m) => m.model === model);
  if (!found) throw new Error(`no model ${model}`);
  return found;
};

async function newTeam(owner: Session, name: string) {
  return teamSchema.parse((await ok(post(owner.jwt, '/api/teams', { name }), 201)).data);
}
/** Invites `who` and has them accept: the membership is a share of kind 'team'. */
async function join(owner: Session, teamId: number, who: Session, role: 'member' | 'admin' = 'member') {
  const invited = shareSchema.parse(
    (await ok(post(owner.jwt, `/api/teams/${teamId}/members`, { username: who.user.username, role }), 201)).data,
  );
  await ok(t.api(`/api/shares/${invited.id}/accept`, { method: 'POST', token: who.jwt }));
  return invited;
}
async function withKey(session: Session) {
  await ok(
    t.api('/api/ai-settings/keys/openai', {
      method: 'PUT',
      token: session.jwt,
      body: { apiKey: SECRET_KEY, baseUrl: `${fake.url}/v1` },
    }),
  );
}
/** `sharer`'s endpoint `name` shared with `teamId`, MODEL allowed on it and $1 a month each: its model's id. */
async function allowedSharedEndpoint(lead: Session, sharer: Session, teamId: number, name: string, apiKey?: string) {
  const endpoint = await ok(
    t.api('/api/ai-endpoints', {
      token: sharer.jwt,
      body: { name, kind: 'openai-compatible', baseUrl: `${fake.url}/v1`, ...(apiKey ? { apiKey } : {}) },
    }),
    201,
  );
  const modelId = endpoint.data.models.find((m: { model: string }) => m.model === MODEL).id as number;
  const shared = teamKeySchema.parse(
    (await ok(post(sharer.jwt, '/api/share-key-with-team', { teamId, endpointId: endpoint.data.id }), 201)).data,
  );
  await ok(post(lead.jwt, '/api/add-new-model-to-team-shared-settings', { settingId: shared.id, modelId }));
  await ok(post(lead.jwt, '/api/update-team-shared-settings', { teamId, monthlyAllowanceUsd: 1 }));
  return { endpointId: endpoint.data.id as number, modelId, shared };
}
async function chatOf(token: string) {
  return (await ok(t.api('/api/chats', { token, body: { title: 'Team chat' } }), 201)).data.id as number;
}
/** New accounts, one per prefix, in order. */
const signUps = <const N extends readonly string[]>(...prefixes: N) =>
  Promise.all(prefixes.map((prefix) => t.signUp(prefix))) as Promise<{ [K in keyof N]: Session }>;
const usage = async (token: string, teamId: number) =>
  teamUsageSchema.parse(await ok(t.api(`/api/teams/${teamId}/usage`, { token }))).data;

describe('teams, members and roles', () => {
  let owner: Session;
  let admin: Session;
  let member: Session;
  let stranger: Session;
  let teamId: number;
  beforeAll(async () => {
    [owner, admin, member, stranger] = await signUps('towner', 'tadmin', 'tmember', 'tstrang');
    teamId = (await newTeam(owner, 'Writers')).id;
  });

  it('creates a team whose owner is the caller, listed with their role', async () => {
    const listed = teamsSchema.parse(await ok(t.api('/api/teams', { token: owner.jwt }))).data;
    expect(listed.teams.map((team) => [team.name, team.role, team.membersCount])).toEqual([['Writers', 'owner', 1]]);
    expectFieldError(await post(owner.jwt, '/api/teams', { name: '  ' }), 'data.name');
  });

  it('invites by username: pending in the invitee’s list until accepted, then a member', async () => {
    const invited = shareSchema.parse(
      (await ok(post(owner.jwt, `/api/teams/${teamId}/members`, { username: admin.user.username, role: 'admin' }), 201))
        .data,
    );
    expect([invited.kind, invited.resourceName, invited.role, invited.status]).toEqual([
      'team',
      'Writers',
      'admin',
      'pending',
    ]);
    const before = teamsSchema.parse(await ok(t.api('/api/teams', { token: admin.jwt }))).data;
    expect(before.teams).toEqual([]);
    expect(before.invitations.map((i) => [i.team.name, i.role, i.invitedBy?.username])).toEqual([
      ['Writers', 'admin', owner.user.username],
    ]);
    // a pending invitee is not in the team yet
    expectError(await t.api(`/api/teams/${teamId}/members`, { token: admin.jwt }), 404);
    await ok(t.api(`/api/shares/${invited.id}/accept`, { method: 'POST', token: admin.jwt }));
    const after = teamsSchema.parse(await ok(t.api('/api/teams', { token: admin.jwt }))).data;
    expect(after.teams.map((team) => [team.name, team.role])).toEqual([['Writers', 'admin']]);
    expect(after.invitations).toEqual([]);
  });

  it('refuses a second invitation (409), an unknown username and the owner (400)', async () => {
    await join(admin, teamId, member);
    expectError(await post(owner.jwt, `/api/teams/${teamId}/members`, { username: member.user.username }), 409);
    expectFieldError(
      await post(owner.jwt, `/api/teams/${teamId}/members`, { username: 'nobody-has-this' }),
      'data.username',
    );
    expectFieldError(
      await post(admin.jwt, `/api/teams/${teamId}/members`, { username: owner.user.username }),
      'data.username',
    );
    expectFieldError(await post(owner.jwt, `/api/teams/${teamId}/members`, { role: 'member' }), 'data.username');
  });

  it('invites by email: claimed when that address has an account', async () => {
    const later = await t.signUp('tlater');
    const invited = shareSchema.parse(
      (await ok(post(owner.jwt, `/api/teams/${teamId}/members`, { email: later.user.email }), 201)).data,
    );
    expect(invited.invitee).toMatchObject({ id: null, email: later.user.email.toLowerCase() });
    const listed = teamsSchema.parse(await ok(t.api('/api/teams', { token: later.jwt }))).data;
    expect(listed.invitations.map((i) => i.shareId)).toEqual([invited.id]);
    await ok(t.api(`/api/shares/${invited.id}/decline`, { method: 'POST', token: later.jwt }));
    expect(teamsSchema.parse(await ok(t.api('/api/teams', { token: later.jwt }))).data.teams).toEqual([]);
  });

  it('lists the members, owner first, to members; a stranger gets 404 everywhere', async () => {
    const members = teamMemberSchema
      .array()
      .parse((await ok(t.api(`/api/teams/${teamId}/members`, { token: member.jwt }))).data);
    expect(members.filter((m) => m.status === 'accepted').map((m) => [m.user?.username, m.role])).toEqual([
      [owner.user.username, 'owner'],
      [admin.user.username, 'admin'],
      [member.user.username, 'member'],
    ]);
    for (const res of [
      await t.api(`/api/teams/${teamId}/members`, { token: stranger.jwt }),
      await t.api(`/api/teams/${teamId}`, { method: 'PUT', token: stranger.jwt, body: { data: { name: 'X' } } }),
      await t.api(`/api/teams/${teamId}`, { method: 'DELETE', token: stranger.jwt }),
      await t.api(`/api/teams/${teamId}/usage`, { token: stranger.jwt }),
      await post(stranger.jwt, '/api/enable-team-settings', { teamId }),
      await post(stranger.jwt, `/api/teams/${teamId}/members`, { username: stranger.user.username }),
    ])
      expectError(res, 404);
  });

  it('lets the owner and admins rename and switch settings; a member gets 403', async () => {
    const renamed = teamSchema.parse(
      (
        await ok(
          t.api(`/api/teams/${teamId}`, { method: 'PUT', token: admin.jwt, body: { data: { name: 'Editors' } } }),
        )
      ).data,
    );
    expect(renamed.name).toBe('Editors');
    expectError(
      await t.api(`/api/teams/${teamId}`, { method: 'PUT', token: member.jwt, body: { data: { name: 'Mine' } } }),
      403,
    );
    const off = teamSchema.parse((await ok(post(owner.jwt, '/api/disable-team-settings', { teamId }))).data);
    expect(off.settingsEnabled).toBe(false);
    const on = teamSchema.parse((await ok(post(admin.jwt, '/api/enable-team-settings', { teamId }))).data);
    expect(on.settingsEnabled).toBe(true);
    expectError(await post(member.jwt, '/api/disable-team-settings', { teamId }), 403);
    const updated = teamSchema.parse(
      (await ok(post(owner.jwt, '/api/update-team-settings', { id: teamId, name: 'Writers', defaultAllowanceUsd: 2 })))
        .data,
    );
    expect([updated.name, updated.defaultAllowanceUsd]).toEqual(['Writers', 2]);
  });

  it('changes roles: an admin promotes, only the owner demotes an admin; the owner’s role never changes', async () => {
    const path = (who: Session) => `/api/teams/${teamId}/members/${who.user.id}`;
    const put = (token: string, who: Session, data: unknown) =>
      t.api(path(who), { method: 'PUT', token, body: { data } });
    expect(teamMemberSchema.parse((await ok(put(admin.jwt, member, { role: 'admin' }))).data).role).toBe('admin');
    expectError(await put(admin.jwt, member, { role: 'member' }), 403);
    expect(teamMemberSchema.parse((await ok(put(owner.jwt, member, { role: 'member' }))).data).role).toBe('member');
    expectFieldError(await put(admin.jwt, owner, { role: 'member' }), 'data.role');
    expectError(await put(member.jwt, admin, { role: 'member' }), 403);
  });

  it('removes a member (admins), lets a member leave, never the owner; deleting is the owner’s', async () => {
    const other = await t.signUp('tother');
    await join(owner, teamId, other);
    const remove = (token: string, who: Session) =>
      t.api(`/api/teams/${teamId}/members/${who.user.id}`, { method: 'DELETE', token });
    expectError(await remove(member.jwt, other), 403);
    await ok(remove(admin.jwt, other));
    expectError(await t.api(`/api/teams/${teamId}/members`, { token: other.jwt }), 404);
    expectError(await remove(owner.jwt, owner), 400);
    const leaver = await t.signUp('tleave');
    await join(owner, teamId, leaver);
    await ok(remove(leaver.jwt, leaver));
    expect(teamsSchema.parse(await ok(t.api('/api/teams', { token: leaver.jwt }))).data.teams).toEqual([]);
    const doomed = await newTeam(member, 'Doomed');
    await join(member, doomed.id, admin, 'admin');
    expectError(await t.api(`/api/teams/${doomed.id}`, { method: 'DELETE', token: admin.jwt }), 403);
    await ok(post(member.jwt, '/api/delete-team-settings', { id: doomed.id }));
    expectError(await t.api(`/api/teams/${doomed.id}/members`, { token: member.jwt }), 404);
  });
  it('hands the team to a member, who becomes owner while the old owner stays as an admin', async () => {
    const [boss, heir, helper, outsider] = await signUps('thboss', 'thheir', 'thhelp', 'thout');
    const team = await newTeam(boss, 'Handover');
    await join(boss, team.id, heir);
    await join(boss, team.id, helper, 'admin');
    const pending = await t.signUp('thpend');
    await ok(post(boss.jwt, `/api/teams/${team.id}/members`, { username: pending.user.username }), 201);
    const transfer = (token: string, userId: number) => post(token, `/api/teams/${team.id}/transfer`, { userId });
    expectError(await transfer(helper.jwt, helper.user.id), 403);
    expectError(await transfer(heir.jwt, heir.user.id), 403);
    expectError(await transfer(outsider.jwt, outsider.user.id), 404);
    for (const who of [outsider, pending, boss]) expectFieldError(await transfer(boss.jwt, who.user.id), 'data.userId');
    const handed = teamSchema.parse((await ok(transfer(boss.jwt, heir.user.id))).data);
    expect([handed.owner.username, handed.role, handed.membersCount]).toEqual([heir.user.username, 'admin', 3]);
    const members = teamMemberSchema
      .array()
      .parse((await ok(t.api(`/api/teams/${team.id}/members`, { token: heir.jwt }))).data);
    expect(members.filter((m) => m.status === 'accepted').map((m) => [m.user?.username, m.role])).toEqual([
      [heir.user.username, 'owner'],
      [boss.user.username, 'admin'],
      [helper.user.username, 'admin'],
    ]);
    // the old owner is an admin now: no second transfer, no deleting; the new owner can do both
    expectError(await transfer(boss.jwt, helper.user.id), 403);
    expectError(await t.api(`/api/teams/${team.id}`, { method: 'DELETE', token: boss.jwt }), 403);
    const remove = (token: string, who: Session) =>
      t.api(`/api/teams/${team.id}/members/${who.user.id}`, { method: 'DELETE', token });
    expectError(await remove(heir.jwt, heir), 400);
    await ok(remove(boss.jwt, boss));
    expect(teamsSchema.parse(await ok(t.api('/api/teams', { token: boss.jwt }))).data.teams).toEqual([]);
    await ok(t.api(`/api/teams/${team.id}`, { method: 'DELETE', token: heir.jwt }));
  });
});

describe('a collection shared with a team', () => {
  it('reaches its members as they join, and no longer once they leave or the share is removed', async () => {
    const [owner, lead, joiner] = await signUps('cowner', 'clead', 'cjoin');
    const team = await newTeam(lead, 'Readers');
    const collectionId = (await ok(post(owner.jwt, '/api/collections', { name: 'Team reading' }), 201)).data.id;
    const gemId = (
      await ok(t.api('/api/gems', { token: owner.jwt, body: gemBody({ title: 'The wombat', collectionId }) }), 201)
    ).data.id;
    // the owner is not in the team: sharing with it is refused
    expectFieldError(
      await post(owner.jwt, `/api/collection-email/${collectionId}`, { teamId: team.id, role: 'viewer' }),
      'data.teamId',
    );
    await join(lead, team.id, owner);
    const share = shareSchema.parse(
      (await ok(post(owner.jwt, `/api/collection-email/${collectionId}`, { teamId: team.id, role: 'viewer' }), 201))
        .data,
    );
    expect([share.status, share.invitee.team?.name]).toEqual(['accepted', 'Readers']);
    const reads = async (who: Session) => (await t.api(`/api/gems/${gemId}`, { token: who.jwt })).status;
    const searches = async (who: Session) =>
      (await ok(t.api('/api/filter-search?q=wombat&perPage=50', { token: who.jwt }))).data.map(
        (gem: { id: number }) => gem.id,
      );
    expect(await reads(joiner)).toBe(404);
    expect(await reads(lead)).toBe(200);
    // joining gives access
    await join(lead, team.id, joiner);
    expect(await reads(joiner)).toBe(200);
    expect(await searches(joiner)).toEqual([gemId]);
    const shared = await ok(t.api('/api/share-with-me', { token: joiner.jwt }));
    expect(shared.data.collections.map((c: { name: string }) => c.name)).toEqual(['Team reading']);
    // a viewer through the team cannot edit
    const edit = await t.api(`/api/gems/${gemId}`, {
      method: 'PUT',
      token: joiner.jwt,
      body: { data: { description: 'mine now' } },
    });
    expectError(edit, 403);
    // leaving ends it with the next request
    await ok(t.api(`/api/teams/${team.id}/members/${joiner.user.id}`, { method: 'DELETE', token: joiner.jwt }));
    expect(await reads(joiner)).toBe(404);
    expect(await searches(joiner)).toEqual([]);
    // removing the team's share ends it for everyone
    await ok(t.api(`/api/shares/${share.id}`, { method: 'DELETE', token: owner.jwt }));
    expect(await reads(lead)).toBe(404);
  });
});

describe('shared keys, the Team label and allowances', () => {
  let sharer: Session;
  let admin: Session;
  let member: Session;
  let teamId: number;
  let keyId: number;
  let modelId: number;
  beforeAll(async () => {
    [sharer, admin, member] = await signUps('ksharer', 'kadmin', 'kmember');
    teamId = (await newTeam(admin, 'Keyholders')).id;
    await join(admin, teamId, sharer);
    await join(admin, teamId, member);
    modelId = await modelIdOf(t, member.jwt, MODEL);
  });

  it('refuses to share a key the member has not got (400 naming provider)', async () => {
    expectFieldError(
      await post(sharer.jwt, '/api/share-key-with-team', { teamId, provider: 'openai' }),
      'data.provider',
    );
    expectFieldError(await post(sharer.jwt, '/api/share-key-with-team', { teamId, provider: 'nope' }), 'data.provider');
  });

  it('shares a key without ever returning it: only its mask', async () => {
    await withKey(sharer);
    const res = await post(sharer.jwt, '/api/share-key-with-team', { teamId, provider: 'OpenAI', modelIds: [modelId] });
    const key = teamKeySchema.parse((await ok(Promise.resolve(res), 201)).data);
    keyId = key.id;
    expect([key.provider, key.keyMask, key.sharedBy.username]).toEqual(['OpenAI', '••••7777', sharer.user.username]);
    // a member's own choice of models waits for an admin
    expect(key.models).toEqual([]);
    for (const path of ['/api/get-shared-team-settings', '/api/get-shared-by-settings', `/api/teams/${teamId}/members`])
      expect(JSON.stringify((await t.api(path, { token: member.jwt })).body)).not.toContain('secret-key');
    expect(JSON.stringify(res.body)).not.toContain('secret-key');
    const mine = await ok(t.api('/api/get-shared-by-settings', { token: sharer.jwt }));
    expect(mine.data.map((k: { id: number }) => k.id)).toEqual([keyId]);
  });

  it('labels the model Inactive while it is not allowed, then Team once an admin allows it', async () => {
    expect(await modelOf(member.jwt)).toMatchObject({
      label: 'Inactive',
      inactiveReason: "GPT-4o mini is not allowed with the team Keyholders's key",
    });
    expectError(
      await post(member.jwt, '/api/add-new-model-to-team-shared-settings', { settingId: keyId, modelId }),
      403,
    );
    const allowed = teamKeySchema.parse(
      (await ok(post(admin.jwt, '/api/add-new-model-to-team-shared-settings', { settingId: keyId, modelId }))).data,
    );
    expect(allowed.models.map((m) => m.model)).toEqual([MODEL]);
    // no allowance yet (the team's default is $0)
    expect((await modelOf(member.jwt)).inactiveReason).toBe('Your monthly allowance in the team Keyholders is spent');
    await ok(post(admin.jwt, '/api/update-team-shared-settings', { teamId, monthlyAllowanceUsd: 1 }));
    expect(await modelOf(member.jwt)).toMatchObject({
      label: 'Team',
      inactiveReason: null,
      team: { id: teamId, name: 'Keyholders', keyId },
    });
    // the sharer has a key of their own: API for them
    expect((await modelOf(sharer.jwt)).label).toBe('API');
    // a model of another provider cannot be allowed through it
    const claude = await modelIdOf(t, member.jwt, 'claude-haiku-4-5');
    expectFieldError(
      await post(admin.jwt, '/api/add-new-model-to-team-shared-settings', { settingId: keyId, modelId: claude }),
      'data.modelId',
    );
  });

  it('answers through the team key, charged to the member’s allowance; admins see usage per member and model', async () => {
    const chatId = await chatOf(member.jwt);
    fake.reset();
    fake.script({ chunks: ['Through ', 'the team.'], usage: { input: 1500, output: 600 } });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token: member.jwt,
      body: { text: 'Hello', modelId },
    });
    expect(res.events.at(-1)?.event).toBe('done');
    expect(res.text).toBe('Through the team.');
    expect(fake.requests.at(-1)?.auth).toEqual({ present: true, last4: '7777' });
    // 1,500 × $0.15 + 600 × $0.60 per million = $0.000585
    const month = await usage(admin.jwt, teamId);
    expect(month.members.find((m) => m.user.id === member.user.id)).toMatchObject({
      allowanceUsd: 1,
      spentUsd: 0.000585,
      heldUsd: 0,
    });
    expect(month.models).toEqual([
      {
        user: { id: member.user.id, username: member.user.username },
        model: { id: modelId, displayName: 'GPT-4o mini' },
        answers: 1,
        inputTokens: 1500,
        outputTokens: 600,
        costUsd: 0.000585,
      },
    ]);
    expectError(await t.api(`/api/teams/${teamId}/usage`, { token: member.jwt }), 403);
    const members = (await ok(t.api(`/api/teams/${teamId}/members`, { token: member.jwt }))).data;
    expect(members.find((m: { user: { id: number } }) => m.user?.id === member.user.id).spentUsd).toBe(0.000585);
  });

  it('at most the answers the allowance covers start when several start at once; the rest are refused', async () => {
    const racer = await t.signUp('kracer');
    await join(admin, teamId, racer);
    // $0.0012 covers two holds of $0.0006: of five answers started together, two are answered
    await ok(
      post(admin.jwt, '/api/add-new-team-shared-settings', {
        teamId,
        userId: racer.user.id,
        monthlyAllowanceUsd: 0.0012,
      }),
    );
    const chatId = await chatOf(racer.jwt);
    fake.reset();
    const slow = { chunks: ['Slow ', 'answer.'], delayMs: 50, usage: { input: 1500, output: 600 } };
    fake.script(slow, slow, slow, slow, slow);
    const results = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((text) =>
        stream(t.url, `/api/chats/${chatId}/messages`, { token: racer.jwt, body: { text, modelId } }),
      ),
    );
    const answered = results.filter((r) => r.events.at(-1)?.event === 'done');
    const refused = results.filter((r) => r.status === 400);
    expect([answered.length, refused.length]).toEqual([2, 3]);
    for (const r of refused)
      expect(r.json?.error?.message).toBe('Your monthly allowance in the team Keyholders is spent');
    expect(fake.requests).toHaveLength(2);
    const mine = (await usage(admin.jwt, teamId)).members.find((m) => m.user.id === racer.user.id);
    expect(mine).toMatchObject({ allowanceUsd: 0.0012, spentUsd: 0.00117, heldUsd: 0 });
    // what is left ($0.00003) does not cover another answer: Inactive, saying why
    expect((await modelOf(racer.jwt)).inactiveReason).toBe('Your monthly allowance in the team Keyholders is spent');
  });

  it('says why when the team settings are off or the key was removed, and serves again when they are back', async () => {
    await ok(post(admin.jwt, '/api/disable-team-settings', { teamId }));
    expect((await modelOf(member.jwt)).inactiveReason).toBe('Team settings are off in the team Keyholders');
    await ok(post(admin.jwt, '/api/enable-team-settings', { teamId }));
    await ok(t.api('/api/ai-settings/keys/openai', { method: 'DELETE', token: sharer.jwt }));
    expect((await modelOf(member.jwt)).inactiveReason).toBe(
      'The OpenAI key shared with the team Keyholders was removed',
    );
    const chatId = await chatOf(member.jwt);
    const refused = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token: member.jwt,
      body: { text: 'Still?', modelId },
    });
    expect([refused.status, refused.json?.error?.message]).toEqual([
      400,
      'The OpenAI key shared with the team Keyholders was removed',
    ]);
    await withKey(sharer);
    expect((await modelOf(member.jwt)).label).toBe('Team');
  });

  it('lets a member stop using the shared key, or prefer it to their own', async () => {
    await ok(post(member.jwt, '/api/remove-shared-api-key', { type: 'openai' }));
    expect(await modelOf(member.jwt)).toMatchObject({
      label: 'Inactive',
      inactiveReason: 'Please add your OpenAI API Key in settings to use this model',
    });
    await withKey(member);
    expect((await modelOf(member.jwt)).label).toBe('API');
    const chosen = teamKeySchema.parse(
      (await ok(post(member.jwt, '/api/set-shared-api-key-as-default', { type: 'OpenAI' }))).data,
    );
    expect(chosen.choice).toBe('default');
    expect((await modelOf(member.jwt)).label).toBe('Team');
    expectError(await post(member.jwt, '/api/set-shared-api-key-as-default', { type: 'anthropic' }), 404);
  });

  it('stops serving when admins disallow the model, the sharer stops sharing or leaves', async () => {
    await ok(post(admin.jwt, '/api/remove-model-from-team-shared-settings', { settingId: keyId, modelId }));
    expect((await modelOf(admin.jwt)).inactiveReason).toBe("GPT-4o mini is not allowed with the team Keyholders's key");
    await ok(post(admin.jwt, '/api/add-new-model-to-team-shared-settings', { settingId: keyId, modelId }));
    expectError(await post(member.jwt, '/api/delete-team-shared-settings', { teamId, settingId: keyId }), 403);
    // the sharer leaves: their key goes with them
    await ok(t.api(`/api/teams/${teamId}/members/${sharer.user.id}`, { method: 'DELETE', token: sharer.jwt }));
    expect((await ok(t.api('/api/get-shared-team-settings', { token: admin.jwt }))).data).toEqual([]);
    expect((await modelOf(admin.jwt)).inactiveReason).toBe(
      'Please add your OpenAI API Key in settings to use this model',
    );
    // shared again by another member, then taken back by its sharer
    await withKey(admin);
    const again = teamKeySchema.parse(
      (await ok(post(admin.jwt, '/api/share-key-with-team', { teamId, provider: 'openai' }), 201)).data,
    );
    const removed = await ok(post(admin.jwt, '/api/delete-team-shared-settings', { teamId }));
    expect(removed.data.removed).toEqual([again.id]);
  });
});

describe('a custom endpoint shared with a team', () => {
  const ENDPOINT_KEY = 'sk-endpoint-secret-4242';
  it('serves its models to members (Team once allowed, charged to the allowance), never its address or key', async () => {
    const [lead, sharer, member] = await signUps('eplead', 'epsharer', 'epmember');
    const team = await newTeam(lead, 'Endpointers');
    await join(lead, team.id, sharer);
    await join(lead, team.id, member);
    const endpoint = await ok(
      t.api('/api/ai-endpoints', {
        token: sharer.jwt,
        body: { name: 'Lab vLLM', kind: 'openai-compatible', baseUrl: `${fake.url}/v1`, apiKey: ENDPOINT_KEY },
      }),
      201,
    );
    const endpointModel = endpoint.data.models.find((m: { model: string }) => m.model === MODEL);
    // only its owner shares it
    expectError(
      await post(member.jwt, '/api/share-key-with-team', { teamId: team.id, endpointId: endpoint.data.id }),
      404,
    );
    const shared = teamKeySchema.parse(
      (await ok(post(sharer.jwt, '/api/share-key-with-team', { teamId: team.id, endpointId: endpoint.data.id }), 201))
        .data,
    );
    expect([shared.kind, shared.provider, shared.keyMask]).toEqual(['endpoint', 'Lab vLLM', null]);
    const endpointModelOf = async (token: string) => {
      const found = (await models(token)).find((m) => m.id === endpointModel.id);
      if (!found) throw new Error('the endpoint model is not listed');
      return found;
    };
    expect(await endpointModelOf(member.jwt)).toMatchObject({
      provider: 'Lab vLLM',
      label: 'Inactive',
      inactiveReason: `${MODEL} is not allowed with the team Endpointers's endpoint`,
    });
    await ok(
      post(lead.jwt, '/api/add-new-model-to-team-shared-settings', { settingId: shared.id, modelId: endpointModel.id }),
    );
    expect((await endpointModelOf(member.jwt)).inactiveReason).toBe(
      'Your monthly allowance in the team Endpointers is spent',
    );
    await ok(post(lead.jwt, '/api/update-team-shared-settings', { teamId: team.id, monthlyAllowanceUsd: 1 }));
    expect(await endpointModelOf(member.jwt)).toMatchObject({
      label: 'Team',
      team: { id: team.id, name: 'Endpointers', keyId: shared.id },
    });
    // its owner uses it as their own
    expect((await endpointModelOf(sharer.jwt)).label).toBe('API');

    const chatId = await chatOf(member.jwt);
    fake.reset();
    fake.script({ chunks: ['Through ', 'the lab.'], usage: { input: 1200, output: 300 } });
    const answer = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token: member.jwt,
      body: { text: 'Hello', modelId: endpointModel.id },
    });
    expect([answer.events.at(-1)?.event, answer.text]).toEqual(['done', 'Through the lab.']);
    expect(fake.requests.at(-1)?.auth).toEqual({ present: true, last4: '4242' });
    // an endpoint has no prices: the answer is counted against the member's allowance at $0, its hold given back
    const month = await usage(lead.jwt, team.id);
    expect(month.members.find((m) => m.user.id === member.user.id)).toMatchObject({ spentUsd: 0, heldUsd: 0 });
    expect(month.models).toEqual([
      {
        user: { id: member.user.id, username: member.user.username },
        model: { id: endpointModel.id, displayName: MODEL },
        answers: 1,
        inputTokens: 1200,
        outputTokens: 300,
        costUsd: 0,
      },
    ]);
    // no allowance, no answer
    await ok(
      post(lead.jwt, '/api/add-new-team-shared-settings', {
        teamId: team.id,
        userId: member.user.id,
        monthlyAllowanceUsd: 0,
      }),
    );
    const refused = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token: member.jwt,
      body: { text: 'Again', modelId: endpointModel.id },
    });
    expect([refused.status, refused.json?.error?.message]).toEqual([
      400,
      'Your monthly allowance in the team Endpointers is spent',
    ]);
    await ok(
      post(lead.jwt, '/api/add-new-team-shared-settings', {
        teamId: team.id,
        userId: member.user.id,
        monthlyAllowanceUsd: 1,
      }),
    );

    const address = new URL(fake.url).host;
    const seen = [JSON.stringify(answer.events), JSON.stringify(refused.json)];
    for (const path of [
      '/api/user-models',
      '/api/ai-models?pageSize=100',
      '/api/ai-endpoints',
      '/api/get-shared-team-settings',
      `/api/teams/${team.id}/members`,
      `/api/chats/${chatId}/messages`,
    ])
      seen.push(JSON.stringify(await ok(t.api(path, { token: member.jwt }))));
    seen.push(JSON.stringify(await ok(t.api('/api/get-shared-team-settings', { token: lead.jwt }))));
    for (const body of seen) expect([body.includes(address), body.includes('secret-4242')]).toEqual([false, false]);

    // the sharer removes the endpoint: the team's list says so, and members still see its models, Inactive saying why
    await ok(t.api(`/api/ai-endpoints/${endpoint.data.id}`, { method: 'DELETE', token: sharer.jwt }));
    const [removed] = teamKeySchema
      .array()
      .parse((await ok(t.api(`/api/get-shared-team-settings?teamId=${team.id}`, { token: member.jwt }))).data);
    expect(removed?.unusableReason).toBe('The endpoint Lab vLLM shared with the team Endpointers was removed');
    expect(removed?.models.map((m) => m.id)).toEqual([endpointModel.id]);
    const noLonger = `${MODEL} is no longer available: the endpoint Lab vLLM shared with the team Endpointers was removed`;
    expect(await endpointModelOf(member.jwt)).toMatchObject({
      provider: 'Lab vLLM',
      label: 'Inactive',
      inactiveReason: noLonger,
      team: null,
    });
    // only the team's members: its owner no longer has it, nor its models, and may use its name again
    expect((await ok(t.api('/api/ai-endpoints', { token: sharer.jwt }))).data).toEqual([]);
    expect((await models(sharer.jwt)).some((m) => m.provider === 'Lab vLLM')).toBe(false);
    // the chat still opens with its answer; sending to the model is refused, saying why, and reaches nothing
    const [kept] = await storedMessages(t, member.jwt, chatId);
    expect(kept).toMatchObject({ text: 'Through the lab.', modelId: endpointModel.id, provider: 'Lab vLLM' });
    const requests = fake.requests.length;
    const gone = await t.api(`/api/chats/${chatId}/messages`, {
      token: member.jwt,
      body: { text: 'Still there?', modelId: endpointModel.id },
    });
    expect(expectError(gone, 400).details).toEqual({ errors: [{ path: 'modelId', message: noLonger }] });
    expect(fake.requests).toHaveLength(requests);
    const again = await ok(
      t.api('/api/ai-endpoints', {
        token: sharer.jwt,
        body: { name: 'Lab vLLM', kind: 'openai-compatible', baseUrl: `${fake.url}/v1` },
      }),
      201,
    );
    expect(again.data.id).not.toBe(endpoint.data.id);
    // once the team stops sharing it, its models are gone from the members' list
    await ok(post(lead.jwt, '/api/delete-team-shared-settings', { teamId: team.id, settingId: shared.id }));
    expect((await models(member.jwt)).some((m) => m.id === endpointModel.id)).toBe(false);
  });
});

describe('a shared endpoint a member stopped using', () => {
  it('says it was removed once its sharer removes it, rather than that it is not shared', async () => {
    const [lead, sharer, member] = await signUps('eslead', 'essharer', 'esmember');
    const team = await newTeam(lead, 'Stoppers');
    await join(lead, team.id, sharer);
    await join(lead, team.id, member);
    const { endpointId, modelId, shared } = await allowedSharedEndpoint(lead, sharer, team.id, 'Stop vLLM');
    const listed = async () => (await models(member.jwt)).find((m) => m.id === modelId);
    expect((await listed())?.label).toBe('Team');

    // the member stops using it (by the endpoint's name, in any case): Inactive, saying so
    expectFieldError(await post(member.jwt, '/api/remove-shared-api-key', { type: 'No such vLLM' }), 'data.type');
    const stopped = teamKeySchema.parse(
      (await ok(post(member.jwt, '/api/remove-shared-api-key', { type: 'stop vllm' }))).data,
    );
    expect([stopped.id, stopped.choice]).toEqual([shared.id, 'removed']);
    expect(await listed()).toMatchObject({
      label: 'Inactive',
      inactiveReason: 'You stopped using the endpoint Stop vLLM shared with the team Stoppers',
    });
    // making it their default takes it back; they stop again
    await ok(post(member.jwt, '/api/set-shared-api-key-as-default', { type: 'Stop vLLM' }));
    expect((await listed())?.label).toBe('Team');
    await ok(post(member.jwt, '/api/remove-shared-api-key', { type: 'Stop vLLM', settingId: shared.id }));
    expect((await listed())?.label).toBe('Inactive');

    // its sharer removes it: the removal is the reason, in the list and when a chat sends to it, settings on or off
    await ok(t.api(`/api/ai-endpoints/${endpointId}`, { method: 'DELETE', token: sharer.jwt }));
    const noLonger = `${MODEL} is no longer available: the endpoint Stop vLLM shared with the team Stoppers was removed`;
    expect(await listed()).toMatchObject({ label: 'Inactive', inactiveReason: noLonger });
    const chatId = await chatOf(member.jwt);
    fake.reset();
    const refused = await t.api(`/api/chats/${chatId}/messages`, {
      token: member.jwt,
      body: { text: 'Still there?', modelId },
    });
    expect(expectError(refused, 400).details).toEqual({ errors: [{ path: 'modelId', message: noLonger }] });
    expect(fake.requests).toHaveLength(0);
    await ok(post(lead.jwt, '/api/disable-team-settings', { teamId: team.id }));
    expect((await listed())?.inactiveReason).toBe(noLonger);
    const [key] = teamKeySchema
      .array()
      .parse((await ok(t.api(`/api/get-shared-team-settings?teamId=${team.id}`, { token: member.jwt }))).data);
    expect(key?.unusableReason).toBe('The endpoint Stop vLLM shared with the team Stoppers was removed');
    // a member who never stopped using it reads the same
    const other = await t.signUp('esother');
    await join(lead, team.id, other);
    expect((await models(other.jwt)).find((m) => m.id === modelId)?.inactiveReason).toBe(noLonger);
  });
});

describe("the row of an endpoint removed while shared (the server's own database, read directly)", () => {
  const app = setupInProcessApp(() => ({ ai: { outbound: makeOutbound(parseAddressPolicy('public,loopback')) } }));
  const call = (token: string, path: string, data: unknown, method = 'POST') =>
    app.client.api(path, { token, method, body: { data } });
  const rowOf = async (endpointId: number) =>
    (
      await app.database.db
        .select({ id: customEndpoints.id, removedAt: customEndpoints.removedAt })
        .from(customEndpoints)
        .where(eq(customEndpoints.id, endpointId))
    ).map((row) => ({ id: row.id, removed: row.removedAt !== null }));

  /** A lead's teams (one per name), a sharer in each sharing one endpoint, which the sharer then removes. */
  async function removedWhileShared(...teamNames: string[]) {
    const lead = await app.client.signUp('rrlead');
    const sharer = await app.client.signUp('rrsharer');
    const teamIds: number[] = [];
    for (const name of teamNames) {
      const team = teamSchema.parse((await ok(call(lead.jwt, '/api/teams', { name }), 201)).data);
      const invite = shareSchema.parse(
        (await ok(call(lead.jwt, `/api/teams/${team.id}/members`, { username: sharer.user.username }), 201)).data,
      );
      await ok(app.client.api(`/api/shares/${invite.id}/accept`, { method: 'POST', token: sharer.jwt }));
      teamIds.push(team.id);
    }
    const endpoint = (
      await ok(
        app.client.api('/api/ai-endpoints', {
          token: sharer.jwt,
          body: { name: 'Gone vLLM', kind: 'openai-compatible', baseUrl: `${fake.url}/v1` },
        }),
        201,
      )
    ).data as { id: number };
    const keyIds: number[] = [];
    for (const teamId of teamIds)
      keyIds.push(
        teamKeySchema.parse(
          (await ok(call(sharer.jwt, '/api/share-key-with-team', { teamId, endpointId: endpoint.id }), 201)).data,
        ).id,
      );
    await ok(app.client.api(`/api/ai-endpoints/${endpoint.id}`, { method: 'DELETE', token: sharer.jwt }));
    expect(await rowOf(endpoint.id)).toEqual([{ id: endpoint.id, removed: true }]);
    return { lead, sharer, teamIds, keyIds, endpointId: endpoint.id };
  }

  it('stays while a team shares it, and goes with the last team deleted', async () => {
    const { lead, teamIds, endpointId } = await removedWhileShared('Keepers', 'Droppers');
    await ok(app.client.api(`/api/teams/${teamIds[0]}`, { method: 'DELETE', token: lead.jwt }));
    expect(await rowOf(endpointId)).toEqual([{ id: endpointId, removed: true }]);
    await ok(call(lead.jwt, '/api/delete-team-settings', { id: teamIds[1] }));
    expect(await rowOf(endpointId)).toEqual([]);
  });

  it('goes when its sharer is removed from the team, or leaves it', async () => {
    const removed = await removedWhileShared('Removers');
    await ok(
      app.client.api(`/api/teams/${removed.teamIds[0]}/members/${removed.sharer.user.id}`, {
        method: 'DELETE',
        token: removed.lead.jwt,
      }),
    );
    expect(await rowOf(removed.endpointId)).toEqual([]);
    const left = await removedWhileShared('Leavers');
    await ok(
      app.client.api(`/api/teams/${left.teamIds[0]}/members/${left.sharer.user.id}`, {
        method: 'DELETE',
        token: left.sharer.jwt,
      }),
    );
    expect(await rowOf(left.endpointId)).toEqual([]);
  });

  it('goes when the share is withdrawn, or the team’s owner deletes their account', async () => {
    const withdrawn = await removedWhileShared('Withdrawers');
    await ok(
      call(withdrawn.lead.jwt, '/api/delete-team-shared-settings', {
        teamId: withdrawn.teamIds[0],
        settingId: withdrawn.keyIds[0],
      }),
    );
    expect(await rowOf(withdrawn.endpointId)).toEqual([]);
    const orphaned = await removedWhileShared('Orphans');
    await ok(call(orphaned.lead.jwt, '/api/delete-userdata', { password: PASSWORD }, 'DELETE'));
    expect(await rowOf(orphaned.endpointId)).toEqual([]);
  });

  it.runIf(backend === 'postgres')('goes when its last two shares go at once (PostgreSQL)', async () => {
    const { lead, teamIds, endpointId } = await removedWhileShared('Racers', 'Chasers');
    const { db } = app.database;
    const lockWaits = async () =>
      (
        await selectRows<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        )
      )[0]?.n ?? 0;
    let second: Promise<ApiResponse> | undefined;
    let secondDone = false;
    await db.transaction(async (tx) => {
      // One team deleted in a transaction held open after its trigger ran (it saw the other share: nothing to drop)…
      await tx.execute(sql`DELETE FROM teams WHERE id = ${teamIds[0]}`);
      second = app.client.api(`/api/teams/${teamIds[1]}`, { method: 'DELETE', token: lead.jwt });
      void second.then(() => {
        secondDone = true;
      });
      // …while the other's waits on the endpoint's lock (without it, it would end now, having seen the first share).
      for (let waited = 0; !secondDone && (await lockWaits()) === 0; waited += 20) {
        if (waited > 20_000) throw new Error('the second deletion neither waited nor ended');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    expect((await second)?.status).toBe(200);
    expect(await rowOf(endpointId)).toEqual([]);
  });
});

describe("a shared endpoint's failures", () => {
  const ENDPOINT_KEY = 'sk-endpoint-secret-5151';
  const LEAKED_KEY = 'sk-upstream-LEAK-0123456789abcdef';
  const LEAKED_URL = 'https://admin:hunter2@10.1.2.3:8443/v1';
  /** An upstream's error body repeating keys, an address with credentials and a header. */
  const BODY = `Incorrect API key provided: ${ENDPOINT_KEY}; ${LEAKED_URL} refused ${LEAKED_KEY} (Authorization: Bearer ${LEAKED_KEY})`;

  it('reach a member as what happened and whom to ask, never a key, an address or the body; its sharer reads more', async () => {
    const [lead, sharer, member] = await signUps('eflead', 'efsharer', 'efmember');
    const team = await newTeam(lead, 'Failers');
    await join(lead, team.id, sharer);
    await join(lead, team.id, member);
    const { modelId } = await allowedSharedEndpoint(lead, sharer, team.id, 'Flaky vLLM', ENDPOINT_KEY);
    const secrets = [ENDPOINT_KEY, LEAKED_KEY, 'hunter2', '10.1.2.3', new URL(fake.url).host, BODY.slice(0, 28)];
    const leaks = (seen: unknown) => secrets.filter((secret) => JSON.stringify(seen).includes(secret));
    const askSharer = `Ask ${sharer.user.username}, who shared it with the team Failers, to check it.`;

    // a refused key, an error in the middle of the answer: the stream and the stored message
    const chatId = await chatOf(member.jwt);
    fake.reset();
    fake.script(
      { chunks: [], status: 401, errorMessage: BODY },
      { chunks: ['Half '], errorAfter: 1, errorMessage: BODY },
    );
    const ends = [];
    for (const text of ['One', 'Two']) {
      const answer = await stream(t.url, `/api/chats/${chatId}/messages`, {
        token: member.jwt,
        body: { text, modelId },
      });
      expect(leaks(answer.events)).toEqual([]);
      ends.push([answer.events.at(-1)?.event, answer.events.at(-1)?.data.message]);
    }
    expect(ends).toEqual([
      ['error', `Flaky vLLM answered 401: it refused the key. ${askSharer}`],
      ['error', `Flaky vLLM failed. ${askSharer}`],
    ]);
    expect(fake.requests).toHaveLength(2);
    const stored = await storedMessages(t, member.jwt, chatId);
    expect(stored.map((m) => m.status)).toEqual(['error', 'error']);
    expect(leaks(stored)).toEqual([]);

    // the prompt optimizer through it (no retries: a failure on its side is told at once)
    const prompt = await ok(
      t.api('/api/prompts', { token: member.jwt, body: { data: { title: 'P', text: 'a poem' } } }),
      201,
    );
    fake.script({ chunks: [], status: 500, errorMessage: BODY });
    const optimized = await t.api(`/api/prompts/${prompt.data.id}/optimize`, { token: member.jwt, body: { modelId } });
    expect(expectError(optimized, 502).message).toBe(`Flaky vLLM answered 500: it failed on its side. ${askSharer}`);
    expect(leaks(optimized.body)).toEqual([]);

    // its sharer, using it as their own, reads the upstream's words, with the keys and the address's password masked
    const ownChat = await chatOf(sharer.jwt);
    fake.script({ chunks: [], status: 401, errorMessage: BODY });
    const own = await stream(t.url, `/api/chats/${ownChat}/messages`, {
      token: sharer.jwt,
      body: { text: 'Mine', modelId },
    });
    expect(own.events.at(-1)?.data.message).toBe(
      'Flaky vLLM answered 401: Incorrect API key provided: ••••5151; https://•••@10.1.2.3:8443/v1 refused ••••cdef (Authorization: Bearer •••)',
    );
  });
});

describe('the prompt optimizer and Picture through a team key', () => {
  it('rewrite prompts and draw pictures with the shared key, each charged to the allowance, refused past it', async () => {
    const [lead, writer] = await signUps('pclead', 'pcwriter');
    const team = await newTeam(lead, 'Illustrators');
    await join(lead, team.id, writer);
    await withKey(lead);
    const [textModel, imageModel] = [
      await modelIdOf(t, writer.jwt, MODEL),
      await modelIdOf(t, writer.jwt, 'gpt-image-1'),
    ];
    await ok(
      post(lead.jwt, '/api/share-key-with-team', { teamId: team.id, provider: 'openai', modelIds: [textModel] }),
      201,
    );
    const [key] = teamKeySchema
      .array()
      .parse((await ok(t.api('/api/get-shared-by-settings', { token: lead.jwt }))).data);
    await ok(post(lead.jwt, '/api/add-new-model-to-team-shared-settings', { settingId: key?.id, modelId: imageModel }));
    // $0.10: two pictures hold 2 × $0.04 (1,000 output tokens at $40 per million), three do not fit
    await ok(
      post(lead.jwt, '/api/add-new-team-shared-settings', {
        teamId: team.id,
        userId: writer.user.id,
        monthlyAllowanceUsd: 0.1,
      }),
    );
    const spent = async () => (await usage(lead.jwt, team.id)).members.find((m) => m.user.id === writer.user.id);

    const prompt = await ok(
      t.api('/api/prompts', { token: writer.jwt, body: { data: { title: 'Poem', text: 'a poem' } } }),
      201,
    );
    fake.reset();
    fake.script({ chunks: ['Write a sonnet about the sea.'], usage: { input: 1500, output: 600 } });
    const optimized = await ok(
      t.api(`/api/prompts/${prompt.data.id}/optimize`, { token: writer.jwt, body: { modelId: textModel } }),
    );
    expect(optimized.data.text).toBe('Write a sonnet about the sea.');
    expect(fake.requests.at(-1)?.auth).toEqual({ present: true, last4: '7777' });
    expect(await spent()).toMatchObject({ spentUsd: 0.000585, heldUsd: 0 });

    const chatId = await chatOf(writer.jwt);
    const drawn = await t.api(`/api/chats/${chatId}/pictures`, {
      token: writer.jwt,
      body: { prompt: 'A lighthouse', modelId: imageModel, count: 2 },
    });
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(201);
    expect([fake.requests.at(-1)?.path, fake.requests.at(-1)?.auth]).toEqual([
      '/v1/images/generations',
      { present: true, last4: '7777' },
    ]);
    // the provider's usage (10 in × $5 + 100 out × $40 per million = $0.00405) is what is charged; the holds go
    expect(await spent()).toMatchObject({ spentUsd: 0.004635, heldUsd: 0 });
    const perModel = (await usage(lead.jwt, team.id)).models.map((m) => [m.model.displayName, m.answers, m.costUsd]);
    expect(perModel).toEqual(
      expect.arrayContaining([
        ['GPT-4o mini', 1, 0.000585],
        ['GPT Image 1', 1, 0.00405],
      ]),
    );

    const requests = fake.requests.length;
    const refused = await t.api(`/api/chats/${chatId}/pictures`, {
      token: writer.jwt,
      body: { prompt: 'Three lighthouses', modelId: imageModel, count: 3 },
    });
    expect(expectError(refused, 400).message).toBe('Your monthly allowance in the team Illustrators is spent');
    expect(fake.requests).toHaveLength(requests);
    expect(await spent()).toMatchObject({ spentUsd: 0.004635, heldUsd: 0 });

    // a failed rewrite costs nothing and gives its hold back
    fake.script({ chunks: [], status: 500 });
    expectError(
      await t.api(`/api/prompts/${prompt.data.id}/optimize`, { token: writer.jwt, body: { modelId: textModel } }),
      502,
    );
    expect(await spent()).toMatchObject({ spentUsd: 0.004635, heldUsd: 0 });
  });
});
