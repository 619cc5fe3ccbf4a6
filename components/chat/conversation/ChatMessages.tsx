import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { chatModeAtom } from '../atoms';
import { useConversations, usePageInChat } from '../chat-session';
import { ChatLoadState } from './ChatLoadState';
import type { ConversationTurnsProps } from './ConversationTurns';
import { CONVERSATION_LOG } from './conversation-log';
import { loadedTurns, loadTurns } from './turns-code';

const LazyTurns = lazy(() => loadTurns().then((turns) => ({ default: turns })));

/** The conversation: each question with its answers and their options, or what to do first. */
export function ChatMessages({ multi }: ConversationTurnsProps) {
  const conversation = useConversations().shown;
  const writer = useAtomValue(chatModeAtom) === 'ai-writer';
  // The title of the attached page, when questions go with it.
  const pageTitle = usePageInChat().page?.title ?? null;
  // Its code already here (the panel opened on a chat), the turns show at once, with no empty log first.
  const [ConversationTurns] = useState(() => loadedTurns() ?? LazyTurns);
  // The turns' code is fetched once the panel is idle, so the first answer does not wait for it.
  useEffect(() => {
    const idle = requestIdleCallback(() => void loadTurns());
    return () => cancelIdleCallback(idle);
  }, []);
  if (conversation.loading || conversation.loadError) return <ChatLoadState {...conversation} />;
  if (conversation.turns.length) {
    return (
      <Suspense fallback={<div {...CONVERSATION_LOG} />}>
        <ConversationTurns multi={multi} />
      </Suspense>
    );
  }
  return (
    <div {...CONVERSATION_LOG}>
      {writer ? (
        <EmptyState title="Write with Trove">
          <p>Ask for a draft, a rewrite or a reply. The answer is the text itself, ready to paste.</p>
        </EmptyState>
      ) : (
        <EmptyState title={pageTitle ? 'Ask about this page' : 'Ask anything'}>
          <p>{pageTitle ? `Questions go with “${pageTitle}”.` : 'Open a web page to chat about it.'}</p>
        </EmptyState>
      )}
    </div>
  );
}
