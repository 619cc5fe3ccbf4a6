import '@/assets/trove.css';
import '@/assets/chat.css';
import '@/assets/drawer.css';
import '@/assets/pickers.css';
import { mountExtensionPage } from '@/components/app/mount';
import { ChatPanel } from '@/components/chat/ChatPanel';

const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
};

mountExtensionPage(<ChatPanel onOpenOptions={openOptions} />);
