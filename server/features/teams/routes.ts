import type { Context } from 'hono';
import { teamsApi } from '../../../lib/api/routes/teams';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { resolveProvider } from '../ai-settings/ai-settings';
import { mailInvitation } from '../sharing/invitation-mail';
import { baseUrlOf } from '../uploads/upload-files';
import { inviteToTeam, listMembers, removeMember, setAllowance, type TeamInviteInput, updateMember } from './members';
import { chooseKey, keysSharedBy, setKeyModel, sharedTeamKeys, shareKey, unshareKeys } from './team-keys';
import { createTeam, deleteTeam, listTeams, type TeamChange, transferTeam, updateTeam } from './teams';
import { teamUsage } from './usage';

/** Teams, their members, shared keys and allowances; mounted at /api. */
export function teamRoutes({ db, ai, mail, files }: Deps) {
  const user = (c: Context<AppEnv>) => c.get('userId');
  const created = async (c: Context<AppEnv>, name: string) => ({
    status: 201 as const,
    body: { data: await createTeam(db, user(c), name) },
  });
  const changed = async (c: Context<AppEnv>, id: number, change: TeamChange) => ({
    status: 200 as const,
    body: { data: await updateTeam(db, user(c), id, change) },
  });
  const members = async (c: Context<AppEnv>, teamId: number) => {
    const data = await listMembers(db, user(c), teamId);
    return { status: 200 as const, body: { data, total: data.length } };
  };
  const invite = async (c: Context<AppEnv>, teamId: number, input: TeamInviteInput) => {
    const share = await inviteToTeam(db, user(c), teamId, input);
    void mailInvitation(db, mail, share, baseUrlOf(files.publicUrl, c.req.url));
    return { status: 201 as const, body: { data: share } };
  };
  const allowance = async (
    c: Context<AppEnv>,
    input: { teamId: number; userId?: number; monthlyAllowanceUsd: number },
  ) => {
    await setAllowance(db, user(c), input.teamId, input.userId, input.monthlyAllowanceUsd);
    return members(c, input.teamId);
  };
  return contractRoutes<AppEnv>('/api')
    .implement(teamsApi.list, async (c) => ({ status: 200, body: { data: await listTeams(db, user(c)) } }))
    .implement(teamsApi.create, (c, { body }) => created(c, body.data.name))
    .implement(teamsApi.addSettings, (c, { body }) => created(c, body.data.name))
    .implement(teamsApi.update, (c, { params, body }) => changed(c, params.id, body.data))
    .implement(teamsApi.updateSettings, (c, { body }) => {
      const { id, ...change } = body.data;
      return changed(c, id, change);
    })
    .implement(teamsApi.enableSettings, (c, { body }) => changed(c, body.data.teamId, { settingsEnabled: true }))
    .implement(teamsApi.disableSettings, (c, { body }) => changed(c, body.data.teamId, { settingsEnabled: false }))
    .implement(teamsApi.remove, async (c, { params }) => ({
      status: 200,
      body: { data: await deleteTeam(db, user(c), params.id) },
    }))
    .implement(teamsApi.deleteSettings, async (c, { body }) => ({
      status: 200,
      body: { data: await deleteTeam(db, user(c), body.data.id) },
    }))
    .implement(teamsApi.members, (c, { params }) => members(c, params.id))
    .implement(teamsApi.invite, (c, { params, body }) => invite(c, params.id, body.data))
    .implement(teamsApi.updateMember, async (c, { params, body }) => ({
      status: 200,
      body: { data: await updateMember(db, user(c), params.id, params.userId, body.data) },
    }))
    .implement(teamsApi.removeMember, async (c, { params }) => ({
      status: 200,
      body: { data: await removeMember(db, user(c), params.id, params.userId) },
    }))
    .implement(teamsApi.transfer, async (c, { params, body }) => ({
      status: 200,
      body: { data: await transferTeam(db, user(c), params.id, body.data.userId) },
    }))
    .implement(teamsApi.usage, async (c, { params, query }) => ({
      status: 200,
      body: { data: await teamUsage(db, user(c), params.id, query.month) },
    }))
    .implement(teamsApi.shareKey, async (c, { body }) => {
      const { teamId, modelIds, endpointId } = body.data;
      const provider =
        body.data.provider === undefined ? undefined : resolveProvider(body.data.provider, 'data.provider');
      return {
        status: 201,
        body: { data: await shareKey(db, ai, user(c), { teamId, provider, endpointId, modelIds }) },
      };
    })
    .implement(teamsApi.sharedKeys, async (c, { query }) => {
      const data = await sharedTeamKeys(db, ai, user(c), query.teamId);
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(teamsApi.sharedBy, async (c) => {
      const data = await keysSharedBy(db, ai, user(c));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(teamsApi.updateSharedSettings, (c, { body }) => allowance(c, body.data))
    .implement(teamsApi.addSharedSettings, (c, { body }) => allowance(c, body.data))
    .implement(teamsApi.deleteSharedSettings, async (c, { body }) => ({
      status: 200,
      body: { data: await unshareKeys(db, user(c), body.data.teamId, body.data.settingId) },
    }))
    .implement(teamsApi.addModel, async (c, { body }) => ({
      status: 200,
      body: { data: await setKeyModel(db, ai, user(c), body.data.settingId, body.data.modelId, true) },
    }))
    .implement(teamsApi.removeModel, async (c, { body }) => ({
      status: 200,
      body: { data: await setKeyModel(db, ai, user(c), body.data.settingId, body.data.modelId, false) },
    }))
    .implement(teamsApi.setDefault, async (c, { body }) => {
      return {
        status: 200,
        body: { data: await chooseKey(db, ai, user(c), body.data.type, 'default', body.data.settingId) },
      };
    })
    .implement(teamsApi.removeShared, async (c, { body }) => {
      return {
        status: 200,
        body: { data: await chooseKey(db, ai, user(c), body.data.type, 'removed', body.data.settingId) },
      };
    }).app;
}
