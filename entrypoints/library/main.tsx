import '@/assets/trove.css';
import '@/components/library/library.css';
import { mountExtensionPage } from '@/components/app/mount';
import { createQueryClient } from '@/components/app/query-client';
import { lentAccessFrom } from '@/components/app/use-lent-access';
import { LibraryApp } from '@/components/library/LibraryApp';
import { prefetchLibrary } from '@/components/library/prefetch';
import { createBackgroundClient } from '@/lib/messaging/messenger';

const background = createBackgroundClient();
const queryClient = createQueryClient();
const access = lentAccessFrom(background);
void prefetchLibrary(queryClient, background, access).finally(() =>
  mountExtensionPage(<LibraryApp access={access} />, { background, queryClient }),
);
