import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@/lib/api/account-contract';
import { accountApi } from '@/lib/api/routes/account';
import { momentOf } from '@/lib/day';
import { errorMessage, isOffline } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { type AccountClient, accountKeys, sessionsQuery } from './queries';

const nameOf = (session: SessionInfo) => session.browser ?? 'An unknown browser';

/** Where you are signed in: each sign-in with its browser, address and dates; sign out one, or every other. */
export function SessionsList({ client }: { client: AccountClient }) {
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery(client));
  const signOut = useMutation({
    mutationFn: async (id: string | 'others') =>
      id === 'others'
        ? client.call(accountApi.signOutOthers)
        : client.call(accountApi.signOutSession, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
  const others = sessions.data?.filter((s) => !s.current) ?? [];
  return (
    <section aria-labelledby="sessions-heading" className="account-sessions">
      <h3 id="sessions-heading">Where you are signed in</h3>
      {sessions.isPending && <Spinner label="Loading sign-ins" />}
      {sessions.isError && !isOffline(sessions.error) && <Alert tone="error">{errorMessage(sessions.error)}</Alert>}
      {sessions.data && (
        <ul className="session-list">
          {sessions.data.map((session) => (
            <li key={session.id} aria-label={`${nameOf(session)}${session.current ? ' (this browser)' : ''}`}>
              <div>
                <strong>{nameOf(session)}</strong>
                {session.current && <span className="badge">This browser</span>}
                <p className="hint">
                  {session.address ? `${session.address} · ` : ''}signed in {momentOf(session.createdAt)} · last used{' '}
                  {momentOf(session.lastUsedAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  size="sm"
                  onClick={() => signOut.mutate(session.id)}
                  loading={signOut.isPending && signOut.variables === session.id}
                  aria-label={`Sign out ${nameOf(session)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {signOut.isError && <Alert tone="error">{errorMessage(signOut.error)}</Alert>}
      {others.length > 0 && (
        <Button onClick={() => signOut.mutate('others')} loading={signOut.isPending && signOut.variables === 'others'}>
          Sign out all other sign-ins
        </Button>
      )}
    </section>
  );
}
