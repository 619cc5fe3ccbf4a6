import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider, useAtom } from 'jotai';
import { expect } from 'vitest';
import { drawerAtom } from '@/components/chat/atoms';
import { useChosenBookmarks } from '@/components/chat/bookmarks/use-chosen-bookmarks';
import { ChatDrawers } from '@/components/chat/ChatDrawers';
import { ChatHeader } from '@/components/chat/ChatHeader';
import { ChatMessages } from '@/components/chat/conversation/ChatMessages';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import { useChatFiles } from '@/components/chat/files/use-chat-files';
import { useChatActions } from '@/components/chat/use-chat-actions';
import { useChosenModels } from '@/components/chat/use-chosen-models';
import { useSendQuestion } from '@/components/chat/use-send-question';
import { type AiModel, CHAT_SETTINGS_DEFAULTS, type UserModel } from '@/lib/api/ai-contract';
import type { Collection } from '@/lib/api/contract';
import { FakeBackground } from '../fake-background';
import { defaultAiState } from '../fixtures';
import type { setupLiveServer } from './live-server';

type Signed = Awaited<ReturnType<ReturnType<typeof setupLiveServer>['signedIn']>>;

/** Follow-up questions off: each question is one request to the provider. */
const FLAGS = { ...CHAT_SETTINGS_DEFAULTS, followUpQuestions: false };

/**
 * The side panel's header, conversation and bottom drawer as ChatPanel wires them (the page chip and the
 * composer aside: a Question box and Ask stand in for it), talking to the real server.
 */
function PanelWithDrawer() {
  const conversation = useConversation();
  const models = useChosenModels();
  const files = useChatFiles(models.chosen[0], conversation.chatId);
  const bookmarks = useChosenBookmarks(conversation.chatId);
  const [drawer, setDrawer] = useAtom(drawerAtom);
  const send = useSendQuestion({ ask: conversation.ask, models, flags: FLAGS, page: null });
  const actions = useChatActions(conversation, send, null, () => setDrawer('invite'), models.chosen[0]?.id);
  return (
    <>
      <ChatHeader
        conversation={conversation}
        flags={FLAGS}
        onFlagChange={() => {}}
        multi={models.multi}
        share={actions.share}
        onOpenDrawer={setDrawer}
        onOpenAiSettings={() => {}}
        onReportIssue={() => {}}
        mode="chat"
      />
      <input id="question" aria-label="Question" />
      <button
        type="button"
        disabled={!models.chosen.length}
        onClick={() => void send((document.getElementById('question') as HTMLInputElement).value)}
      >
        Ask
      </button>
      <ChatMessages
        conversation={conversation}
        flags={FLAGS}
        multi={models.multi}
        writer={false}
        pageTitle={null}
        actions={actions}
        onSend={(text) => void send(text)}
        onOpenUrl={() => {}}
        onOpenDrawer={setDrawer}
      />
      <ChatDrawers
        open={drawer}
        onClose={() => setDrawer(null)}
        conversation={conversation}
        models={models}
        files={files}
        bookmarks={bookmarks}
        onOpenDrawer={setDrawer}
        onSend={(text) => void send(text)}
        onRunQueue={() => false}
      />
    </>
  );
}

/**
 * Renders the panel as `user`. The background lists the server's house models (Trove Chat, the default,
 * and Trove Fast) with their server ids, and the user's collections as the server has them.
 */
export async function renderPanelWithDrawer(user: Signed) {
  const house = ((await user.call('user-models')).data as UserModel[]).filter((m) => m.isCurateitAI);
  const collections = (await user.call('get-user-collections')).data as Collection[];
  const background = new FakeBackground({
    collections,
    ai: { ...defaultAiState(), models: house as AiModel[] },
  });
  const store = createStore();
  const rendered = user.render(
    <Provider store={store}>
      <PanelWithDrawer />
    </Provider>,
    background,
  );
  await waitFor(() => expect((screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement).disabled).toBe(false));
  /** Types `text` as the question and presses Ask. */
  const ask = async (text: string) => {
    await rendered.user.clear(screen.getByRole('textbox', { name: 'Question' }));
    await rendered.user.type(screen.getByRole('textbox', { name: 'Question' }), text);
    await rendered.user.click(screen.getByRole('button', { name: 'Ask' }));
  };
  const modelId = (displayName: string) => house.find((m) => m.displayName === displayName)?.id as number;
  return { ...rendered, store, ask, modelId };
}

/** The drawer, once open (its title is its name). */
export const drawer = (title: string) => screen.findByRole('dialog', { name: title });
