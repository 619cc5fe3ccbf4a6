import { useState } from 'react';
import type { AdminApi } from '@/lib/operator/admin-api';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { useAdminChange, useInvitations } from './queries';

/** Invitations to register: make one (mailed when an email is given and SMTP is set), resend, withdraw. */
export function AdminInvitations({ api }: { api: AdminApi }) {
  const list = useInvitations(api);
  const [email, setEmail] = useState('');
  const invite = useAdminChange((address: string) => api.invite(address.trim() || undefined));
  const resend = useAdminChange((id: number) => api.resend(id));
  const withdraw = useAdminChange((id: number) => api.withdraw(id));
  const issued = resend.data ?? invite.data;
  const failed = [invite, resend, withdraw].find((m) => m.isError)?.error;
  return (
    <div>
      <h3>Invitations</h3>
      <form
        aria-label="Invite"
        onSubmit={(e) => {
          e.preventDefault();
          invite.mutate(email, { onSuccess: () => setEmail('') });
        }}
      >
        <Field id="invite-email" label="Email (optional)">
          <input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </Field>
        <Button type="submit" loading={invite.isPending}>
          Create invitation
        </Button>
      </form>
      {failed && <Alert tone="error">{errorMessage(failed)}</Alert>}
      {issued && (
        <Alert tone="info">
          {issued.mailed ? `Mailed to ${issued.email}. ` : 'Not mailed: hand over this link. '}
          It is shown only now: <output className="admin-link">{issued.link}</output>
        </Alert>
      )}
      {list.isError && <Alert tone="error">{errorMessage(list.error)}</Alert>}
      <ul className="admin-invitations">
        {list.data?.map((invitation) => (
          <li key={invitation.id}>
            {invitation.email ?? 'Anyone with the link'} · {invitation.status} · until{' '}
            {invitation.expiresAt.slice(0, 10)}
            {invitation.status !== 'used' && (
              <>
                <Button size="sm" onClick={() => resend.mutate(invitation.id)}>
                  Resend
                </Button>
                <Button size="sm" variant="ghost" onClick={() => withdraw.mutate(invitation.id)}>
                  Withdraw
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
