import { useQuery } from '@tanstack/react-query';
import type { User } from '@/lib/api/contract';
import { BlockedSites } from './BlockedSites';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount, type DeletedAccount } from './DeleteAccount';
import { ProfileForm } from './ProfileForm';
import { passwordStateQuery, useAccountClient } from './queries';
import { SessionsList } from './SessionsList';
import { SetPasswordForm } from './SetPasswordForm';

/** The signed-in user's account: profile, password, where they are signed in, blocked sites, deletion. */
export function AccountSettings({ user, onDeleted }: { user: User; onDeleted: (deleted: DeletedAccount) => void }) {
  const client = useAccountClient();
  const password = useQuery(passwordStateQuery(client));
  return (
    <div className="account-settings">
      <ProfileForm client={client} user={user} />
      {password.data?.hasPassword === false ? (
        <SetPasswordForm client={client} />
      ) : (
        <ChangePasswordForm client={client} />
      )}
      <SessionsList client={client} />
      <BlockedSites client={client} />
      <DeleteAccount
        client={client}
        username={user.username}
        hasPassword={password.data?.hasPassword}
        onDeleted={onDeleted}
      />
    </div>
  );
}
