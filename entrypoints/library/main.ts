import '@/assets/trove.css';
import '@/components/library/library.css';
import { applyTheme, readTheme } from '@/components/app/theme';
import { startLibraryRequests } from '@/components/library/early-requests';
import { createBackgroundClient } from '@/lib/messaging/messenger';

// The library's first script holds no React and no API contract (scripts/check-bundles.ts keeps it so). It asks the
// background for the session and a token and, with them, the server for the first page of gems and the sidebar,
// while the page's code (React, zod, the library) loads: evaluated first, that code held every request back.
performance.mark('trove-library-script');
applyTheme(readTheme());
const background = createBackgroundClient();
const early = startLibraryRequests(background);
void import('./app').then(({ startLibrary }) => startLibrary(background, early));
