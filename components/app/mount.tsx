import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBackgroundClient } from '@/lib/messaging/messenger';
import { ToastProvider } from '../ui/Toast';
import { BackgroundProvider } from './background-context';
import { createQueryClient } from './query-client';
import { shareQueryChanges } from './share-query-changes';
import { applyTheme, readTheme } from './theme';

/**
 * Renders an extension page wired to the real background. A page that asks its questions before
 * React renders (the popup) passes the background and query cache it asked them on.
 */
export function mountExtensionPage(
  children: ReactNode,
  { background = createBackgroundClient(), queryClient = createQueryClient() } = {},
) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  applyTheme(readTheme());
  shareQueryChanges(queryClient);
  createRoot(root).render(
    <StrictMode>
      <BackgroundProvider client={background}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </BackgroundProvider>
    </StrictMode>,
  );
}
