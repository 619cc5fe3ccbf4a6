import '@/assets/gem-form.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Gem } from '@/lib/api/contract';
import type { ActivePage } from '@/lib/messaging/types';
import { unwrap, useBackground } from '../../app/background-context';
import { appKeys, collectionsQuery, sessionQuery, sharedCollectionsQuery, tagsQuery } from '../../app/queries';
import { SaveGemForm } from '../../popup/SaveGemForm';
import { useToast } from '../../ui/Toast';
import { usePageInChat } from '../chat-session';
import type { DrawerPanelProps } from '../drawer-panel-props';

interface EditGemPanelProps {
  page: ActivePage;
  gem: Gem;
  onDone: () => void;
}

/** The drawer's Edit Gem: the attached page's first saved gem, when there is one. */
export function EditGemDrawer({ close }: DrawerPanelProps) {
  const { page, pageGems } = usePageInChat();
  const gem = pageGems[0];
  return page && gem ? <EditGemPanel page={page} gem={gem} onDone={close} /> : null;
}

/** Edit Gem (Chat Settings): the attached page's saved gem, edited in place with the popup's form. */
export function EditGemPanel({ page, gem, onDone }: EditGemPanelProps) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const toast = useToast();
  const session = useQuery(sessionQuery(background));
  const collections = useQuery(collectionsQuery(background));
  const tags = useQuery(tagsQuery(background));
  const sharedCollections = useQuery(sharedCollectionsQuery(background));
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: appKeys.gemsAtUrlAll });
    void queryClient.invalidateQueries({ queryKey: appKeys.collections });
    onDone();
  };
  return (
    <SaveGemForm
      tab={page}
      page={page}
      existing={gem}
      lookupOffline={false}
      collections={collections.data ?? []}
      sharedCollections={sharedCollections.data ?? []}
      tags={tags.data ?? []}
      defaultCollectionId={session.data?.user?.unfiltered_collection_id ?? undefined}
      filledIn={!!collections.data && !!tags.data}
      collectionsLoaded={!!collections.data}
      onCreateCollection={async (name) => unwrap(await background.createCollection({ name }))}
      onSave={async (build) => {
        const edited = build(page);
        // An update keeps the gem's collection unless one is given (null is not a collection id).
        unwrap(
          await background.updateGem({
            id: gem.id,
            gem: { ...edited, collectionId: edited.collectionId ?? undefined },
          }),
        );
        toast('success', 'Gem updated');
        changed();
      }}
      onDelete={async (id) => {
        unwrap(await background.deleteGem({ id }));
        toast('success', 'Gem deleted.');
        changed();
      }}
    />
  );
}
