import { Tabs } from '../../ui/Tabs';
import { CollectionsTab } from './CollectionsTab';
import { RecentsTab } from './RecentsTab';

/** Chat history (spec §2): the chat collections, and recent chats searched on Enter. */
export function HistoryPanel({ onOpenChat }: { onOpenChat: (id: number) => void }) {
  return (
    <Tabs
      label="Chat history"
      tabs={[
        { id: 'collections', label: 'Collections', content: <CollectionsTab onOpenChat={onOpenChat} /> },
        { id: 'recents', label: 'Recents', content: <RecentsTab onOpenChat={onOpenChat} /> },
      ]}
    />
  );
}
