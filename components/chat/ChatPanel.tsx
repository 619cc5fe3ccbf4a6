import './panel.css';
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { RememberedChat } from '@/lib/chat/remembered-chat';
import { useBackground } from '../app/background-context';
import { markOnce } from '../app/mark-once';
import { sessionQuery } from '../app/queries';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { chatModeAtom } from './atoms';
import { useLibraryChat } from './bookmarks/use-library-chat';
import { ChatDrawers } from './ChatDrawers';
import { ChatHeader } from './ChatHeader';
import { ChatApiProvider } from './chat-api-context';
import { ChatSessionProvider } from './chat-session';
import { PanelComposer } from './composer/PanelComposer';
import { ChatMessages } from './conversation/ChatMessages';
import { ModeSwitch } from './ModeSwitch';
import { PanelSkeleton } from './PanelSkeleton';
import { ChatContext } from './page/ChatContext';
import { useFollowTabs } from './page/follow-tabs';
import { usePanelPage } from './page/use-panel-page';
import { PANEL_MARKS } from './panel-marks';
import { PromptQueuePanel } from './prompts/PromptQueuePanel';
import { PicturePending } from './tools/PicturePending';
import { useChatSession } from './use-chat-session';
import { useOpeningHold } from './use-opening-hold';
import { useRememberedChat } from './use-remembered-chat';

// The report form (and its schema library) loads when Report issue is chosen.
const ReportBugDialog = lazy(() => import('../feedback/ReportBugDialog').then((m) => ({ default: m.ReportBugDialog })));

interface ChatPanelProps {
  onOpenOptions: (hash?: string) => void;
  /** The tab and chats the panel last showed (read before React mounted); null: a new chat. */
  remembered?: RememberedChat | null;
}

/** The side panel: chat about the page you are on. */
export function ChatPanel(props: ChatPanelProps) {
  const background = useBackground();
  const session = useQuery(sessionQuery(background));
  if (session.isPending) return <PanelSkeleton />;
  if (!session.data?.user) {
    return (
      <main className="chat-panel signed-out">
        <EmptyState title="Sign in to chat">
          <p>Trove's chat needs your Trove account.</p>
          <Button onClick={() => props.onOpenOptions('account')}>Sign in</Button>
        </EmptyState>
      </main>
    );
  }
  return (
    <ChatApiProvider>
      <Chat {...props} username={session.data.user.username} />
    </ChatApiProvider>
  );
}

function Chat({ onOpenOptions, username, remembered = null }: ChatPanelProps & { username: string }) {
  useRememberedChat(remembered);
  const attached = usePanelPage();
  const followTabs = useFollowTabs();
  const [mode, setMode] = useAtom(chatModeAtom);
  const [reporting, setReporting] = useState(false);
  const { value, temporary, tool, queue } = useChatSession(attached, {
    openAiSettings: () => onOpenOptions(`/u/${encodeURIComponent(username)}/edit-profile?aiSettings=true`),
    reportIssue: () => setReporting(true),
  });
  const { shown: conversation, stored } = value.conversations;
  const { models } = value;
  useLibraryChat({
    request: attached.libraryChat,
    taken: attached.libraryChatTaken,
    chatId: conversation.chatId,
    newChat: conversation.newChat,
  });
  useEffect(() => {
    if (!models.loading) markOnce(PANEL_MARKS.ready);
  }, [models.loading]);
  const { pictures } = tool;
  const opening = useOpeningHold(stored.chatId, stored.loading);
  if (opening) return <PanelSkeleton />;

  return (
    <ChatSessionProvider value={value}>
      <main className="chat-panel">
        <ChatHeader />
        <ModeSwitch
          mode={mode}
          disabled={conversation.busy || queue.active}
          onChange={(next) => {
            stored.clearLive();
            setMode(next);
          }}
        />
        {temporary ? (
          <p className="temporary-banner" role="status">
            Temporary chat: nothing is stored, and it is gone when the panel closes.
          </p>
        ) : null}
        <ChatContext attached={attached} followTabs={followTabs} />
        <ChatMessages multi={models.multi} />
        {pictures.pending ? <PicturePending request={pictures.pending} /> : null}
        {conversation.failure || pictures.failure ? (
          <p className="chat-failure" role="alert">
            {conversation.failure ?? pictures.failure}
          </p>
        ) : null}
        {queue.state ? (
          <PromptQueuePanel state={queue.state} active={queue.active} onStop={queue.stop} onDismiss={queue.dismiss} />
        ) : null}
        <PanelComposer
          pageRead={!attached.reading}
          busy={conversation.busy || queue.active || pictures.pending !== null}
          onSend={tool.submit}
          onStop={() => (queue.active ? queue.stop() : void conversation.stop())}
          placeholder={tool.placeholder}
        />
        <ChatDrawers />
        {reporting ? (
          <Suspense fallback={null}>
            <ReportBugDialog
              initialUrl={attached.page?.url ?? ''}
              activeModel={models.chosen.map((m) => `${m.provider} ${m.model}`).join(', ')}
              onClose={() => setReporting(false)}
            />
          </Suspense>
        ) : null}
      </main>
    </ChatSessionProvider>
  );
}
