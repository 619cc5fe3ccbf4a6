import type { ActiveTab } from '@/lib/messaging/protocol';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Skeleton } from '../ui/Skeleton';
import { PreviewCard } from './PreviewCard';
import { useVisibleMark } from './use-timing-marks';

/**
 * The small states of the popup, one component each: signed out, a page that cannot be saved, a failure, queued,
 * loading.
 */

export function SignedOutState({ tab, onSignIn }: { tab: ActiveTab | undefined; onSignIn: () => void }) {
  return (
    <section className="popup-state" aria-labelledby="signed-out-heading">
      <h1 id="signed-out-heading" className="popup-title">
        Save to Trove
      </h1>
      {tab && <TabPreview tab={tab} />}
      <p>Sign in to save this page as a gem.</p>
      <Button variant="primary" onClick={onSignIn}>
        Sign in
      </Button>
    </section>
  );
}

/** Browser pages, about:blank, the web store…: says why, and offers nothing that cannot help. */
export function UnsaveablePageState({ url }: { url: string }) {
  const scheme = url.split(':')[0] || url;
  return (
    <section className="popup-state" aria-labelledby="unsaveable-heading">
      <h1 id="unsaveable-heading" className="popup-title">
        Save to Trove
      </h1>
      <Alert tone="info">Trove saves web pages (http and https). This page ({scheme}:) can't be saved.</Alert>
    </section>
  );
}

export function LoadFailedState({ reason, onRetry }: { reason: string; onRetry: () => void }) {
  return (
    <section className="popup-state" aria-labelledby="failed-heading">
      <h1 id="failed-heading" className="popup-title">
        Save to Trove
      </h1>
      <ErrorMessage title="Trove could not open this page's form" onRetry={onRetry} retryLabel="Try again">
        {reason}
      </ErrorMessage>
    </section>
  );
}

/**
 * The server could not be reached: the save waits on this device (the reason is the queue's business, not a raw error).
 */
export function QueuedState() {
  return (
    <section className="popup-state" aria-labelledby="queued-heading">
      <h1 id="queued-heading" className="popup-title">
        Save to Trove
      </h1>
      <Alert tone="info">Saved on this device. Trove will send it to the server as soon as it can be reached.</Alert>
    </section>
  );
}

/** The page as the tab alone says it (title and address), in the place the form's preview card takes. */
function TabPreview({ tab }: { tab: ActiveTab }) {
  useVisibleMark();
  return <PreviewCard title={tab.title} url={tab.url} image={null} />;
}

/**
 * A placeholder in the form's own shape, so nothing jumps when the form arrives. Once the tab is known
 * (the popup asks the browser itself), its title and address are shown while the background answers.
 */
export function PopupSkeleton({ tab }: { tab?: ActiveTab }) {
  return (
    <section className="popup-state popup-skeleton" aria-busy="true" aria-labelledby="loading-heading">
      <h1 id="loading-heading" className="popup-title">
        Save to Trove
      </h1>
      <p role="status" aria-label="Loading" className="ui-visually-hidden">
        Reading the page…
      </p>
      {tab ? (
        <TabPreview tab={tab} />
      ) : (
        <div className="preview-card">
          <Skeleton shape="block" className="preview-image" />
          <div className="preview-text">
            <Skeleton width="90%" />
            <Skeleton width="50%" />
          </div>
        </div>
      )}
      {[40, 84, 0, 40, 40].map((height, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
        <div key={i} className="field">
          <Skeleton width={height ? '30%' : '20%'} />
          {height > 0 && <Skeleton shape="block" height={height} />}
        </div>
      ))}
      <Skeleton shape="block" height={32} />
    </section>
  );
}
