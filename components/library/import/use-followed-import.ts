import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ImportJob } from '@/lib/api/import-contract';
import { useLibraryApi } from '../library-api-context';
import { useLibraryChanged } from '../use-library-changes';
import { importJobQuery, importKeys, isImportActive, recentImportsQuery } from './queries';

/**
 * The import the library shows: the one started here, or one still running when the page was opened (a closed tab
 * or a reload), read every `pollMs` until it ends; then the library's lists are fetched again (new collections in
 * the tree, new gems in the results). `dismiss` hides an ended one.
 */
export function useFollowedImport(pollMs = 500) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const changed = useLibraryChanged();
  const recent = useQuery(recentImportsQuery(api));
  const [startedId, setStarted] = useState<number | null>(null);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const running = recent.data?.find(isImportActive)?.id ?? null;
  const id = startedId ?? running;
  const job = useQuery({ ...importJobQuery(api, id ?? 0, pollMs), enabled: id !== null });
  const data: ImportJob | null = id !== null && id !== dismissed ? (job.data ?? null) : null;

  const wasActive = useRef(false);
  useEffect(() => {
    if (!data) return;
    if (wasActive.current && !isImportActive(data)) changed();
    wasActive.current = isImportActive(data);
  }, [data, changed]);

  return {
    job: data,
    error: id !== null && id !== dismissed ? job.error : null,
    /** Follows a job just started (the 202's answer is its first state). */
    follow: (started: ImportJob) => {
      queryClient.setQueryData(importKeys.job(started.id), started);
      wasActive.current = true;
      setStarted(started.id);
    },
    dismiss: () => setDismissed(id),
  };
}

export type FollowedImport = ReturnType<typeof useFollowedImport>;
