import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isBlockedUrl } from '@/lib/api/blocked-host';
import { hostOf } from '@/lib/page/blocked-sites';
import { errorMessage, unwrap, useBackground } from '../app/background-context';
import { appKeys } from '../app/queries';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

/**
 * The tab is on one of the user's blocked sites: nothing is read or offered to save; Unblock removes the site's entry
 * (the one that matches this address) and the popup goes on as for any page.
 */
export function BlockedSiteState({ url }: { url: string }) {
  const background = useBackground();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const host = hostOf(url);
  const unblock = async () => {
    setBusy(true);
    setError(null);
    try {
      const hosts = unwrap(await background.getBlockedSites());
      for (const entry of hosts.filter((h) => isBlockedUrl(url, [h]))) unwrap(await background.unblockSite(entry));
      await queryClient.invalidateQueries({ queryKey: appKeys.activeTab });
      await queryClient.invalidateQueries({ queryKey: appKeys.activePage });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="popup-state" aria-labelledby="blocked-heading">
      <h1 id="blocked-heading" className="popup-title">
        Save to Trove
      </h1>
      <Alert tone="info">
        You blocked {host}: Trove does not read or save its pages, and its right-click items do nothing here.
      </Alert>
      {error && <Alert tone="error">{error}</Alert>}
      <Button onClick={unblock} loading={busy}>
        Unblock {host}
      </Button>
    </section>
  );
}
