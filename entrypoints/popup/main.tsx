import '@/assets/trove.css';
import '@/assets/popup.css';
import '@/assets/gem-form.css';
import { mountExtensionPage } from '@/components/app/mount';
import { createQueryClient } from '@/components/app/query-client';
import { prefetchSavePopup } from '@/components/popup/prefetch';
import { SavePopup } from '@/components/popup/SavePopup';
import { openChatPanel } from '@/lib/chat/open-panel';
import { createBackgroundClient } from '@/lib/messaging/messenger';
import { getActiveTab } from '@/lib/page/active-tab';

const closePopup = () => window.close();
const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
  closePopup();
};

// The popup's questions go to the background before React renders, on the query cache it then renders from.
// The tab it asks the browser itself: its title and address show without waiting for a stopped background.
const background = createBackgroundClient({ getActiveTab: (input) => getActiveTab(input.tabId) });
const queryClient = createQueryClient();
prefetchSavePopup(queryClient, background);

// Known before the click: the panel must open inside the click's gesture, with no await before it.
let tabId: number | undefined;
void browser.tabs.query({ active: true, currentWindow: true }).then(([tab]) => {
  tabId = tab?.id;
});
const chatAboutPage = () => {
  if (tabId !== undefined) void openChatPanel(tabId).then(closePopup);
};

mountExtensionPage(<SavePopup onOpenOptions={openOptions} closePopup={closePopup} onChatAboutPage={chatAboutPage} />, {
  background,
  queryClient,
});
