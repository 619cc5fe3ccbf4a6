import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type MouseEvent, Suspense, useEffect, useRef, useState } from 'react';
import type { GemSummary } from '@/lib/api/contract';
import type { SharedItem } from '@/lib/api/sharing-contract';
import type { LibraryChat } from '@/lib/chat/chat-requests';
import { withSubCollections } from '@/lib/library/shared-collections';
import { sourceQuery } from '@/lib/library/source-query';
import { ALL_GEMS, type LibrarySource } from '@/lib/library/sources';
import { allNodes, buildTree } from '@/lib/library/tree';
import { parseSearch } from '@/lib/search/parse';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { ExportLibraryButton } from './ExportLibraryButton';
import { Facets } from './Facets';
import { LibraryImport } from './import/LibraryImport';
import { DuplicatesView, FollowingView, GemMovePicker, GemSheet, MyOffersView, WritingView } from './lazy-parts';
import { useLibraryApi } from './library-api-context';
import { MoveNotice } from './MoveNotice';
import { MediaLookup } from './media-lookup/MediaLookup';
import { libraryCollectionsQuery, libraryTagsQuery, sharedWithMeQuery } from './queries';
import { Results } from './Results';
import { SaveSearchButton } from './SaveSearchButton';
import { SearchBox } from './SearchBox';
import { SelectionBar } from './SelectionBar';
import { Sidebar } from './Sidebar';
import { sourceTitle } from './source-title';
import { useChatAbout } from './use-chat-about';
import { useFollowHash } from './use-follow-hash';
import { useGemActions } from './use-gem-actions';
import { useGemHash } from './use-gem-hash';
import { useLostAccess } from './use-lost-access';
import { useMoves } from './use-moves';
import { usePageKeys } from './use-page-keys';
import { useSelection } from './use-selection';
import { useTrash } from './use-trash';
import { prefsKey, useViewPrefs } from './use-view-prefs';

interface Props {
  /** Gems a page (tests use small pages to see paging). */
  perPage?: number;
  /** Hands a chat request to the side panel (lib/library/chat-in-panel.ts by default). */
  onChat?: (about: LibraryChat) => Promise<void>;
}

/** The user's own names and those of the collections or tags shared with them, which the search names too. */
const withShared = (own: string[], shared: SharedItem[] = []) => [...new Set([...own, ...shared.map((s) => s.path)])];

