import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider, useSetAtom } from 'jotai';
import { expect } from 'vitest';
import { useChosenBookmarks } from '@/components/chat/bookmarks/use-chosen-bookmarks';
import { ChatDrawers } from '@/components/chat/ChatDrawers';
import { ChatHeader } from '@/components/chat/ChatHeader';
import { ChatSessionProvider } from '@/components/chat/chat-session';
import { PanelComposer } from '@/components/chat/composer/PanelComposer';
import { ChatMessages } from '@/components/chat/conversation/ChatMessages';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import { drawerAtom } from '@/components/chat/drawer-atom';
import { useChatFiles } from '@/components/chat/files/use-chat-files';
import { useChatActions } from '@/components/chat/use-chat-actions';
import { useChatFlags } from '@/components/chat/use-chat-flags';
import { useChosenModels } from '@/components/chat/use-chosen-models';
import { useSendQuestion } from '@/components/chat/use-send-question';
import type { ChatSettings, UserModel } from '@/lib/api/ai-contract';
import type { Collection } from '@/lib/api/contract';
import type { ActivePage } from '@/lib/messaging/types';
import { FakeBackground } from '../fake-background';
import { makeUser } from '../fixtures';
import type { setupLiveServer } from './live-server';

type Signed = Awaited<ReturnType<ReturnType<typeof setupLiveServer>['signedIn']>>;

/**
 * The side panel's chat as ChatPanel wires it (the header and its menus, the chosen models, the chat
 * settings, the composer, the conversation, the drawer, given what they read as ChatPanel gives it), questions sent
 * by the panel's own useSendQuestion to the real server. A link is opened as ChatPanel opens it: a new tab.
 * `Received` shows the text of the last answer as the panel has received it, whether the answer shows it or not.
 */
function PanelChat({ page }: { page: ActivePage | null }) {
  const conversation = useConversation();
  const models = useChosenModels();
  const flags = useChatFlags();
  const setDrawer = useSetAtom(drawerAtom);
  const files = useChatFiles(models.chosen[0], conversation.chatId);
  const bookmarks = useChosenBookmarks(conversation.chatId);
  const send = useSendQuestion({ ask: conversation.ask, models, flags: flags.flags, page });
  const actions = useChatActions(
    conversation,
    send,
    page?.url ?? null,
    () => setDrawer('invite'),
    models.chosen[0]?.id,
  );
  const session = {
    conversations: { shown: conversation, stored: conversation },
    models,
    flags,
    attachments: { files, bookmarks },
    page: { page, pageGems: [] },
    commands: { send, actions, runQueue: () => false },
    links: { openAiSettings: () => {}, reportIssue: () => {} },
  };
  return (
    <ChatSessionProvider value={session}>
      <ChatHeader />
      <button type="button" onClick={() => setDrawer('language')}>
        Language
      </button>
      <ChatMessages multi={models.multi} />
      <output aria-label="Received">{conversation.turns.at(-1)?.answers.at(-1)?.text ?? ''}</output>
      <PanelComposer
        pageRead
        busy={conversation.busy}
        onSend={(text) => void send(text)}
        onStop={() => void conversation.stop()}
        placeholder="Ask about this page…"
      />
      <ChatDrawers />
    </ChatSessionProvider>
  );
}

/**
 * A background whose AI settings list the server's house models for `user` (the models the fake
 * provider answers; Trove Chat is the default), and whose collections are the user's on the server, so
 * what the panel chooses is what the server knows; `settings`: the chat settings.
 */
export async function backgroundFor(user: Signed, settings: Partial<ChatSettings> = {}) {
  const listed = (await user.call('user-models')).data as UserModel[];
  const collections = (await user.call('get-user-collections')).data as Collection[];
  const background = new FakeBackground({ user: makeUser(), collections });
  background.state.ai.models = listed
    .filter((m) => m.isCurateitAI && m.type === 'Text')
    .map(({ label, inactiveReason, enabled, providerEnabled, endpoint, discovered, ...model }) => model);
  Object.assign(background.state.ai.settings, settings);
  return { background, houseModels: background.state.ai.models };
}

/** Renders the panel's chat as `user`, with `background` (see backgroundFor); `page`: the attached page. */
export function renderPanelChat(
  user: Signed,
  background: FakeBackground,
  { page = null, store = createStore() }: { page?: ActivePage | null; store?: ReturnType<typeof createStore> } = {},
) {
  const rendered = user.render(
    <Provider store={store}>
      <PanelChat page={page} />
    </Provider>,
    background,
  );
  /** Types `text` in the composer and presses Enter, once the models are known. */
  const ask = async (text: string) => {
    const box = screen.getByRole('textbox', { name: 'Your question' });
    await waitFor(() => expect(screen.getByRole('button', { name: /^Model:/ }).textContent).not.toMatch(/Loading/));
    await rendered.user.type(box, `${text}{Enter}`);
  };
  return { ...rendered, store, ask };
}

export const received = () => screen.getByRole('status', { name: 'Received' }).textContent;

/**
 * The panel's chat as `user`, follow-up questions off (each question is one request to the provider), its
 * models known; `modelId` gives a house model's server id by its name.
 */
export async function renderPanelWithDrawer(user: Signed) {
  const { background, houseModels } = await backgroundFor(user, { followUpQuestions: false });
  const rendered = renderPanelChat(user, background);
  await waitFor(() => expect(screen.getByRole('button', { name: /^Model:/ }).textContent).not.toMatch(/Loading/));
  const modelId = (displayName: string) => houseModels.find((m) => m.displayName === displayName)?.id as number;
  return { ...rendered, modelId };
}

/** The drawer, once open (its title is its name). */
export const drawer = (title: string) => screen.findByRole('dialog', { name: title });
