import { useState } from 'react';
import { teamsApi } from '@/lib/api/routes/teams';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { type AccountClient, useAccountClient } from '../account/queries';
import { answerInvitation, useTeamChange, useTeams } from './queries';
import { TeamCard } from './TeamCard';

/**
 * The options page's Teams section (README, "Teams"): invitations to answer, a new team, and each team the user is in
 * with its members, shared keys, allowances and usage. `client` supplies a client made elsewhere (component tests).
 */
export function TeamsSection({ client: given, selfId }: { client?: AccountClient; selfId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <section id="teams" aria-labelledby="teams-heading" className="teams">
      <h2 id="teams-heading">Teams</h2>
      <p className="hint">
        Share collections and AI keys with a group. Members use a shared key within the monthly allowance the team's
        admins give them; the key itself never leaves the server.
      </p>
      {/* Asked of the server only when opened: the options page opens with no request of its own. */}
      <Button aria-expanded={open} aria-controls="teams-body" onClick={() => setOpen(!open)}>
        {open ? 'Hide teams' : 'Show my teams'}
      </Button>
      {open && <TeamsBody client={given} selfId={selfId} />}
    </section>
  );
}

function TeamsBody({ client: given, selfId }: { client?: AccountClient; selfId: number }) {
  const lent = useAccountClient();
  const client = given ?? lent;
  const teams = useTeams(client);
  const [name, setName] = useState('');
  const create = useTeamChange((teamName: string) =>
    client.call(teamsApi.create, { body: { data: { name: teamName } } }),
  );
  const answer = useTeamChange(({ shareId, accept }: { shareId: number; accept: boolean }) =>
    answerInvitation(client, shareId, accept),
  );
  return (
    <div id="teams-body">
      {teams.isError && <Alert tone="error">{errorMessage(teams.error)}</Alert>}
      {teams.data?.invitations.length ? (
        <ul className="team-invitations" aria-label="Team invitations">
          {teams.data.invitations.map((invitation) => (
            <li key={invitation.shareId}>
              {invitation.invitedBy?.username ?? 'Someone'} invited you to {invitation.team.name} as {invitation.role}
              <Button size="sm" onClick={() => answer.mutate({ shareId: invitation.shareId, accept: true })}>
                Accept
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => answer.mutate({ shareId: invitation.shareId, accept: false })}
              >
                Decline
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {answer.isError && <Alert tone="error">{errorMessage(answer.error)}</Alert>}
      <form
        aria-label="New team"
        className="team-create"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(name, { onSuccess: () => setName('') });
        }}
      >
        <Field id="team-name" label="New team">
          <input id="team-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </Field>
        <Button type="submit" loading={create.isPending}>
          Create team
        </Button>
      </form>
      {create.isError && <Alert tone="error">{errorMessage(create.error)}</Alert>}
      {teams.data?.teams.length === 0 && <p className="hint">You are in no team yet.</p>}
      {teams.data?.teams.map((team) => (
        <TeamCard key={team.id} client={client} team={team} selfId={selfId} />
      ))}
    </div>
  );
}
