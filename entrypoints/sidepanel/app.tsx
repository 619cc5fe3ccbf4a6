import type { QueryClient } from '@tanstack/react-query';
import { mountExtensionPage } from '@/components/app/mount';
import { ChatPanel } from '@/components/chat/ChatPanel';
import type { BackgroundClient } from '@/lib/messaging/protocol';

const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
};

/** The panel's React part, loaded after its first script (main.ts) asked its questions on `queryClient`. */
export function startPanel(background: BackgroundClient, queryClient: QueryClient) {
  mountExtensionPage(<ChatPanel onOpenOptions={openOptions} />, { background, queryClient });
}
