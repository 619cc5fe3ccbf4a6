import '@/assets/trove.css';
import '@/assets/popup.css';
import '@/assets/gem-form.css';
import { createQueryClient } from '@/components/app/query-client';
import { applyTheme, readTheme } from '@/components/app/theme';
import { prefetchSavePopup } from '@/components/popup/prefetch';
import { paintTabPreview } from '@/components/popup/tab-preview-shell';
import { isWebAddress } from '@/lib/api/web-address';
import { createBackgroundClient } from '@/lib/messaging/messenger';
import { getActiveTab } from '@/lib/page/active-tab';

// The popup's first script holds no React. It asks the browser for the tab and the background for
// everything the form shows (on the query cache React then renders from), and paints the tab's title
// and site into the HTML's shell as soon as the browser answers. React and the form load once that is
// on screen: evaluating them first would hold the paint back by as long (~50–100 ms here).
applyTheme(readTheme());
const background = createBackgroundClient({ getActiveTab: (input) => getActiveTab(input.tabId) });
const queryClient = createQueryClient();
void prefetchSavePopup(queryClient, background)
  .then((tab) => (tab && isWebAddress(tab.url) ? paintTabPreview(tab) : undefined))
  .then(() => import('./app'))
  .then(({ startPopup }) => startPopup(background, queryClient));
