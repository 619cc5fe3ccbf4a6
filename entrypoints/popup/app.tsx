import type { QueryClient } from '@tanstack/react-query';
import { mountExtensionPage } from '@/components/app/mount';
import { appKeys } from '@/components/app/queries';
import { SavePopup } from '@/components/popup/SavePopup';
import { openChatPanel } from '@/lib/chat/open-panel';
import { libraryFollowPath, libraryPath } from '@/lib/library/open-library';
import type { ActiveTab, BackgroundClient } from '@/lib/messaging/protocol';

const closePopup = () => window.close();
const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
  closePopup();
};

const openLibrary = (gemId: number) => {
  void browser.tabs.create({ url: browser.runtime.getURL(libraryPath(gemId)) });
  closePopup();
};

const followInLibrary = (address: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(libraryFollowPath(address)) });
  closePopup();
};

/** The popup's React part, loaded after its first script (main.ts) asked its questions on `queryClient`. */
export function startPopup(background: BackgroundClient, queryClient: QueryClient) {
  // Known before the click (the prefetch asked the tab): the panel must open inside the click's gesture, with no await
  // before it.
  const chatAboutPage = () => {
    const tabId = queryClient.getQueryData<ActiveTab>(appKeys.activeTab)?.tabId;
    if (tabId != null) void openChatPanel(tabId).then(closePopup);
  };
  mountExtensionPage(
    <SavePopup
      onOpenOptions={openOptions}
      onOpenLibrary={openLibrary}
      onFollowInLibrary={followInLibrary}
      closePopup={closePopup}
      onChatAboutPage={chatAboutPage}
    />,
    { background, queryClient },
  );
}
