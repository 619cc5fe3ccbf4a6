import { useCallback, useEffect, useRef, useState } from 'react';
import { type BulkJob, type BulkJobBody, isBulkJobActive } from '@/lib/api/bulk-contract';
import type { ApiClient } from '@/lib/api/client';
import { bulkApi } from '@/lib/api/routes/bulk';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A bulk job from its start to its undo: started through `client`, followed every `pollMs` while the server works
 * it, and found again on mounting (a job still running when the page was closed and opened again). `onSettled`
 * hears of each job that ended or was undone (the page then reloads its list).
 */
export function useBulkJob(
  client: ApiClient,
  { pollMs = 500, onSettled }: { pollMs?: number; onSettled?: (job: BulkJob) => void } = {},
) {
  const [job, setJob] = useState<BulkJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settled = useRef(onSettled);
  settled.current = onSettled;
  const lastStatus = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    client
      .call(bulkApi.list)
      .then(({ data }) => {
        const running = data.find(isBulkJobActive);
        if (live && running) setJob((current) => current ?? running);
      })
      .catch(() => {}); // nothing to resume is no error to show
    return () => {
      live = false;
    };
  }, [client]);

  useEffect(() => {
    if (!job) return;
    const key = `${job.id}:${job.status}`;
    if (lastStatus.current !== key && !isBulkJobActive(job) && lastStatus.current !== null) settled.current?.(job);
    lastStatus.current = key;
    if (!isBulkJobActive(job)) return;
    const timer = setTimeout(() => {
      client
        .call(bulkApi.get, { params: { id: job.id } })
        .then(({ data }) => setJob(data))
        .catch((e: unknown) => setError(messageOf(e)));
    }, pollMs);
    return () => clearTimeout(timer);
  }, [client, job, pollMs]);

  const run = useCallback(async (call: () => Promise<{ data: BulkJob }>) => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await call();
      lastStatus.current = `${data.id}:start`;
      setJob(data);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }, []);

  const start = useCallback((body: BulkJobBody) => run(() => client.call(bulkApi.create, { body })), [client, run]);
  const undo = useCallback(() => {
    if (job) void run(() => client.call(bulkApi.undo, { params: { id: job.id } }));
  }, [client, job, run]);
  const dismiss = useCallback(() => {
    setJob(null);
    setError(null);
  }, []);
  return { job, error, busy, start, undo, dismiss };
}
