import type { QueryClient } from '@tanstack/react-query';
import { mountExtensionPage } from '@/components/app/mount';
import { ChatPanel } from '@/components/chat/ChatPanel';
import { loadTurns } from '@/components/chat/conversation/turns-code';
import { type RememberedChat, rememberedChatId } from '@/lib/chat/remembered-chat';
import type { BackgroundClient } from '@/lib/messaging/protocol';

const openOptions = (hash?: string) => {
  void browser.tabs.create({ url: browser.runtime.getURL(`/options.html${hash ? `#${hash}` : ''}`) });
};

/**
 * The panel's React part, loaded after its first script (main.ts) asked its questions on `queryClient`,
 * opened on the chat it last showed (`remembered`), whose turns' code it loads at once.
 */
export function startPanel(background: BackgroundClient, queryClient: QueryClient, remembered: RememberedChat | null) {
  if (rememberedChatId(remembered) !== null) void loadTurns().catch(() => {});
  mountExtensionPage(<ChatPanel onOpenOptions={openOptions} remembered={remembered} />, { background, queryClient });
}
