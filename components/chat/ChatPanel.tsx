import './panel.css';
import { useQuery } from '@tanstack/react-query';
import { useAtom, useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { RememberedChat } from '@/lib/chat/remembered-chat';
import { useBackground } from '../app/background-context';
import { markOnce } from '../app/mark-once';
import { sessionQuery } from '../app/queries';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { chatModeAtom, drawerAtom, temporaryAtom } from './atoms';
import { useChosenBookmarks } from './bookmarks/use-chosen-bookmarks';
import { ChatDrawers } from './ChatDrawers';
import { ChatHeader } from './ChatHeader';
import { ChatApiProvider } from './chat-api-context';
import { PanelComposer } from './composer/PanelComposer';
import { ChatMessages } from './conversation/ChatMessages';
import { useConversation } from './conversation/use-conversation';
import { useTemporaryChat } from './conversation/use-temporary-chat';
import { useChatFiles } from './files/use-chat-files';
import { ModeSwitch } from './ModeSwitch';
import { openInNewTab } from './open-url';
import { PanelSkeleton } from './PanelSkeleton';
import { ChatContext } from './page/ChatContext';
import { useFollowTabs } from './page/follow-tabs';
import { usePageGems } from './page/use-page-gems';
import { usePanelPage } from './page/use-panel-page';
import { PANEL_MARKS } from './panel-marks';
import { PromptQueuePanel } from './prompts/PromptQueuePanel';
import { usePromptQueue } from './prompts/use-prompt-queue';
import { PicturePending } from './tools/PicturePending';
import { useToolSubmit } from './tools/use-tool-submit';
import { useChatActions } from './use-chat-actions';
import { useChatFlags } from './use-chat-flags';
import { useChosenModels } from './use-chosen-models';
import { useOpeningHold } from './use-opening-hold';
import { useRememberedChat } from './use-remembered-chat';
import { useSendQuestion } from './use-send-question';

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
  const stored = useConversation();
  const temporaryChat = useTemporaryChat();
  const models = useChosenModels();
  const { flags, setFlag } = useChatFlags();
  const [mode, setMode] = useAtom(chatModeAtom);
  const writer = mode === 'ai-writer';
  const temporary = useAtomValue(temporaryAtom) && !writer;
  // Temporary Chat shows only its own turns, stores nothing, and has nothing to share.
  const conversation = temporary
    ? { ...stored, ...temporaryChat, chatId: null, failure: null, newChat: temporaryChat.clear }
    : stored;
  const [drawer, setDrawer] = useAtom(drawerAtom);
  const [reporting, setReporting] = useState(false);
  const page = attached.sendable;
  const pageGems = usePageGems(page?.url ?? null);
  const chatFiles = useChatFiles(models.chosen[0], conversation.chatId);
  const bookmarks = useChosenBookmarks(conversation.chatId);
  useEffect(() => {
    if (!models.loading) markOnce(PANEL_MARKS.ready);
  }, [models.loading]);

  const send = useSendQuestion({ ask: conversation.ask, models, flags, page });
  const { tool, pictures, submit, placeholder } = useToolSubmit(send, models.chosen, page?.url);
  const queue = usePromptQueue({ send, stopAnswer: conversation.stop, busy: conversation.busy });
  const actions = useChatActions(stored, send, page?.url ?? null, () => setDrawer('invite'), models.chosen[0]?.id);
  const openAiSettings = () => onOpenOptions(`/u/${encodeURIComponent(username)}/edit-profile?aiSettings=true`);
  const opening = useOpeningHold(stored.chatId, stored.loading);
  if (opening) return <PanelSkeleton />;

  return (
    <main className="chat-panel">
      <ChatHeader
        conversation={conversation}
        flags={flags}
        onFlagChange={setFlag}
        multi={models.multi}
        share={actions.share}
        onOpenDrawer={setDrawer}
        onOpenAiSettings={openAiSettings}
        onReportIssue={() => setReporting(true)}
        onEditGem={page && pageGems[0] ? () => setDrawer('edit-gem') : undefined}
        mode={mode}
      />
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
      <ChatContext
        attached={attached}
        pageGemCount={pageGems.length}
        contentLength={models.contentLength}
        followTabs={followTabs}
        chatId={conversation.chatId}
        onOpenUrl={openInNewTab}
        files={chatFiles}
        bookmarks={bookmarks}
        onEditContext={() => setDrawer('contexts')}
      />
      <ChatMessages
        conversation={conversation}
        flags={flags}
        multi={models.multi}
        writer={writer}
        pageTitle={page?.title ?? null}
        actions={actions}
        onSend={send}
        onOpenUrl={openInNewTab}
        onOpenDrawer={setDrawer}
      />
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
        models={models}
        pageRead={!attached.reading}
        tool={tool}
        writer={writer}
        temporary={temporary}
        busy={conversation.busy || queue.active || pictures.pending !== null}
        onSend={submit}
        onStop={() => (queue.active ? queue.stop() : void conversation.stop())}
        placeholder={placeholder}
        page={page}
        showCost={flags.costEstimate}
        files={chatFiles}
        onOpenDrawer={setDrawer}
        onOpenAiSettings={openAiSettings}
      />
      <ChatDrawers
        open={drawer}
        onClose={() => setDrawer(null)}
        conversation={stored}
        models={models}
        editGem={page && pageGems[0] ? { page, gem: pageGems[0] } : undefined}
        files={chatFiles}
        bookmarks={bookmarks}
        onOpenDrawer={setDrawer}
        onSend={send}
        onRunQueue={queue.start}
      />
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
  );
}
