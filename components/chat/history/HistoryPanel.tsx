import './history.css';
import { Tabs } from '../../ui/Tabs';
import { useConversations } from '../chat-session';
import type { DrawerPanelProps } from '../drawer-panel-props';
import { CollectionsTab } from './CollectionsTab';
import { RecentsTab } from './RecentsTab';

interface HistoryPanelProps {
  onOpenChat: (id: number) => void;
  /** An answer is streaming: another chat opens once it is done or stopped. */
  busy: boolean;
}

/** The drawer's Chat History: a chat chosen opens, and the drawer closes. */
export function HistoryDrawer({ close }: DrawerPanelProps) {
  const { stored } = useConversations();
  return (
    <HistoryPanel
      busy={stored.busy}
      onOpenChat={(id) => {
        stored.openChat(id);
        close();
      }}
    />
  );
}

/** Chat history: the chat collections, and recent chats searched on Enter. */
export function HistoryPanel({ onOpenChat, busy }: HistoryPanelProps) {
  return (
    <Tabs
      label="Chat history"
      tabs={[
        { id: 'collections', label: 'Collections', content: <CollectionsTab onOpenChat={onOpenChat} busy={busy} /> },
        { id: 'recents', label: 'Recents', content: <RecentsTab onOpenChat={onOpenChat} busy={busy} /> },
      ]}
    />
  );
}
