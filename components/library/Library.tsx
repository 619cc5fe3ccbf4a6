import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import type { Gem, User } from '@/lib/api/contract';
import { sourceQuery } from '@/lib/library/source-query';
import { ALL_GEMS, type LibrarySource, sourceKey } from '@/lib/library/sources';
import { allNodes, buildTree } from '@/lib/library/tree';
import { errorMessage } from '../app/background-context';
import { useToast } from '../ui/Toast';
import { GemSheet } from './GemSheet';
import { useLibraryApi } from './library-api-context';
import { libraryCollectionsQuery, libraryTagsQuery } from './queries';
import { Results } from './Results';
import { Sidebar } from './Sidebar';
import { sourceTitle } from './source-title';
import { useGemHash } from './use-gem-hash';
import { useLibraryChanged } from './use-library-changes';
import { usePageKeys } from './use-page-keys';
import { useSelection } from './use-selection';
import { useViewPrefs } from './use-view-prefs';

interface Props {
  user: User;
  /** Gems a page (tests use small pages to see paging). */
  perPage?: number;
  onChat?: (gemId: number) => void;
}

/** The library: sidebar | results | the open gem's sheet. */
export function Library({ user, perPage, onChat }: Props) {
  const api = useLibraryApi();
  const toast = useToast();
  const changed = useLibraryChanged();
  const collections = useQuery(libraryCollectionsQuery(api));
  const tags = useQuery(libraryTagsQuery(api));
  const [source, setSource] = useState<LibrarySource>(ALL_GEMS);
  const [prefs, setPrefs] = useViewPrefs(sourceKey(source));
  const [openId, setOpenId] = useGemHash();
  const [editing, setEditing] = useState(false);
  const selection = useSelection(source);

  const collectionPaths = new Map(
    allNodes(buildTree(collections.data ?? [], (c) => c.name)).map((n) => [n.item.id, n.path.join('/')]),
  );
  const q = sourceQuery(source, {
    collection: (id) => collectionPaths.get(id) ?? null,
    tag: (id) => tags.data?.find((t) => t.id === id)?.path ?? null,
  });

  usePageKeys({ onEscape: () => setOpenId(null) });

  const open = (gem: Gem, edit = false) => {
    setEditing(edit);
    setOpenId(gem.id);
  };
  const trash = async (id: number) => {
    try {
      await api.deleteGem(id);
      if (openId === id) setOpenId(null);
      changed();
      toast('info', 'Gem deleted.');
    } catch (error) {
      toast('error', errorMessage(error));
    }
  };
  const onGemKey = (event: KeyboardEvent, gem: Gem) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'e') {
      event.preventDefault();
      open(gem, true);
    } else if (event.key === 'x') {
      event.preventDefault();
      selection.toggle(gem.id);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      void trash(gem.id);
    }
  };

  return (
    <div className="library" data-sheet={openId !== null || undefined}>
      <Sidebar source={source} onSelect={setSource} collections={collections} total={null} />
      <main className="library-main">
        {selection.ids.size > 0 && (
          <p className="library-selection" aria-live="polite">
            {selection.ids.size} selected{' '}
            <button type="button" className="link-button" onClick={selection.clear}>
              Clear
            </button>
          </p>
        )}
        <Results
          source={source}
          q={q}
          title={sourceTitle(source, collections.data ?? [])}
          prefs={prefs}
          onPrefs={setPrefs}
          unfilteredId={user.unfiltered_collection_id}
          openId={openId}
          selected={selection.ids}
          onOpen={(gem) => open(gem)}
          onGemKey={onGemKey}
          perPage={perPage}
        />
      </main>
      {openId !== null && (
        <GemSheet
          gemId={openId}
          collections={collections.data ?? []}
          editing={editing}
          onClose={() => setOpenId(null)}
          onTrash={(id) => void trash(id)}
          onChat={onChat}
        />
      )}
    </div>
  );
}
