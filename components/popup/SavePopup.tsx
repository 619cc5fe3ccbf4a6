import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { isWebAddress } from '@/lib/api/web-address';
import { followAddressOfTab, onFollowPath } from '@/lib/library/follow-page';
import { unwrap, useBackground } from '../app/background-context';
import { appKeys } from '../app/queries';
import { QueueStatus } from '../queue/QueueStatus';
import { useToast } from '../ui/Toast';
import { BlockedSiteState } from './BlockedSiteState';
import { FollowPageState } from './FollowPageState';
import { LoadFailedState, PopupSkeleton, QueuedState, SignedOutState, UnsaveablePageState } from './PopupStates';
import { SavedState } from './SavedState';
import { SaveGemForm } from './SaveGemForm';
import { ScreenshotButton } from './ScreenshotButton';
import { useSavePopup } from './use-save-popup';

// Loaded on its first use: the report form (and its schema library) is not what a toolbar click waits for.
const PopupReportDialog = lazy(() => import('./PopupReportDialog').then((m) => ({ default: m.PopupReportDialog })));

/** How long the success state stays, time to read it and reach Undo, before the popup closes itself (unless the user is in it). */
export const AUTO_CLOSE_MS = 8000;

interface Props {
  /** Opens the options page (sign-in, settings, the list of gems), optionally at a section. */
  onOpenOptions: (hash?: string) => void;
  /** Opens the library page with the gem's sheet open. */
  onOpenLibrary: (gemId: number) => void;
  /** Opens the library's Following on `address` (`username/slug`), from the server's /follow page. */
  onFollowInLibrary?: (address: string) => void;
  /** Closes the popup (window.close() in the extension; a spy in tests). */
  closePopup: () => void;
  /** Opens the side panel's chat on this tab (absent where there is no panel). */
  onChatAboutPage?: () => void;
  autoCloseMs?: number;
}

/** The toolbar popup: save the current page as a gem, or edit the gem already saved for it. */
export function SavePopup({
  onOpenOptions,
  onOpenLibrary,
  onFollowInLibrary,
  closePopup,
  onChatAboutPage,
  autoCloseMs = AUTO_CLOSE_MS,
}: Props) {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <main className="popup-main">
        <QueueStatus />
        <SavePopupContent
          onOpenOptions={onOpenOptions}
          onOpenLibrary={onOpenLibrary}
          onFollowInLibrary={onFollowInLibrary}
          closePopup={closePopup}
          autoCloseMs={autoCloseMs}
        />
      </main>
      <footer className="popup-footer">
        {onChatAboutPage ? (
          <button type="button" className="link-button" onClick={onChatAboutPage}>
            Chat about this page
          </button>
        ) : null}
        <ScreenshotButton onOpenLibrary={onOpenLibrary} />
        <button type="button" className="link-button" onClick={() => setReporting(true)}>
          Report a bug
        </button>
      </footer>
      {reporting && (
        <Suspense fallback={null}>
          <PopupReportDialog onClose={() => setReporting(false)} onOpenOptions={onOpenOptions} />
        </Suspense>
      )}
    </>
  );
}

/** One state at a time: loading, signed out, a page that cannot be saved, a failure, the form, saved or queued. */
function SavePopupContent({
  onOpenOptions,
  onOpenLibrary,
  onFollowInLibrary,
  closePopup,
  autoCloseMs,
}: Required<Omit<Props, 'onChatAboutPage' | 'onFollowInLibrary'>> & Pick<Props, 'onFollowInLibrary'>) {
  const popup = useSavePopup();
  const background = useBackground();
  const queryClient = useQueryClient();
  const toast = useToast();

  const createCollection = async (name: string) => {
    const collection = unwrap(await background.createCollection({ name }));
    queryClient.setQueryData(appKeys.collections, (list: typeof popup.collections | undefined) => [
      ...(list ?? []),
      collection,
    ]);
    void queryClient.invalidateQueries({ queryKey: appKeys.collections });
    return collection;
  };

  // The tab is the browser's own answer, often in before the session: what it says is shown at once.
  if (popup.tab && !isWebAddress(popup.tab.url)) return <UnsaveablePageState url={popup.tab.url} />;
  if (popup.tab?.blocked) return <BlockedSiteState url={popup.tab.url} />;
  if (popup.session.isPending) return <PopupSkeleton tab={popup.tab} />;
  if (popup.signedOut) return <SignedOutState tab={popup.tab} onSignIn={() => onOpenOptions('account')} />;
  if (popup.failure) return <LoadFailedState reason={popup.failure.message} onRetry={popup.retry} />;
  if (popup.loading || !popup.tab) return <PopupSkeleton tab={popup.tab} />;
  // The session is read only on a /follow page: React Query re-renders a component on the fields it reads, and that
  // extra render moved the form as the page filled it in (tests/e2e/popup-layout.test.ts).
  const followAddress =
    onFollowPath(popup.tab.url) && popup.session.data
      ? followAddressOfTab(popup.tab.url, popup.session.data.serverUrl)
      : null;
  if (followAddress && onFollowInLibrary && !popup.result)
    return <FollowPageState address={followAddress} onFollow={() => onFollowInLibrary(followAddress)} />;

  const { result } = popup;
  if (result?.status === 'queued') return <QueuedState />;
  if (result) {
    return (
      <SavedState
        gem={result.gem}
        updated={result.updated}
        collections={popup.collections}
        sharedCollections={popup.sharedCollections}
        onOpenLibrary={() => onOpenLibrary(result.gem.id)}
        onUndo={async () => {
          await popup.deleteGem(result.gem.id);
          toast('info', 'Save undone: the gem was deleted.');
        }}
        closePopup={closePopup}
        autoCloseMs={autoCloseMs}
      />
    );
  }
  return (
    <>
      <h1 className="popup-title">{popup.existing ? 'Edit saved gem' : 'Save to Trove'}</h1>
      <SaveGemForm
        // A gem deleted (or undone) leaves a fresh form for the page.
        key={popup.existing?.id ?? 'new'}
        tab={popup.tab}
        page={popup.page}
        existing={popup.existing}
        lookupOffline={popup.lookupOffline}
        collections={popup.collections}
        sharedCollections={popup.sharedCollections}
        tags={popup.tags}
        defaultCollectionId={popup.defaultCollectionId}
        filledIn={popup.filledIn}
        collectionsLoaded={popup.collectionsLoaded}
        onCreateCollection={createCollection}
        onSave={popup.save}
        onDelete={async (id) => {
          await popup.deleteGem(id);
          toast('success', 'Gem deleted.');
        }}
      />
    </>
  );
}
