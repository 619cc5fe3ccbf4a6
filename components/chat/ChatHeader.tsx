import { useQuery } from '@tanstack/react-query';
import type { ChatType } from '@/lib/api/chat-contract';
import { IconButton } from '../ui/IconButton';
import { waitWhile } from './answer-busy';
import type { DrawerName } from './atoms';
import { useChatApi } from './chat-api-context';
import type { Conversation } from './conversation/use-conversation';
import { ChatItemActions } from './history/ChatItemActions';
import { HistoryIcon, PlusIcon } from './icons';
import { SettingsMenu } from './menus/SettingsMenu';
import { type ShareActions, ShareMenu } from './menus/ShareMenu';
import { chatQuery } from './queries';
import type { ChatFlags } from './use-chat-flags';

interface ChatHeaderProps {
  conversation: Conversation;
  flags: ChatFlags;
  onFlagChange: (name: keyof ChatFlags, on: boolean) => void;
  multi: boolean;
  share: ShareActions;
  onOpenDrawer: (name: DrawerName) => void;
  onOpenAiSettings: () => void;
  onReportIssue: () => void;
  /** Only when the attached page has a saved gem. */
  onEditGem?: () => void;
  /** Write mode ('ai-writer') hides what the spec hides, Chat history among them. */
  mode: ChatType;
}

/** The panel's top bar: the chat's title (renamed or deleted here too), a new chat, history, sharing and the chat settings. */
export function ChatHeader({
  conversation,
  flags,
  onFlagChange,
  multi,
  share,
  onOpenDrawer,
  onOpenAiSettings,
  onReportIssue,
  onEditGem,
  mode,
}: ChatHeaderProps) {
  const api = useChatApi();
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
        <IconButton label="Chat history" icon={<HistoryIcon />} onClick={() => onOpenDrawer('history')} />
      )}
      <ShareMenu actions={share} disabled={conversation.chatId === null} busy={conversation.busy} />
      <SettingsMenu
        flags={flags}
        onFlagChange={onFlagChange}
        multi={multi}
        mode={mode}
        onOpenDrawer={onOpenDrawer}
        onOpenAiSettings={onOpenAiSettings}
        onReportIssue={onReportIssue}
        onEditGem={onEditGem}
      />
    </header>
  );
}
