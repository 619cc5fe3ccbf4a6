import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { teamsApi } from '@/lib/api/routes/teams';
import type { Team, TeamMember } from '@/lib/api/teams-contract';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import type { AccountClient } from '../account/queries';
import { formatUsd } from './money';
import { membersQuery, useTeamChange } from './queries';

const nameOf = (member: TeamMember) => member.user?.username ?? member.email ?? 'someone';

/** A team's members and invitations; owner and admins invite (username or email), change roles and allowances, remove. */
export function TeamMembers({ client, team, selfId }: { client: AccountClient; team: Team; selfId: number }) {
  const members = useQuery(membersQuery(client, team.id));
  const manages = team.role !== 'member';
  const [who, setWho] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const invite = useTeamChange(() => {
    const data = who.includes('@') ? { email: who.trim(), role } : { username: who.trim(), role };
    return client.call(teamsApi.invite, { params: { id: team.id }, body: { data } });
  });
  const update = useTeamChange(
    ({ userId, data }: { userId: number; data: { role?: 'member' | 'admin'; monthlyAllowanceUsd?: number | null } }) =>
      client.call(teamsApi.updateMember, { params: { id: team.id, userId }, body: { data } }),
  );
  const remove = useTeamChange((userId: number) =>
    client.call(teamsApi.removeMember, { params: { id: team.id, userId } }),
  );
  const failed = [invite, update, remove].find((m) => m.isError)?.error;
  const idOf = (what: string) => `team-${team.id}-${what}`;
  return (
    <div className="team-members">
      <h4>Members</h4>
      {members.isError && <Alert tone="error">{errorMessage(members.error)}</Alert>}
      <ul aria-label={`Members of ${team.name}`}>
        {members.data?.map((member) => (
          <li key={member.shareId ?? 'owner'}>
            <span>{nameOf(member)}</span> <span className="team-role">{member.role}</span>
            {member.status !== 'accepted' && <span className="team-status"> · {member.status}</span>}
            {member.status === 'accepted' && (
              <span className="hint">
                {' '}
                · spent {formatUsd(member.spentUsd)} of{' '}
                {member.monthlyAllowanceUsd === null ? 'the team allowance' : formatUsd(member.monthlyAllowanceUsd)}
              </span>
            )}
            {manages && member.role !== 'owner' && member.user && (
              <>
                <select
                  aria-label={`Role of ${nameOf(member)}`}
                  value={member.role}
                  onChange={(e) =>
                    member.user &&
                    update.mutate({ userId: member.user.id, data: { role: e.target.value as 'member' | 'admin' } })
                  }
                >
                  <option value="member">member</option>
                  <option value="admin">admin</option>
                </select>
                <AllowanceInput
                  label={`Monthly allowance of ${nameOf(member)} (US$)`}
                  value={member.monthlyAllowanceUsd}
                  onSave={(monthlyAllowanceUsd) =>
                    member.user && update.mutate({ userId: member.user.id, data: { monthlyAllowanceUsd } })
                  }
                />
              </>
            )}
            {manages && member.role !== 'owner' && member.user && member.user.id !== selfId && (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => member.user && remove.mutate(member.user.id)}
                aria-label={`Remove ${nameOf(member)}`}
              >
                Remove
              </Button>
            )}
          </li>
        ))}
      </ul>
      {manages && (
        <form
          aria-label={`Invite to ${team.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            invite.mutate(undefined, { onSuccess: () => setWho('') });
          }}
        >
          <label htmlFor={idOf('invite')}>Username or email</label>
          <input id={idOf('invite')} value={who} onChange={(e) => setWho(e.target.value)} />
          <label htmlFor={idOf('invite-role')}>Role</label>
          <select id={idOf('invite-role')} value={role} onChange={(e) => setRole(e.target.value as 'member' | 'admin')}>
            <option value="member">member</option>
            <option value="admin">admin</option>
          </select>
          <Button type="submit" size="sm" loading={invite.isPending}>
            Invite
          </Button>
        </form>
      )}
      {failed && <Alert tone="error">{errorMessage(failed)}</Alert>}
    </div>
  );
}

/** A member's own allowance: a number of dollars, or empty for the team's default. */
function AllowanceInput({
  label,
  value,
  onSave,
}: {
  label: string;
  value: number | null;
  onSave: (usd: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  return (
    <input
      aria-label={label}
      type="number"
      min={0}
      step="0.01"
      placeholder="team default"
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => {
        const next = text.trim() === '' ? null : Number(text);
        if (next !== value && (next === null || Number.isFinite(next))) onSave(next);
      }}
    />
  );
}
