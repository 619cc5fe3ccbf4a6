import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { IconButton } from '../ui/IconButton';
import { HistoryIcon, PlusIcon } from '../ui/icons';
import { waitWhile } from './answer-busy';
import { chatModeAtom } from './atoms';
import { useChatApi } from './chat-api-context';
import { useCommands, useConversations, useFlags, useLinks, useModels, usePageInChat } from './chat-session';
import { chatQuery } from './conversation/queries';
import { drawerAtom } from './drawer-atom';
import { ChatItemActions } from './history/ChatItemActions';
import { SettingsMenu } from './menus/SettingsMenu';
import { ShareMenu } from './menus/ShareMenu';

/** The panel's top bar: the chat's title (renamed or deleted here too), a new chat, history, sharing and the chat settings. */
export function ChatHeader() {
  const api = useChatApi();
  const conversation = useConversations().shown;
  const { flags, setFlag } = useFlags();
  const { multi } = useModels();
  const { actions } = useCommands();
  const links = useLinks();
  const { page, pageGems } = usePageInChat();
  // Write mode ('ai-writer') hides what the spec hides, Chat history among them.
  const mode = useAtomValue(chatModeAtom);
  const openDrawer = useSetAtom(drawerAtom);
  const { chatId } = conversation;
  // The stored chat's title (it may have been renamed); until it is known, its first question.
  const chat = useQuery({ ...chatQuery(api, chatId ?? 0), enabled: chatId !== null });
  const title = (chatId !== null ? chat.data?.title : undefined) ?? conversation.turns[0]?.question ?? 'New chat';
  return (
    <header className="chat-header">
      <h1 className="chat-title" title={title}>
        {title}
      </h1>
      {chatId === null ? null : <ChatItemActions chat={{ id: chatId, title }} busy={conversation.busy} />}
      <IconButton
        label="New chat"
        icon={<PlusIcon />}
        onClick={conversation.newChat}
        {...waitWhile(conversation.busy)}
      />
      {mode === 'ai-writer' ? null : (
        <IconButton label="Chat history" icon={<HistoryIcon />} onClick={() => openDrawer('history')} />
      )}
      <ShareMenu actions={actions.share} disabled={conversation.chatId === null} busy={conversation.busy} />
      <SettingsMenu
        flags={flags}
        onFlagChange={setFlag}
        multi={multi}
        mode={mode}
        onOpenDrawer={openDrawer}
        onOpenAiSettings={links.openAiSettings}
        onReportIssue={links.reportIssue}
        pageGem={Boolean(page && pageGems[0])}
      />
    </header>
  );
}
