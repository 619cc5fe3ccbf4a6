import { queryOptions } from '@tanstack/react-query';
import type { ImportJob } from '@/lib/api/import-contract';
import type { LibraryApi } from '@/lib/library/library-api';

/** The library's imports: the recent ones (a job still running when the page opens) and one job's progress. */
export const importKeys = {
  all: ['imports'] as const,
  recent: ['imports', 'recent'] as const,
  job: (id: number) => ['imports', 'job', id] as const,
};

export const isImportActive = (job: Pick<ImportJob, 'status'>) => job.status === 'queued' || job.status === 'running';

/** The user's recent imports, read once when the page opens: a running one is followed again. */
export const recentImportsQuery = (api: LibraryApi) =>
  queryOptions({
    queryKey: importKeys.recent,
    queryFn: () => api.recentImports(),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** One import, read again every `pollMs` while the server works it; once ended, with its report. */
export const importJobQuery = (api: LibraryApi, id: number, pollMs: number) =>
  queryOptions({
    queryKey: importKeys.job(id),
    queryFn: () => api.importJob(id),
    refetchInterval: (query) => (query.state.data && !isImportActive(query.state.data) ? false : pollMs),
  });
