import { IconButton } from '../ui/IconButton';
import type { DrawerName } from './atoms';
import type { Conversation } from './conversation/use-conversation';
import { HistoryIcon, PlusIcon } from './icons';
import { SettingsMenu } from './menus/SettingsMenu';
import { type ShareActions, ShareMenu } from './menus/ShareMenu';
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
}

/** The panel's top bar: the chat's title, a new chat, history, sharing and the chat settings. */
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
}: ChatHeaderProps) {
  const title = conversation.turns[0]?.question ?? 'New chat';
  return (
    <header className="chat-header">
      <h1 className="chat-title" title={title}>
        {title}
      </h1>
      <IconButton label="New chat" icon={<PlusIcon />} onClick={conversation.newChat} disabled={conversation.busy} />
      <IconButton label="Chat history" icon={<HistoryIcon />} onClick={() => onOpenDrawer('history')} />
      <ShareMenu actions={share} disabled={conversation.chatId === null} />
      <SettingsMenu
        flags={flags}
        onFlagChange={onFlagChange}
        multi={multi}
        mode="chat"
        onOpenDrawer={onOpenDrawer}
        onOpenAiSettings={onOpenAiSettings}
        onReportIssue={onReportIssue}
        onEditGem={onEditGem}
      />
    </header>
  );
}
