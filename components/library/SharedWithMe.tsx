import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SharedItem } from '@/lib/api/sharing-contract';
import { type LibrarySource, sameSource } from '@/lib/library/sources';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Menu } from '../ui/Menu';
import { MenuItem } from '../ui/MenuItem';
import { useLibraryApi } from './library-api-context';
import { invitationsQuery, libraryKeys, sharedWithMeQuery } from './queries';
import { SharedSubCollections } from './SharedSubCollections';
import { SidebarItem } from './SidebarItem';
import { TreeToggle } from './TreeToggle';
import { useExpandedCollections } from './use-expanded';
import { useLibraryChanged } from './use-library-changes';

interface Props {
  source: LibrarySource;
  onSelect: (source: LibrarySource) => void;
}

/**
 * The sidebar's "Shared with me": invitations waiting for an answer (Accept / Decline), then the collections and tags
 * others shared with the user, each listed through the search (`collectionId` / `tagId`), with Leave in its menu; under
 * a shared collection, behind its toggle, the sub-collections its share reaches.
 */
export function SharedWithMe({ source, onSelect }: Props) {
  const api = useLibraryApi();
  const changed = useLibraryChanged();
  const shared = useQuery(sharedWithMeQuery(api));
  const expanded = useExpandedCollections();
  const invitations = useQuery(invitationsQuery(api));
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  // The accepted item shows before the invitation leaves, so the section never blinks out in between.
  const respond = async (shareId: number, answer: 'accept' | 'decline') => {
    await api.sharing.respond(shareId, answer);
    if (answer === 'accept') await queryClient.refetchQueries({ queryKey: libraryKeys.sharedWithMe });
    queryClient.setQueryData<SharedItem[]>(libraryKeys.invitations, (list) =>
      list?.filter((invitation) => invitation.shareId !== shareId),
    );
  };
  const act = (work: Promise<unknown>, leaving?: SharedItem) =>
    work
      .then(() => {
        setError(null);
        if (leaving && sameSource(source, sourceOf(leaving))) onSelect({ kind: 'all' });
        changed();
      })
      .catch((e) => setError(errorMessage(e)));
  const items = [...(shared.data?.collections ?? []), ...(shared.data?.tags ?? [])];
  if (!items.length && !invitations.data?.length && !error) return null;
  return (
    <section aria-labelledby="library-shared-heading">
      <div className="library-nav-heading">
        <h2 id="library-shared-heading">Shared with me</h2>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {invitations.data?.length ? (
        <ul className="library-nav-list library-invitations" aria-label="Invitations">
          {invitations.data.map((invitation) => (
            <li key={invitation.shareId} className="library-invitation">
              <p>
                <strong>{invitation.owner.username}</strong> invites you to{' '}
                {invitation.kind === 'tag' ? `#${invitation.name}` : invitation.name} as {invitation.role}
              </p>
              <div className="library-invitation-actions">
                <Button
                  variant="primary"
                  onClick={() => void act(respond(invitation.shareId, 'accept'))}
                  aria-label={`Accept ${invitation.name}`}
                >
                  Accept
                </Button>
                <Button
                  onClick={() => void act(respond(invitation.shareId, 'decline'))}
                  aria-label={`Decline ${invitation.name}`}
                >
                  Decline
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="library-nav-list" aria-label="Shared collections and tags">
        {items.map((item) => (
          <li key={item.shareId}>
            <SidebarItem
              label={`${item.kind === 'tag' ? '#' : ''}${item.name} · ${item.owner.username}`}
              count={item.gemsCount}
              current={sameSource(source, sourceOf(item))}
              onSelect={() => onSelect(sourceOf(item))}
              toggle={
                item.subCollections.length ? (
                  <TreeToggle
                    name={item.name}
                    open={expanded.isOpen(item.id)}
                    onToggle={() => expanded.toggle(item.id)}
                  />
                ) : undefined
              }
              actions={
                <Menu
                  label={`Options for ${item.name}`}
                  triggerContent="⋯"
                  triggerClassName="ui-icon-button library-nav-menu"
                >
                  <MenuItem label="Leave" danger onSelect={() => void act(api.sharing.remove(item.shareId), item)} />
                </Menu>
              }
            />
            <SharedSubCollections item={item} source={source} onSelect={onSelect} expanded={expanded} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const sourceOf = (item: SharedItem): LibrarySource =>
  item.kind === 'collection' ? { kind: 'sharedCollection', id: item.id } : { kind: 'sharedTag', id: item.id };
