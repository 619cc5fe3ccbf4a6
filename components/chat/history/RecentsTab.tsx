import { useInfiniteQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { mergePages } from '@/lib/chat/paging';
import { markdownToPlainText } from '@/lib/chat/plain-text';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { waitWhile } from '../answer-busy';
import { useChatApi } from '../chat-api-context';
import { ChatItemActions } from './ChatItemActions';
import { historyQuery } from './queries';

/**
 * Recent chats, newest first: searched when Enter is pressed, the next page loaded as the list's end scrolls into view.
 */
export function RecentsTab({ onOpenChat, busy }: { onOpenChat: (id: number) => void; busy: boolean }) {
  const api = useChatApi();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const history = useInfiniteQuery(historyQuery(api, search));
  const sentinel = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const chats = mergePages(history.data?.pages ?? []);
  return (
    <div className="history-recents">
      <input
        type="search"
        className="ui-input"
        aria-label="Search chats (press Enter)"
        placeholder="Search chats, then press Enter"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') setSearch(typed.trim());
        }}
      />
      {history.isPending ? <Spinner label="Loading chats" /> : null}
      {history.isError ? <Alert tone="error">{errorMessage(history.error)}</Alert> : null}
      {history.isSuccess && !chats.length ? (
        <EmptyState title={search ? 'No chat matches' : 'No chats yet'}>
          <p>{search ? `Nothing found for “${search}”.` : 'Your chats appear here.'}</p>
        </EmptyState>
      ) : null}
      <ul className="history-list">
        {chats.map((chat) => (
          <li key={chat.id} className="history-row">
            <button type="button" className="history-item" onClick={() => onOpenChat(chat.id)} {...waitWhile(busy)}>
              <span className="history-title">{chat.title}</span>
              <time dateTime={chat.updatedAt}>{dayjs(chat.updatedAt).format('DD MMM HH:mm')}</time>
              {chat.lastMessage ? (
                <span className="history-excerpt">{markdownToPlainText(chat.lastMessage)}</span>
              ) : null}
            </button>
            <ChatItemActions chat={chat} busy={busy} />
          </li>
        ))}
        <li ref={sentinel} aria-hidden="true" className="history-sentinel" />
      </ul>
      {isFetchingNextPage ? <Spinner label="Loading more chats" /> : null}
    </div>
  );
}
