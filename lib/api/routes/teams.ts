import { z } from 'zod';
import { dataOf, deletedSchema, listOf } from '../core-contract';
import { idParamSchema, MAX_ROW_ID, queryInteger } from '../integers';
import { defineRoute } from '../route';
import { shareSchema } from '../sharing-contract';
import {
  allowanceBody,
  createTeamBody,
  deleteTeamKeysBody,
  inviteToTeamBody,
  sharedKeyChoiceBody,
  shareKeyBody,
  teamIdBody,
  teamKeyModelBody,
  teamKeySchema,
  teamMemberSchema,
  teamSchema,
  teamSettingsIdBody,
  teamsSchema,
  teamUsageQuery,
  teamUsageSchema,
  transferTeamBody,
  updateMemberBody,
  updateTeamBody,
  updateTeamSettingsBody,
} from '../teams-contract';

const byId = z.object({ id: idParamSchema });
const byMember = z.object({ id: idParamSchema, userId: idParamSchema });
const TAG = 'Teams';
const IN_TEAM = 'Anyone outside the team gets a 404. ';
const ADMINS = `Only the owner and admins: a member gets a 403. ${IN_TEAM}`;
const KEYS =
  'A shared key is never sent: only its mask (last 4 characters). Members see the models admins allow through it ' +
  'labelled Team in `GET /api/user-models` (Inactive with why: allowance spent, model not allowed, key removed, team ' +
  'settings off). ';
const teamIdQuery = z.object({ teamId: queryInteger(1, MAX_ROW_ID).optional() });
const removedSchema = dataOf(z.object({ removed: z.array(z.number()) }));

