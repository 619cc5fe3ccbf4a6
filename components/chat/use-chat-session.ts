import { useAtomValue, useSetAtom } from 'jotai';
import { chatModeAtom, temporaryAtom } from './atoms';
import { useChosenBookmarks } from './bookmarks/use-chosen-bookmarks';
import type { ChatSessionValue, PanelLinks } from './chat-session';
import { useConversation } from './conversation/use-conversation';
import { useTemporaryChat } from './conversation/use-temporary-chat';
import { drawerAtom } from './drawer-atom';
import { useChatFiles } from './files/use-chat-files';
import { usePageGems } from './page/use-page-gems';
import type { PanelPage } from './page/use-panel-page';
import { usePromptQueue } from './prompts/use-prompt-queue';
import { useToolSubmit } from './tools/use-tool-submit';
import { useChatActions } from './use-chat-actions';
import { useChatFlags } from './use-chat-flags';
import { useChosenModels } from './use-chosen-models';
import { useSendQuestion } from './use-send-question';

/**
 * What the side panel's parts share (ChatSessionProvider gives it to them), made from the attached page; also the
 * prompt queue and the composer's tool, which only the panel itself arranges.
 */
export function useChatSession(attached: PanelPage, links: PanelLinks) {
  const stored = useConversation();
  const temporaryChat = useTemporaryChat();
  const models = useChosenModels();
  const flags = useChatFlags();
  const writer = useAtomValue(chatModeAtom) === 'ai-writer';
  const temporary = useAtomValue(temporaryAtom) && !writer;
  // Temporary Chat shows only its own turns, stores nothing, and has nothing to share.
  const shown = temporary
    ? { ...stored, ...temporaryChat, chatId: null, failure: null, newChat: temporaryChat.clear }
    : stored;
  const openDrawer = useSetAtom(drawerAtom);
  const page = attached.sendable;
  const pageGems = usePageGems(page?.url ?? null);
  const files = useChatFiles(models.chosen[0], shown.chatId);
  const bookmarks = useChosenBookmarks(shown.chatId);

  const send = useSendQuestion({ ask: shown.ask, models, flags: flags.flags, page });
  const tool = useToolSubmit(send, models.chosen, page?.url);
  const queue = usePromptQueue({ send, stopAnswer: shown.stop, busy: shown.busy });
  const actions = useChatActions(stored, send, page?.url ?? null, () => openDrawer('invite'), models.chosen[0]?.id);
  const value: ChatSessionValue = {
    conversations: { shown, stored },
    models,
    flags,
    attachments: { files, bookmarks },
    page: { page, pageGems },
    commands: { send, actions, runQueue: queue.start },
    links,
  };
  return { value, temporary, tool, queue };
}
