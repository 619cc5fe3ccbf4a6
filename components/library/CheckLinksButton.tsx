import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import type { BulkJobBody } from '@/lib/api/bulk-contract';
import type { ApiClient } from '@/lib/api/client';
import { MAX_LINK_CHECK_IDS } from '@/lib/api/link-contract';
import { linkApi } from '@/lib/api/routes/links';
import { errorMessage } from '../app/background-context';

/** The bulk bar's "Check links": the selected gems go first in the server's dead-link check. */
export function CheckLinksButton({ client, target }: { client: ApiClient; target: BulkJobBody['target'] | null }) {
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const ids = target && 'ids' in target ? target.ids : undefined;
  const usable = ids !== undefined && ids.length > 0 && ids.length <= MAX_LINK_CHECK_IDS;
  const check = async () => {
    if (!ids) return;
    setBusy(true);
    try {
      const { queued } = (await client.call(linkApi.checkNow, { body: { gemIds: ids } })).data;
      setSaid(queued === 1 ? 'Checking 1 link' : `Checking ${queued.toLocaleString('en')} links`);
    } catch (error) {
      setSaid(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="sm"
        disabled={!usable || busy}
        loading={busy}
        onClick={check}
        title={usable ? undefined : `Select up to ${MAX_LINK_CHECK_IDS.toLocaleString('en')} gems one by one`}
      >
        Check links
      </Button>
      {said && <span role="status">{said}</span>}
    </>
  );
}
