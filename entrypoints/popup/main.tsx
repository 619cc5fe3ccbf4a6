import '@/assets/trove.css';
import { mountExtensionPage } from '@/components/app/mount';
import { SavePopup } from '@/components/popup/SavePopup';

const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
  window.close();
};

mountExtensionPage(<SavePopup onOpenOptions={openOptions} />);
