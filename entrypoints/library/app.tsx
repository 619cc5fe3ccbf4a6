import { mountExtensionPage } from '@/components/app/mount';
import { createQueryClient } from '@/components/app/query-client';
import type { EarlyLibrary } from '@/components/library/early-requests';
import { LibraryApp } from '@/components/library/LibraryApp';
import { prefetchLibrary } from '@/components/library/prefetch';
import type { BackgroundClient } from '@/lib/messaging/protocol';

/** The library's React page, loaded by main.ts once the first screen's requests are on their way. */
export async function startLibrary(background: BackgroundClient, early: EarlyLibrary) {
  const queryClient = createQueryClient();
  await prefetchLibrary(queryClient, background, early);
  performance.mark('trove-library-mount'); // bench/library-bench.ts reports when
  mountExtensionPage(<LibraryApp access={early.access} />, { background, queryClient });
}