/** Teams, their members, keys shared with them and members' allowances (server/features/teams/). */
export const teamsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/teams',
    tag: TAG,
    summary: 'My teams and my invitations to teams',
    description:
      'Invitations are accepted or declined with `POST /api/shares/{shareId}/accept` (or `/decline`), as a ' +
      "collection's are.",
    auth: 'user',
    responses: { 200: { description: 'Teams (oldest first) and pending invitations', schema: teamsSchema } },
    errors: [],
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/teams',
    tag: TAG,
    summary: 'Create a team (the caller is its owner)',
    description: 'The same as `POST /api/add-new-team-settings`.',
    auth: 'user',
    body: { type: 'json', schema: createTeamBody },
    responses: { 201: { description: 'The team', schema: dataOf(teamSchema) } },
    errors: [],
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/teams/{id}',
    tag: TAG,
    summary: 'Rename a team, switch its settings, set its default allowance',
    description: `Team settings off: its shared keys serve no one. ${ADMINS}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: updateTeamBody },
    responses: { 200: { description: 'The team', schema: dataOf(teamSchema) } },
    errors: [403, 404],
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/teams/{id}',
    tag: TAG,
    summary: 'Delete a team',
    description: `The owner only (others get a 403): memberships, shared keys, allowances and every access through it go. ${IN_TEAM}`,
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'The deleted team', schema: deletedSchema } },
    errors: [403, 404],
  }),
  members: defineRoute({
    method: 'get',
    path: '/api/teams/{id}/members',
    tag: TAG,
    summary: "A team's members and invitations",
    description: `The owner first; each with their role, allowance and what they spent this month. ${IN_TEAM}`,
    auth: 'user',
    params: byId,
    responses: { 200: { description: 'Members', schema: listOf(teamMemberSchema) } },
    errors: [404],
  }),
  invite: defineRoute({
    method: 'post',
    path: '/api/teams/{id}/members',
    tag: TAG,
    summary: 'Invite someone to a team',
    description:
      'By username or email, as member or admin: a sharing invitation (mailed when SMTP is configured), pending ' +
      'until accepted with `POST /api/shares/{id}/accept`. A username no account has is a 400; someone invited ' +
      `already a 409. ${ADMINS}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: inviteToTeamBody },
    responses: { 201: { description: 'The invitation', schema: dataOf(shareSchema) } },
    errors: [403, 404, 409],
  }),
  updateMember: defineRoute({
    method: 'put',
    path: '/api/teams/{id}/members/{userId}',
    tag: TAG,
    summary: "Change a member's role or monthly allowance",
    description: `\`monthlyAllowanceUsd: null\` gives back the team's default. Only the owner demotes an admin. ${ADMINS}`,
    auth: 'user',
    params: byMember,
    body: { type: 'json', schema: updateMemberBody },
    responses: { 200: { description: 'The member', schema: dataOf(teamMemberSchema) } },
    errors: [403, 404],
  }),
  removeMember: defineRoute({
    method: 'delete',
    path: '/api/teams/{id}/members/{userId}',
    tag: TAG,
    summary: 'Remove a member (or an invitation), or leave',
    description:
      'With your own id: leave (the owner cannot: 400). Otherwise owner and admins. The keys the member shared ' +
      `with the team stop serving it, and their access through it ends with their next request. ${IN_TEAM}`,
    auth: 'user',
    params: byMember,
    responses: { 200: { description: 'The member removed', schema: deletedSchema } },
    errors: [400, 403, 404],
  }),
  transfer: defineRoute({
    method: 'post',
    path: '/api/teams/{id}/transfer',
    tag: TAG,
    summary: 'Hand the team to another owner',
    description:
      'The owner only (an admin or member gets a 403). `userId` must be an accepted member: they become the owner and ' +
      `the old owner stays in the team as an admin. Anyone else is a 400 naming \`data.userId\`. ${IN_TEAM}`,
    auth: 'user',
    params: byId,
    body: { type: 'json', schema: transferTeamBody },
    responses: {
      200: { description: 'The team, as its old owner (now an admin) sees it', schema: dataOf(teamSchema) },
    },
    errors: [400, 403, 404],
  }),
  usage: defineRoute({
    method: 'get',
    path: '/api/teams/{id}/usage',
    tag: TAG,
    summary: "A month's spending through the team's keys",
    description: `Per member (allowance, spent, held by answers running) and per member and model. ${ADMINS}`,
    auth: 'user',
    params: byId,
    query: teamUsageQuery,
    responses: { 200: { description: 'Usage', schema: teamUsageSchema } },
    errors: [403, 404],
  }),
  // The spec's calls ("AI and teams"), kept as written.
  enableSettings: defineRoute({
    method: 'post',
    path: '/api/enable-team-settings',
    tag: TAG,
    summary: "Switch a team's settings on",
    description: `As \`PUT /api/teams/{id}\` with \`settingsEnabled: true\`. ${ADMINS}`,
    auth: 'user',
    body: { type: 'json', schema: teamIdBody },
    responses: { 200: { description: 'The team', schema: dataOf(teamSchema) } },
    errors: [403, 404],
  }),
  disableSettings: defineRoute({
    method: 'post',
    path: '/api/disable-team-settings',
    tag: TAG,
    summary: "Switch a team's settings off (its shared keys serve no one)",
    description: `As \`PUT /api/teams/{id}\` with \`settingsEnabled: false\`. ${ADMINS}`,
    auth: 'user',
    body: { type: 'json', schema: teamIdBody },
    responses: { 200: { description: 'The team', schema: dataOf(teamSchema) } },
    errors: [403, 404],
  }),
  addSettings: defineRoute({
    method: 'post',
    path: '/api/add-new-team-settings',
    tag: TAG,
    summary: 'Create a team',
    description: 'As `POST /api/teams`.',
    auth: 'user',
    body: { type: 'json', schema: createTeamBody },
    responses: { 201: { description: 'The team', schema: dataOf(teamSchema) } },
    errors: [],
  }),
  updateSettings: defineRoute({
    method: 'post',
    path: '/api/update-team-settings',
    tag: TAG,
    summary: 'Change a team',
    description: `As \`PUT /api/teams/{id}\`, the team's \`id\` in the body. ${ADMINS}`,
    auth: 'user',
    body: { type: 'json', schema: updateTeamSettingsBody },
    responses: { 200: { description: 'The team', schema: dataOf(teamSchema) } },
    errors: [403, 404],
  }),
  deleteSettings: defineRoute({
    method: 'post',
    path: '/api/delete-team-settings',
    tag: TAG,
    summary: 'Delete a team',
    description: 'As `DELETE /api/teams/{id}`, the id in the body.',
    auth: 'user',
    body: { type: 'json', schema: teamSettingsIdBody },
    responses: { 200: { description: 'The deleted team', schema: deletedSchema } },
    errors: [403, 404],
  }),
  shareKey: defineRoute({
    method: 'post',
    path: '/api/share-key-with-team',
    tag: TAG,
    summary: 'Share my provider key or custom endpoint with a team',
    description:
      `Any member shares their own key (it must be in their AI settings: else a 400 naming \`provider\`) or one of ` +
      'their custom endpoints (`endpointId`; its address and key are never sent to members). ' +
      `${KEYS}` +
      '`modelIds` (models of that provider or endpoint) are allowed at once when an admin shares; otherwise admins ' +
      'choose them. ' +
      `${IN_TEAM}`,
    auth: 'user',
    body: { type: 'json', schema: shareKeyBody },
    responses: { 201: { description: 'The shared key', schema: dataOf(teamKeySchema) } },
    errors: [404],
  }),
  sharedKeys: defineRoute({
    method: 'get',
    path: '/api/get-shared-team-settings',
    tag: TAG,
    summary: "Keys shared with my teams (or one team's)",
    description: `${KEYS}With \`teamId\`, that team's only (${IN_TEAM.trim()})`,
    auth: 'user',
    query: teamIdQuery,
    responses: { 200: { description: 'Shared keys, oldest first', schema: listOf(teamKeySchema) } },
    errors: [404],
  }),
  updateSharedSettings: defineRoute({
    method: 'post',
    path: '/api/update-team-shared-settings',
    tag: TAG,
    summary: "Set a member's monthly allowance, or the team's default",
    description: `In dollars at the catalogue's prices; without \`userId\`, the team's default. ${ADMINS}`,
    auth: 'user',
    body: { type: 'json', schema: allowanceBody },
    responses: { 200: { description: "The team's members", schema: listOf(teamMemberSchema) } },
    errors: [403, 404],
  }),
  addSharedSettings: defineRoute({
    method: 'post',
    path: '/api/add-new-team-shared-settings',
    tag: TAG,
    summary: "Give a member an allowance of their own (or set the team's default)",
    description: `As \`POST /api/update-team-shared-settings\`. ${ADMINS}`,
    auth: 'user',
    body: { type: 'json', schema: allowanceBody },
    responses: { 200: { description: "The team's members", schema: listOf(teamMemberSchema) } },
    errors: [403, 404],
  }),
  deleteSharedSettings: defineRoute({
    method: 'post',
    path: '/api/delete-team-shared-settings',
    tag: TAG,
    summary: 'Stop sharing a key with a team (or every key I shared with it)',
    description:
      "With `settingId`: that key (its sharer, or the team's owner and admins; other members get a 403). Without: " +
      `every key the caller shared with the team. ${IN_TEAM}`,
    auth: 'user',
    body: { type: 'json', schema: deleteTeamKeysBody },
    responses: { 200: { description: 'The keys no longer shared', schema: removedSchema } },
    errors: [403, 404],
  }),
  sharedBy: defineRoute({
    method: 'get',
    path: '/api/get-shared-by-settings',
    tag: TAG,
    summary: 'Keys I shared with teams',
    description: KEYS,
    auth: 'user',
    responses: { 200: { description: 'My shared keys', schema: listOf(teamKeySchema) } },
    errors: [],
  }),
  addModel: defineRoute({
    method: 'post',
    path: '/api/add-new-model-to-team-shared-settings',
    tag: TAG,
    summary: 'Allow a model through a shared key',
    description: `A model of the key's provider (else a 400 naming \`modelId\`). ${ADMINS}`,
    auth: 'user',
    body: { type: 'json', schema: teamKeyModelBody },
    responses: { 200: { description: 'The shared key', schema: dataOf(teamKeySchema) } },
    errors: [403, 404],
  }),
  removeModel: defineRoute({
    method: 'post',
    path: '/api/remove-model-from-team-shared-settings',
    tag: TAG,
    summary: 'No longer allow a model through a shared key',
    description: `Members see it Inactive ("not allowed"). ${ADMINS}`,
    auth: 'user',
    body: { type: 'json', schema: teamKeyModelBody },
    responses: { 200: { description: 'The shared key', schema: dataOf(teamKeySchema) } },
    errors: [403, 404],
  }),
  setDefault: defineRoute({
    method: 'post',
    path: '/api/set-shared-api-key-as-default',
    tag: TAG,
    summary: "Use a provider's shared key before my own",
    description:
      "`type` is the provider, or a shared endpoint's name; `settingId` picks one of several shared keys. Its models " +
      'are then labelled Team even when the caller has a key of their own. No such shared key: a 404.',
    auth: 'user',
    body: { type: 'json', schema: sharedKeyChoiceBody },
    responses: { 200: { description: 'The shared key', schema: dataOf(teamKeySchema) } },
    errors: [404],
  }),
  removeShared: defineRoute({
    method: 'post',
    path: '/api/remove-shared-api-key',
    tag: TAG,
    summary: "Stop using a provider's shared key",
    description:
      '`type` as for `set-shared-api-key-as-default`. Only for the caller (the key stays shared with the others); ' +
      '`set-shared-api-key-as-default` takes it back. A model of a shared endpoint the caller stopped using is ' +
      'Inactive saying so, or, once its sharer removed it, saying that. No such shared key: a 404.',
    auth: 'user',
    body: { type: 'json', schema: sharedKeyChoiceBody },
    responses: { 200: { description: 'The shared key', schema: dataOf(teamKeySchema) } },
    errors: [404],
  }),
};
