import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Spinner } from '../../ui/Spinner';
import { waitWhile } from '../answer-busy';
import { useChatApi } from '../chat-api-context';
import { ChatItemActions } from './ChatItemActions';
import { chatCollectionsQuery } from './queries';

/** 'AI Chats' and 'Unfiltered', each expandable to its chats. */
export function CollectionsTab({ onOpenChat, busy }: { onOpenChat: (id: number) => void; busy: boolean }) {
  const api = useChatApi();
  const collections = useQuery(chatCollectionsQuery(api));
  if (collections.isPending) return <Spinner label="Loading collections" />;
  if (collections.isError) return <Alert tone="error">{errorMessage(collections.error)}</Alert>;
  return (
    <div className="history-collections">
      {collections.data.map((collection) => (
        <details key={collection.id} open={collection.name === 'AI Chats'}>
          <summary>
            {collection.name} <span className="history-count">({collection.chatCount})</span>
          </summary>
          {collection.chats.length ? (
            <ul className="history-list">
              {collection.chats.map((chat) => (
                <li key={chat.id} className="history-row">
                  <button
                    type="button"
                    className="history-item"
                    onClick={() => onOpenChat(chat.id)}
                    {...waitWhile(busy)}
                  >
                    <span className="history-title">{chat.title}</span>
                    <time dateTime={chat.updatedAt}>{dayjs(chat.updatedAt).format('DD MMM HH:mm')}</time>
                  </button>
                  <ChatItemActions chat={chat} busy={busy} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="history-none">No chats here.</p>
          )}
        </details>
      ))}
    </div>
  );
}
