import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBackgroundClient } from '@/lib/messaging/messenger';
import { ToastProvider } from '../ui/Toast';
import { BackgroundProvider } from './background-context';
import { createQueryClient } from './query-client';
import { applyTheme, readTheme } from './theme';

/** Renders an extension page wired to the real background. */
export function mountExtensionPage(children: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  applyTheme(readTheme());
  createRoot(root).render(
    <StrictMode>
      <BackgroundProvider client={createBackgroundClient()}>
        <QueryClientProvider client={createQueryClient()}>
          <ToastProvider>{children}</ToastProvider>
        </QueryClientProvider>
      </BackgroundProvider>
    </StrictMode>,
  );
}
