import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Share, type ShareRole, shareRoles } from '@/lib/api/sharing-contract';
import type { ShareTarget } from '@/lib/library/sharing-api';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { useLibraryApi } from './library-api-context';
import { libraryKeys, membersQuery } from './queries';
import { ShareInviteForm } from './ShareInviteForm';

interface Props {
  title: string;
  target: ShareTarget;
  onClose: () => void;
}

/** Who a member is in the list: their username, the address invited (no account yet), or a team. */
const whoOf = (share: Share) =>
  share.invitee.team ? `team ${share.invitee.team.name}` : (share.invitee.username ?? share.invitee.email ?? 'someone');

/**
 * Sharing a collection or tag: invite by username or email, or share with a team, with a role (ShareInviteForm), and
 * the members and invitations with their role (changed at once) and Remove. The server says who may do this (owner and admins); its refusals show here.
 */
export function ShareDialog({ title, target, onClose }: Props) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const members = useQuery(membersQuery(api, target));
  const [listError, setListError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: libraryKeys.members(target) });

  const change = (work: Promise<unknown>) =>
    work
      .then(() => {
        setListError(null);
        return refresh();
      })
      .catch((e) => setListError(errorMessage(e)));

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <ShareInviteForm target={target} onInvited={refresh} />
      <h3 className="share-members-heading">Who has access</h3>
      {members.isPending && <Skeleton height={48} shape="block" />}
      {members.error ? <ErrorMessage>{errorMessage(members.error)}</ErrorMessage> : null}
      {listError && <ErrorMessage>{listError}</ErrorMessage>}
      {members.data?.length === 0 && <p className="hint">Only you. Invite someone above.</p>}
      {members.data?.length ? (
        <ul className="share-members" aria-label="Members">
          {members.data.map((share) => (
            <li key={share.id} className="share-member">
              <span className="share-member-name">{whoOf(share)}</span>
              {share.status !== 'accepted' && <span className="share-member-status">{share.status}</span>}
              <select
                aria-label={`Role of ${whoOf(share)}`}
                value={share.role}
                onChange={(e) => void change(api.sharing.changeRole(share.id, e.target.value as ShareRole))}
              >
                {shareRoles.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
              <Button
                variant="danger"
                aria-label={`Remove ${whoOf(share)}`}
                onClick={() => void change(api.sharing.remove(share.id))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="dialog-actions">
        <Button onClick={onClose}>Done</Button>
      </div>
    </Dialog>
  );
}
