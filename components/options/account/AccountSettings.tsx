import type { User } from '@/lib/api/contract';
import { BlockedSites } from './BlockedSites';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccount, type DeletedAccount } from './DeleteAccount';
import { ProfileForm } from './ProfileForm';
import { useAccountClient } from './queries';
import { SessionsList } from './SessionsList';

/** The signed-in user's account: profile, password, where they are signed in, blocked sites, deletion. */
export function AccountSettings({ user, onDeleted }: { user: User; onDeleted: (deleted: DeletedAccount) => void }) {
  const client = useAccountClient();
  return (
    <div className="account-settings">
      <ProfileForm client={client} user={user} />
      <ChangePasswordForm client={client} />
      <SessionsList client={client} />
      <BlockedSites client={client} />
      <DeleteAccount client={client} onDeleted={onDeleted} />
    </div>
  );
}
