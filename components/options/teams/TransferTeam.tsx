import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { teamsApi } from '@/lib/api/routes/teams';
import type { Team } from '@/lib/api/teams-contract';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import type { AccountClient } from '../account/queries';
import { membersQuery, useTeamChange } from './queries';

/**
 * The owner hands the team to a member: pick them, then confirm; the owner stays in the team as an admin
 * (`POST /api/teams/{id}/transfer`).
 */
export function TransferTeam({ client, team }: { client: AccountClient; team: Team }) {
  const members = useQuery(membersQuery(client, team.id));
  const heirs = (members.data ?? []).filter((m) => m.status === 'accepted' && m.role !== 'owner' && m.user);
  const [heirId, setHeirId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const transfer = useTeamChange((userId: number) =>
    client.call(teamsApi.transfer, { params: { id: team.id }, body: { data: { userId } } }),
  );
  if (!heirs.length) return null;
  const heir = heirs.find((m) => m.user?.id === heirId) ?? heirs[0];
  const heirName = heir?.user?.username ?? '';
  const selectId = `team-${team.id}-heir`;
  return (
    <div className="team-transfer">
      {!confirming ? (
        <div className="team-row">
          <label htmlFor={selectId}>New owner</label>
          <select id={selectId} value={heir?.user?.id} onChange={(e) => setHeirId(Number(e.target.value))}>
            {heirs.map((m) => (
              <option key={m.user?.id} value={m.user?.id}>
                {m.user?.username}
              </option>
            ))}
          </select>
          <Button size="sm" onClick={() => setConfirming(true)}>
            Hand over…
          </Button>
        </div>
      ) : (
        <fieldset className="team-confirm" aria-label={`Hand ${team.name} to ${heirName}`}>
          <Alert tone="info">
            {heirName} becomes the owner of {team.name}; you stay in it as an admin, and only they can hand it back or
            delete it.
          </Alert>
          <div className="team-row">
            <Button
              variant="danger"
              size="sm"
              loading={transfer.isPending}
              onClick={() => heir?.user && transfer.mutate(heir.user.id)}
            >
              Make {heirName} the owner
            </Button>
            <Button size="sm" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        </fieldset>
      )}
      {transfer.isError && <Alert tone="error">{errorMessage(transfer.error)}</Alert>}
    </div>
  );
}
