import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type ShareRole, shareRoles } from '@/lib/api/sharing-contract';
import type { ShareTarget } from '@/lib/library/sharing-api';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { RadioGroup } from '../ui/RadioGroup';
import { useLibraryApi } from './library-api-context';
import { myTeamsQuery } from './queries';

interface Props {
  target: ShareTarget;
  /** Called once an invitation or a team share is made. */
  onInvited: () => Promise<unknown>;
}

const ROLE_HINT: Record<ShareRole, string> = {
  viewer: 'reads',
  contributor: 'adds gems, edits their own',
  editor: 'edits every gem',
  admin: 'also manages who has access',
};

type Principal = 'person' | 'team';
const PRINCIPALS = [
  { value: 'person', label: 'A person' },
  { value: 'team', label: 'A team', hint: 'Its members have the access while they are members' },
] as const;

/** Share… 's form: a person (username or email) or one of the user's teams, with a role. */
export function ShareInviteForm({ target, onInvited }: Props) {
  const api = useLibraryApi();
  const id = useId();
  const [principal, setPrincipal] = useState<Principal>('person');
  const teams = useQuery({ ...myTeamsQuery(api), enabled: principal === 'team' });
  const [who, setWho] = useState('');
  const [teamId, setTeamId] = useState('');
  const [role, setRole] = useState<ShareRole>('viewer');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const chosenTeam = teamId || String(teams.data?.[0]?.id ?? '');

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (principal === 'person' && !who.trim()) return setFieldError('Give a username or an email');
    if (principal === 'team' && !chosenTeam) return setFieldError('Choose a team');
    setBusy(true);
    try {
      if (principal === 'person') await api.sharing.invite(target, who.trim(), role);
      else await api.sharing.inviteTeam(target, Number(chosenTeam), role);
      setWho('');
      setFieldError(undefined);
      await onInvited();
    } catch (e) {
      setFieldError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={invite} noValidate className="share-invite">
      <RadioGroup
        label="Share with"
        options={PRINCIPALS}
        value={principal}
        onChange={(value) => {
          setPrincipal(value);
          setFieldError(undefined);
        }}
      />
      {principal === 'person' ? (
        <Field id={`${id}-who`} label="Username or email" error={fieldError}>
          <input
            id={`${id}-who`}
            value={who}
            onChange={(e) => setWho(e.target.value)}
            maxLength={254}
            autoComplete="off"
          />
        </Field>
      ) : teams.data?.length === 0 ? (
        <p className="hint">You are in no team yet: make one or accept an invitation in the options page’s Teams.</p>
      ) : (
        <Field
          id={`${id}-team`}
          label="Team"
          error={fieldError ?? (teams.error ? errorMessage(teams.error) : undefined)}
        >
          <select
            id={`${id}-team`}
            value={chosenTeam}
            onChange={(e) => setTeamId(e.target.value)}
            disabled={!teams.data}
          >
            {teams.data?.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name} ({team.membersCount} member{team.membersCount === 1 ? '' : 's'})
              </option>
            ))}
          </select>
        </Field>
      )}
      <Field id={`${id}-role`} label="Role">
        <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as ShareRole)}>
          {shareRoles.map((r) => (
            <option key={r} value={r}>
              {r} — {ROLE_HINT[r]}
            </option>
          ))}
        </select>
      </Field>
      <Button
        type="submit"
        variant="primary"
        loading={busy}
        disabled={principal === 'team' && teams.data?.length === 0}
      >
        {principal === 'team' ? 'Share with team' : 'Invite'}
      </Button>
    </form>
  );
}
