import '@/assets/trove.css';
import '@/assets/popup.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BackgroundProvider } from '@/components/app/background-context';
import { createQueryClient } from '@/components/app/query-client';
import { applyTheme, readTheme } from '@/components/app/theme';
import { prefetchSavePopup } from '@/components/popup/prefetch';
import { SavePopup } from '@/components/popup/SavePopup';
import { ToastProvider } from '@/components/ui/Toast';
import { createBackgroundClient } from '@/lib/messaging/messenger';

const closePopup = () => window.close();
const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
  closePopup();
};

// As components/app/mount.tsx mounts every extension page, except that the popup's questions go to the
// background before React renders, on the query cache it then renders from.
const background = createBackgroundClient();
const queryClient = createQueryClient();
prefetchSavePopup(queryClient, background);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
applyTheme(readTheme());
createRoot(root).render(
  <StrictMode>
    <BackgroundProvider client={background}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SavePopup onOpenOptions={openOptions} closePopup={closePopup} />
        </ToastProvider>
      </QueryClientProvider>
    </BackgroundProvider>
  </StrictMode>,
);
