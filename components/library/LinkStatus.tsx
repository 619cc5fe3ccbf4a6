import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LinkCheck } from '@/lib/api/link-contract';
import { momentOf } from '@/lib/day';
import { errorMessage } from '../app/background-context';
import { Button } from '../ui/Button';
import { useLibraryApi } from './library-api-context';
import { libraryKeys, libraryLinkCheckQuery } from './queries';

const LABELS: Record<NonNullable<LinkCheck['status']>, string> = {
  ok: 'Link works',
  broken: 'Broken link',
  failing: 'Link failing for now',
  refused: 'Link not checked',
};

/** What the server's dead-link check last found at the gem's address, with "Check now" (README, "Dead links"). */
export function LinkStatus({ gemId, pollMs }: { gemId: number; pollMs?: number }) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const check = useQuery(libraryLinkCheckQuery(api, gemId, pollMs));
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const data = check.data;
  // Until the check is known, the row keeps its place (hidden), so the form under it does not move under a click.
  if (!data)
    return (
      <div className="library-link-status library-link-status-pending" aria-hidden="true">
        <Button size="sm" variant="ghost" disabled tabIndex={-1}>
          Check now
        </Button>
      </div>
    );

  const checkNow = async () => {
    setAsking(true);
    setError(null);
    try {
      await api.checkLinks([gemId]);
      await queryClient.invalidateQueries({ queryKey: libraryKeys.linkCheck(gemId) });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setAsking(false);
    }
  };

  return (
    <div className="library-link-status" data-status={data.status ?? 'unchecked'}>
      <p role="status">
        {data.requested ? (
          <span>Checking the link…</span>
        ) : data.status === null ? (
          <span>Link not checked yet</span>
        ) : (
          <>
            <strong>{LABELS[data.status]}</strong>
            <span>{data.detail}</span>
            {data.checkedAt && <span>checked {momentOf(data.checkedAt)}</span>}
          </>
        )}
      </p>
      <Button size="sm" variant="ghost" onClick={checkNow} loading={asking} disabled={data.requested}>
        Check now
      </Button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
