import '@/assets/trove.css';
import '@/assets/popup.css';
import '@/assets/gem-form.css';
import { mountExtensionPage } from '@/components/app/mount';
import { keys } from '@/components/app/queries';
import { createQueryClient } from '@/components/app/query-client';
import { prefetchSavePopup } from '@/components/popup/prefetch';
import { SavePopup } from '@/components/popup/SavePopup';
import { openChatPanel } from '@/lib/chat/open-panel';
import { createBackgroundClient } from '@/lib/messaging/messenger';
import type { ActiveTab } from '@/lib/messaging/protocol';
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

// Known before the click (the prefetch asked the tab): the panel must open inside the click's gesture, with no await before it.
const chatAboutPage = () => {
  const tabId = queryClient.getQueryData<ActiveTab>(keys.activeTab)?.tabId;
  if (tabId != null) void openChatPanel(tabId).then(closePopup);
};

mountExtensionPage(<SavePopup onOpenOptions={openOptions} closePopup={closePopup} onChatAboutPage={chatAboutPage} />, {
  background,
  queryClient,
});