/** The library: the search box over sidebar | results and facets | the open gem's sheet. */
export function Library({ perPage, onChat }: Props) {
  const api = useLibraryApi();
  const collections = useQuery(libraryCollectionsQuery(api));
  const tags = useQuery(libraryTagsQuery(api));
  const [followAddress, clearFollowAddress] = useFollowHash();
  const [source, setSource] = useState<LibrarySource>(followAddress ? { kind: 'following' } : ALL_GEMS);
  useEffect(() => {
    if (followAddress) setSource({ kind: 'following' });
  }, [followAddress]);
  const [prefs, setPrefs] = useViewPrefs(prefsKey(source));
  const [openId, setOpenId] = useGemHash();
  const [editing, setEditing] = useState(false);
  const searchInput = useRef<HTMLInputElement>(null);
  const actions = useGemActions({ openId, close: () => setOpenId(null) });
  const trashBin = useTrash();
  const inTrash = source.kind === 'trash';
  const inDuplicates = source.kind === 'duplicates';
  const moves = useMoves();
  /** The gems `m` opened the Move to… picker for. */
  const [moving, setMoving] = useState<number[] | null>(null);

  const collectionPaths = new Map(
    allNodes(buildTree(collections.data ?? [], (c) => c.name)).map((n) => [n.item.id, n.path.join('/')]),
  );
  const q = sourceQuery(source, {
    collection: (id) => collectionPaths.get(id) ?? null,
    tag: (id) => tags.data?.find((t) => t.id === id)?.path ?? null,
  });
  const parsed = q ? parseSearch(q) : null;
  const ownSort = source.kind === 'search' && parsed?.ok === true && parsed.query.sort !== undefined;
  const searchText = source.kind === 'search' ? source.query : '';
  const sort = ownSort ? null : prefs.sort;
  const selection = useSelection({ api, source, sort, q, perPage });
  const shared = useQuery(sharedWithMeQuery(api));
  const title = sourceTitle(source, collections.data ?? [], tags.data, shared.data);
  useLostAccess({ source, show: setSource, openId, closeGem: () => setOpenId(null), shared: shared.data });
  const chat = useChatAbout({ source, q, title, collections: collections.data ?? [], onChat });
  // A collection in its manual order: gems are placed by drag or Alt+↑/↓ (one key written each time).
  const manual = source.kind === 'collection' && sort?.key === 'manual';

  // Escape closes the sheet first, then clears the selection.
  const onEscape = () => (openId !== null ? setOpenId(null) : selection.clear());
  usePageKeys({ onEscape, onSlash: () => searchInput.current?.focus() });

  const open = (gem: GemSummary, edit = false) => {
    setEditing(edit);
    setOpenId(gem.id);
  };
  /** A click opens the gem; Shift-click selects a range, Ctrl/⌘-click adds or removes one. */
  const onClick = (gem: GemSummary, event?: MouseEvent) => {
    if (event && (event.shiftKey || event.ctrlKey || event.metaKey))
      selection.click(gem.id, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey });
    else open(gem);
  };
  const onGemKey = (event: KeyboardEvent, gem: GemSummary) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'e') {
      event.preventDefault();
      open(gem, true);
    } else if (event.key === 'x') {
      event.preventDefault();
      selection.toggle(gem.id);
    } else if (event.key === 'm') {
      event.preventDefault();
      setMoving(selection.ids.has(gem.id) ? [...selection.ids] : [gem.id]);
    } else if (event.key === 'Delete') {
      event.preventDefault();
      void actions.trash(gem.id);
    }
  };

  return (
    <div className="library-page">
      <header className="library-top">
        <h1>Trove library</h1>
        <div className="library-search">
          <SearchBox
            ref={searchInput}
            value={searchText}
            onQuery={(text) => setSource(text.trim() ? { kind: 'search', query: text } : ALL_GEMS)}
            tagNames={withShared(tags.data?.map((t) => t.path) ?? [], shared.data?.tags)}
            collectionPaths={withShared(
              [...collectionPaths.values()],
              withSubCollections(shared.data?.collections ?? []),
            )}
          />
        </div>
        {source.kind === 'search' && <SaveSearchButton query={source.query} />}
        {/* Anchored to the right: Book… and Film… come once the server says it can look them up, and must not move
            Import… and Export… from under a click. */}
        <div className="library-actions">
          <MediaLookup />
          <LibraryImport />
          <ExportLibraryButton />
        </div>
      </header>
      <div className="library" data-sheet={openId !== null || undefined}>
        <Sidebar source={source} onSelect={setSource} collections={collections} />
        <main className="library-main">
          <Suspense fallback={<Spinner label="Loading" />}>
            {source.kind === 'following' ? (
              <FollowingView key={followAddress ?? ''} followAddress={followAddress} onFollowed={clearFollowAddress} />
            ) : source.kind === 'offers' ? (
              <MyOffersView />
            ) : source.kind === 'writing' ? (
              <WritingView />
            ) : inDuplicates ? (
              <DuplicatesView
                collections={collections.data ?? []}
                onOpen={(id) => setOpenId(id)}
                onTrash={(id) => void actions.trash(id)}
              />
            ) : (
              <>
                {!inTrash && (
                  <SelectionBar selection={selection} collectionPaths={collectionPaths} tags={tags.data ?? []} />
                )}
                <div className="library-main-columns">
                  <Results
                    source={source}
                    q={q}
                    title={title}
                    onChat={chat.aboutResults}
                    prefs={prefs}
                    onPrefs={setPrefs}
                    ownSort={ownSort}
                    openId={openId}
                    selected={selection.ids}
                    onOpen={(gem, event) => (inTrash ? undefined : onClick(gem, event))}
                    onGemKey={inTrash ? undefined : onGemKey}
                    perPage={perPage}
                    onPlace={manual ? (gem, to) => moves.placeGem(gem, to) : undefined}
                    rowAction={inTrash ? { label: 'Restore', run: (gem) => void trashBin.restore(gem) } : undefined}
                    tools={
                      inTrash ? (
                        <Button size="sm" variant="danger" onClick={() => void trashBin.empty()}>
                          Empty trash
                        </Button>
                      ) : undefined
                    }
                    empty={
                      inTrash ? { title: 'The trash is empty', text: 'Deleted gems stay here 30 days.' } : undefined
                    }
                  />
                  <Facets
                    source={source}
                    q={q}
                    sort={sort}
                    perPage={perPage}
                    onNarrow={(qualifier) => setSource({ kind: 'search', query: `${q ?? ''} ${qualifier}`.trim() })}
                  />
                </div>
              </>
            )}
          </Suspense>
        </main>
        {openId !== null && (
          <Suspense
            fallback={
              <aside className="library-sheet" aria-busy="true">
                <Spinner label="Loading" />
              </aside>
            }
          >
            <GemSheet
              gemId={openId}
              collections={collections.data ?? []}
              editing={editing}
              onClose={() => setOpenId(null)}
              onTrash={(id) => void actions.trash(id)}
              onChat={chat.aboutGem}
            />
          </Suspense>
        )}
      </div>
      {moving && (
        <Suspense fallback={null}>
          <GemMovePicker ids={moving} collections={collections.data ?? []} onClose={() => setMoving(null)} />
        </Suspense>
      )}
      <MoveNotice />
    </div>
  );
}
