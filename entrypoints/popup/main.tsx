import '@/assets/trove.css';
import '@/assets/popup.css';
import { mountExtensionPage } from '@/components/app/mount';
import { SavePopup } from '@/components/popup/SavePopup';

const closePopup = () => window.close();
const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
  closePopup();
};

mountExtensionPage(<SavePopup onOpenOptions={openOptions} closePopup={closePopup} />);
