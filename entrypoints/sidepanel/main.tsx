import '@/assets/trove.css';
import '@/assets/chat.css';
import '@/assets/drawer.css';
import '@/assets/pickers.css';
import { mountExtensionPage } from '@/components/app/mount';
import { createQueryClient } from '@/components/app/query-client';
import { ChatPanel } from '@/components/chat/ChatPanel';
import { prefetchChatPanel } from '@/components/chat/prefetch';
import { createBackgroundClient } from '@/lib/messaging/messenger';

const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
};

// The panel's first questions go to the background before React renders, on the cache it renders from.
const background = createBackgroundClient();
const queryClient = createQueryClient();
prefetchChatPanel(queryClient, background);

mountExtensionPage(<ChatPanel onOpenOptions={openOptions} />, { background, queryClient });
