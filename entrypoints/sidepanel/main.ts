import '@/assets/trove.css';
// The panel's HTML shell is drawn before React loads: its styles come with this first script.
import '@/components/chat/panel.css';
import '@/components/chat/composer/composer.css';
import '@/assets/drawer.css';
import '@/assets/pickers.css';
import { afterFirstFrame } from '@/components/app/after-first-frame';
import { markOnce } from '@/components/app/mark-once';
import { createQueryClient } from '@/components/app/query-client';
import { applyTheme, readTheme } from '@/components/app/theme';
import { wireShellComposer } from '@/components/chat/composer/composer-handover';
import { PANEL_MARKS } from '@/components/chat/panel-marks';
import { prefetchChatPanel } from '@/components/chat/prefetch';
import { rememberedChatItem } from '@/lib/chat/remembered-chat';
import { createBackgroundClient } from '@/lib/messaging/messenger';

// The panel's first script holds no React. The HTML's composer takes typing from the first frame (an
// Enter is kept for later); this script asks the background what the panel needs, on the query cache
// React then renders from, and loads React once that frame is drawn (at once in a hidden panel, which draws
// none): evaluating it first would hold the frame back. React's first render takes over the composer's text,
// caret and focus, and shows the chat the panel last showed (read meanwhile), never a new chat first.
applyTheme(readTheme());
wireShellComposer();
const background = createBackgroundClient();
const queryClient = createQueryClient();
prefetchChatPanel(queryClient, background);
const remembered = rememberedChatItem.getValue().catch(() => null);
afterFirstFrame(() => {
  markOnce(PANEL_MARKS.typeable);
  void Promise.all([import('./app'), remembered]).then(([{ startPanel }, chat]) =>
    startPanel(background, queryClient, chat),
  );
});
