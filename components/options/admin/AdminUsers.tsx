import { useState } from 'react';
import type { AdminUser } from '@/lib/api/operator-contract';
import type { AdminApi } from '@/lib/operator/admin-api';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useAdminChange, useAdminUsers } from './queries';

const bytes = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} kB` : `${(n / 1024 ** 2).toFixed(1)} MB`;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : 'never');

/** The users table of the admin section: what each holds and uses, and what an admin may do to them. */
export function AdminUsers({ api, selfId }: { api: AdminApi; selfId: number }) {
  const users = useAdminUsers(api);
  if (users.isPending) return <p>Loading users…</p>;
  if (users.isError) return <Alert tone="error">{errorMessage(users.error)}</Alert>;
  // each user is a body of two rows: what they hold and use, then what an admin may do (with the reset link), across
  // the whole table, so the page's 640 px leave the user's name and address room to read
  return (
    <div className="admin-table-scroll">
      <table className="admin-table">
        <caption>Users</caption>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Created</th>
            <th scope="col">Last sign-in</th>
            <th scope="col">Gems</th>
            <th scope="col">Storage</th>
          </tr>
        </thead>
        {users.data.map((user) => (
          <UserRows key={user.id} api={api} user={user} self={user.id === selfId} />
        ))}
      </table>
    </div>
  );
}

function UserRows({ api, user, self }: { api: AdminApi; user: AdminUser; self: boolean }) {
  const toggle = useAdminChange(() => api.setDisabled(user.id, !user.disabled));
  const remove = useAdminChange(() => api.deleteUser(user.id));
  const credits = useAdminChange((value: number) => api.setCredits(user.id, value));
  const reset = useAdminChange(() => api.resetLink(user.id));
  const [confirming, setConfirming] = useState(false);
  const [creditText, setCreditText] = useState(String(user.credits ?? ''));
  const failed = [toggle, remove, credits, reset].find((m) => m.isError)?.error;
  return (
    <tbody className="admin-user">
      <tr>
        <th scope="row">
          {user.username} <span className="admin-muted">{user.email}</span>
          {user.isAdmin && <span className="admin-badge">Admin</span>}
          {user.disabled && <span className="admin-badge">Disabled</span>}
        </th>
        <td className="admin-date">{day(user.createdAt)}</td>
        <td className="admin-date">{day(user.lastSignInAt)}</td>
        <td>{user.gemsCount}</td>
        <td>{bytes(user.storageBytes)}</td>
      </tr>
      <tr>
        <td colSpan={5} className="admin-actions-cell" aria-label={`Actions for ${user.username}`}>
          <div className="admin-actions">
            <form
              onSubmit={(e) => {
                e.preventDefault();
                credits.mutate(Number(creditText));
              }}
            >
              <label className="admin-muted" htmlFor={`admin-credits-${user.id}`}>
                Credits
              </label>
              <input
                id={`admin-credits-${user.id}`}
                aria-label={`Credits of ${user.username}`}
                placeholder="not set"
                inputMode="numeric"
                size={8}
                value={creditText}
                onChange={(e) => setCreditText(e.target.value)}
              />
              <Button type="submit" size="sm" loading={credits.isPending}>
                Set
              </Button>
            </form>
            {!self && (
              <Button size="sm" onClick={() => toggle.mutate(undefined)} loading={toggle.isPending}>
                {user.disabled ? `Enable ${user.username}` : `Disable ${user.username}`}
              </Button>
            )}
            <Button size="sm" onClick={() => reset.mutate(undefined)} loading={reset.isPending}>
              Reset link
            </Button>
            {!self &&
              (confirming ? (
                <Button size="sm" variant="danger" onClick={() => remove.mutate(undefined)} loading={remove.isPending}>
                  {`Delete ${user.username} and all their data`}
                </Button>
              ) : (
                <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                  {`Delete ${user.username}…`}
                </Button>
              ))}
          </div>
          {failed && <Alert tone="error">{errorMessage(failed)}</Alert>}
          {reset.data && <output className="admin-link">{reset.data}</output>}
        </td>
      </tr>
    </tbody>
  );
}
