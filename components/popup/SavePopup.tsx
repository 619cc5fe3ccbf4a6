import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { CreateGemInput } from '@/lib/api/contract';
import { saveEndpointFor } from '@/lib/api/save-endpoints';
import type { SaveOutcome } from '@/lib/messaging/protocol';
import { BackgroundError, errorMessage, unwrap, useBackground } from '../app/background-context';
import { isSignedOut } from '../app/query-client';
import { Alert } from '../ui/Alert';
import { Spinner } from '../ui/Spinner';
import { flattenCollections } from './collection-tree';
import { SaveGemForm } from './SaveGemForm';
import { ReportBugDialog } from '../feedback/ReportBugDialog';
import { QueueStatus } from '../queue/QueueStatus';
import { activePageQuery, collectionsQuery, gemsAtUrlQuery, keys, sessionQuery, tagsQuery } from '../app/queries';

interface Props {
  /** Opens the options page (sign-in, settings, the list of gems), optionally at a section. */
  onOpenOptions: (hash?: string) => void;
}

/** The toolbar popup: save the current page as a gem, or edit the gem already saved for it. */
export function SavePopup({ onOpenOptions }: Props) {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <QueueStatus />
      <SavePopupContent onOpenOptions={onOpenOptions} />
      <footer className="popup-footer">
        <button type="button" className="link-button" onClick={() => setReporting(true)}>
          Report a bug
        </button>
      </footer>
      {reporting && <PopupReportDialog onClose={() => setReporting(false)} onOpenOptions={onOpenOptions} />}
    </>
  );
}

/** The dialog needs an account (reports are stored with their author); signed out, it offers sign-in. */
function PopupReportDialog({ onClose, onOpenOptions }: { onClose: () => void } & Props) {
  const background = useBackground();
  const session = useQuery(sessionQuery(background));
  const page = useQuery(activePageQuery(background));
  const signedOut = session.isSuccess && !session.data.user;
  useEffect(() => {
    if (signedOut) onOpenOptions('account');
  }, [signedOut, onOpenOptions]);
  if (session.isPending || page.isPending || signedOut) return null;
  const url = page.data && /^https?:/.test(page.data.url) ? page.data.url : '';
  return <ReportBugDialog initialUrl={url} onClose={onClose} />;
}

function SavePopupContent({ onOpenOptions }: Props) {
  const background = useBackground();
  const queryClient = useQueryClient();
  // One key per popup: a double click or a retry of the same save never makes two gems.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [saved, setSaved] = useState<(Exclude<SaveOutcome, { status: 'failed' }> & { updated: boolean }) | null>(null);

  const session = useQuery(sessionQuery(background));
  const signedIn = !!session.data?.user;
  const page = useQuery({ ...activePageQuery(background), enabled: signedIn });
  const collections = useQuery({ ...collectionsQuery(background), enabled: signedIn });
  const tags = useQuery({ ...tagsQuery(background), enabled: signedIn });
  const pageUrl = page.data?.url ?? '';
  const savedHere = useQuery({ ...gemsAtUrlQuery(background, pageUrl), enabled: signedIn && /^https?:/.test(pageUrl) });

  const createCollection = useMutation({
    mutationFn: async (name: string) => unwrap(await background.createCollection({ name })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.collections }),
  });

  const existing = savedHere.data?.[0];
  const save = async (gem: CreateGemInput) => {
    if (existing) {
      // An update keeps the gem's collection unless one is given (null is not a collection id).
      const update = { ...gem, collectionId: gem.collectionId ?? undefined };
      setSaved({ status: 'saved', gem: unwrap(await background.updateGem({ id: existing.id, gem: update })), updated: true });
    } else {
      const payload = { endpoint: saveEndpointFor(gem.media_type), gem };
      const outcome = unwrap(await background.saveGem({ key: idempotencyKey, label: gem.title, payload }));
      // A refused save stays in the form, with the server's reasons on the fields.
      if (outcome.status === 'failed') throw new BackgroundError(outcome.error);
      setSaved({ ...outcome, updated: false });
    }
    void queryClient.invalidateQueries({ queryKey: keys.gemsAtUrl() });
  };

  // Offline, the form still works (the save is queued); only the "already saved?" check is skipped.
  const lookupOffline = savedHere.error instanceof BackgroundError && savedHere.error.ui.kind === 'offline';
  const failures = [session, page, collections, tags, ...(lookupOffline ? [] : [savedHere])].map((q) => q.error).filter(Boolean);
  if (session.isPending) return <Loading />;
  if (!signedIn || failures.some(isSignedOut)) {
    return (
      <section className="popup-state">
        <h1>Save to Trove</h1>
        <p>Sign in to save this page as a gem.</p>
        <button type="button" className="primary" onClick={() => onOpenOptions('account')}>
          Sign in
        </button>
      </section>
    );
  }
  if (failures.length) {
    return (
      <section className="popup-state">
        <Alert tone="error">{errorMessage(failures[0])}</Alert>
        <button type="button" onClick={() => queryClient.invalidateQueries()}>
          Try again
        </button>
      </section>
    );
  }
  if (!page.data || !collections.data || !tags.data || (savedHere.isPending && savedHere.fetchStatus !== 'idle')) {
    return <Loading />;
  }
  if (!/^https?:/.test(page.data.url)) {
    return (
      <section className="popup-state">
        <h1>Save to Trove</h1>
        <Alert tone="info">Trove saves web pages (http and https). This page ({page.data.url.split(':')[0]}:) can't be saved.</Alert>
      </section>
    );
  }
  if (saved?.status === 'queued') {
    return (
      <section className="popup-state" aria-live="polite">
        <Alert tone="info">Saved on this device. Trove will send it to the server as soon as it can be reached.</Alert>
      </section>
    );
  }
  if (saved) {
    const collection = flattenCollections(collections.data).find((o) => o.collection.id === saved.gem.collectionId);
    return (
      <section className="popup-state" aria-live="polite">
        <Alert tone="success">
          {saved.updated ? 'Gem updated' : 'Saved'} in <strong>{collection?.path ?? 'your collection'}</strong>.
        </Alert>
        <p className="saved-title">{saved.gem.title}</p>
        <a
          href={`#gem-${saved.gem.id}`}
          onClick={(e) => {
            e.preventDefault();
            onOpenOptions(`gem-${saved.gem.id}`);
          }}
        >
          View in your gems
        </a>
      </section>
    );
  }
  const defaultCollectionId = session.data?.user?.unfiltered_collection_id ?? collections.data.find((c) => c.isUnfiltered)?.id;
  return (
    <>
      {lookupOffline && <Alert tone="info">The server can't be reached: Trove could not check whether this page is already saved.</Alert>}
      <SaveGemForm
      page={page.data}
      existing={existing}
      collections={collections.data}
      tags={tags.data}
      defaultCollectionId={defaultCollectionId}
      onCreateCollection={(name) => createCollection.mutateAsync(name)}
      onSave={save}
      />
    </>
  );
}

function Loading() {
  return (
    <section className="popup-state">
      <Spinner label="Loading" /> Reading the page…
    </section>
  );
}
