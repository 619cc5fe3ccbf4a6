import type { ApiClient } from '../api/client';
import { sharingApi } from '../api/routes/sharing';
import { teamsApi } from '../api/routes/teams';
import type { ShareRole } from '../api/sharing-contract';

export type ShareTarget = { kind: 'collection' | 'tag'; id: number };

/** The library's sharing calls (server/features/sharing): members of a collection or tag, invitations, shared with me. */
export function createSharingApi(client: ApiClient) {
  return {
    members: async (target: ShareTarget) =>
      (
        await client.call(target.kind === 'collection' ? sharingApi.collectionShares : sharingApi.tagShares, {
          params: { id: target.id },
        })
      ).data,
    /** Invites by username, or by email when the text has an `@`. */
    invite: async (target: ShareTarget, who: string, role: ShareRole) => {
      const data = who.includes('@') ? { email: who, role } : { username: who, role };
      const route = target.kind === 'collection' ? sharingApi.inviteToCollection : sharingApi.inviteToTag;
      return (await client.call(route, { params: { id: target.id }, body: { data } })).data;
    },
    /** Shares with a team the user is in: its members have the access while they are members. */
    inviteTeam: async (target: ShareTarget, teamId: number, role: ShareRole) => {
      const route = target.kind === 'collection' ? sharingApi.inviteToCollection : sharingApi.inviteToTag;
      return (await client.call(route, { params: { id: target.id }, body: { data: { teamId, role } } })).data;
    },
    /** The teams the user is in: those a collection or tag can be shared with. */
    myTeams: async () => (await client.call(teamsApi.list)).data.teams,
    changeRole: async (shareId: number, role: ShareRole) =>
      (await client.call(sharingApi.updateShare, { params: { id: shareId }, body: { data: { role } } })).data,
    /** Removes a member or an invitation, or (one's own share) leaves. */
    remove: async (shareId: number) => (await client.call(sharingApi.deleteShare, { params: { id: shareId } })).data,
    invitations: async () => (await client.call(sharingApi.invitations)).data,
    respond: async (shareId: number, answer: 'accept' | 'decline') =>
      (await client.call(answer === 'accept' ? sharingApi.accept : sharingApi.decline, { params: { id: shareId } }))
        .data,
    sharedWithMe: async () => (await client.call(sharingApi.sharedWithMe)).data,
  };
}

export type SharingApi = ReturnType<typeof createSharingApi>;
