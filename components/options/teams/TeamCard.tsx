import { useState } from 'react';
import { teamsApi } from '@/lib/api/routes/teams';
import type { Team } from '@/lib/api/teams-contract';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Switch } from '../../ui/Switch';
import type { AccountClient } from '../account/queries';
import { useTeamChange } from './queries';
import { TeamMembers } from './TeamMembers';
import { TeamSharedKeys } from './TeamSharedKeys';
import { TeamUsage } from './TeamUsage';
import { TransferTeam } from './TransferTeam';

/** One team: its settings (owner and admins), members, shared keys and usage; delete it (owner) or leave it. */
export function TeamCard({ client, team, selfId }: { client: AccountClient; team: Team; selfId: number }) {
  const manages = team.role !== 'member';
  const [name, setName] = useState(team.name);
  const [allowance, setAllowance] = useState(String(team.defaultAllowanceUsd));
  const update = useTeamChange((data: { name?: string; settingsEnabled?: boolean; defaultAllowanceUsd?: number }) =>
    client.call(teamsApi.update, { params: { id: team.id }, body: { data } }),
  );
  const leave = useTeamChange(() =>
    team.role === 'owner'
      ? client.call(teamsApi.remove, { params: { id: team.id } })
      : client.call(teamsApi.removeMember, { params: { id: team.id, userId: selfId } }),
  );
  const idOf = (what: string) => `team-${team.id}-${what}`;
  return (
    <article className="team" aria-labelledby={idOf('heading')}>
      <h3 id={idOf('heading')}>
        {team.name} <span className="team-role">{team.role}</span>
      </h3>
      <p className="hint">
        {team.membersCount === 1 ? '1 member' : `${team.membersCount} members`} · owner {team.owner.username}
      </p>
      {manages && (
        <form
          aria-label={`Settings of ${team.name}`}
          className="team-settings"
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ name, defaultAllowanceUsd: Number(allowance) });
          }}
        >
          <label htmlFor={idOf('name')}>Name</label>
          <input id={idOf('name')} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
          <label htmlFor={idOf('allowance')}>Monthly allowance per member (US$)</label>
          <input
            id={idOf('allowance')}
            type="number"
            min={0}
            step="0.01"
            value={allowance}
            onChange={(e) => setAllowance(e.target.value)}
          />
          <Button type="submit" size="sm" loading={update.isPending}>
            Save
          </Button>
        </form>
      )}
      {manages && (
        <Switch
          label="Team settings"
          hint="Off: the keys shared with this team serve no one."
          checked={team.settingsEnabled}
          onCheckedChange={(settingsEnabled) => update.mutate({ settingsEnabled })}
        />
      )}
      {update.isError && <Alert tone="error">{errorMessage(update.error)}</Alert>}
      <TeamMembers client={client} team={team} selfId={selfId} />
      <TeamSharedKeys client={client} team={team} selfId={selfId} />
      {manages && <TeamUsage client={client} team={team} />}
      {team.role === 'owner' && <TransferTeam client={client} team={team} />}
      <Button variant="danger" size="sm" loading={leave.isPending} onClick={() => leave.mutate(undefined)}>
        {team.role === 'owner' ? `Delete ${team.name}` : `Leave ${team.name}`}
      </Button>
      {leave.isError && <Alert tone="error">{errorMessage(leave.error)}</Alert>}
    </article>
  );
}
