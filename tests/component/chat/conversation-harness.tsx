import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { expect } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import { CommandsProvider, ConversationsProvider, FlagsProvider, PageProvider } from '@/components/chat/chat-session';
import { ChatMessages } from '@/components/chat/conversation/ChatMessages';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import { useTemporaryChat } from '@/components/chat/conversation/use-temporary-chat';
import { useChatActions } from '@/components/chat/use-chat-actions';
import { CHAT_SETTINGS_DEFAULTS } from '@/lib/api/ai-contract';
import type { FakeProvider } from '../../fake-provider/server';
import type { setupLiveServer } from './live-server';

// jsdom has no layout: the conversation's scroller gets a panel's size, so the virtualised list shows its turns.
for (const [side, px] of [
  ['clientHeight', 800],
  ['clientWidth', 400],
] as const) {
  const own = Object.getOwnPropertyDescriptor(Element.prototype, side);
  Object.defineProperty(HTMLElement.prototype, side, {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('message-list') ? px : (own?.get?.call(this) ?? 0);
    },
  });
}

type Signed = Awaited<ReturnType<ReturnType<typeof setupLiveServer>['signedIn']>>;

interface HarnessProps {
  modelIds: number[];
  temporary: boolean;
  /** Sent with every question, as the composer sends the chosen context. */
  contextText?: string;
}

/**
 * The side panel's conversation as ChatPanel wires it (the stored chat, or Temporary Chat), with Ask and
 * Stop standing in for the composer: the real server, answered by the fake provider.
 */
function ConversationHarness({ modelIds, temporary, contextText }: HarnessProps) {
  const stored = useConversation();
  const temporaryChat = useTemporaryChat();
  const conversation = temporary ? { ...stored, ...temporaryChat } : stored;
  const send = (text: string) =>
    conversation.ask({
      body: {
        text,
        ...(modelIds.length > 1 ? { modelIds } : { modelId: modelIds[0] }),
        ...(contextText ? { context: { text: contextText } } : {}),
      },
      models: modelIds.map((modelId, i) => ({ modelId, displayName: `Model ${i + 1}` })),
      chatType: 'chat',
    });
  const actions = useChatActions(
    stored,
    (text) => void send(text),
    null,
    () => {},
    modelIds[0],
  );
  return (
    <>
      <button type="button" onClick={() => void send((document.getElementById('question') as HTMLInputElement).value)}>
        Ask
      </button>
      <input id="question" aria-label="Question" />
      <button type="button" onClick={() => void conversation.stop()}>
        Stop
      </button>
      <button type="button" onClick={() => stored.chatId !== null && stored.openChat(stored.chatId)}>
        Reopen the chat
      </button>
      <input id="chat-to-open" aria-label="Chat to open" />
      <button
        type="button"
        onClick={() => stored.openChat(Number((document.getElementById('chat-to-open') as HTMLInputElement).value))}
      >
        Open chat
      </button>
      <ConversationsProvider value={{ shown: conversation, stored }}>
        <FlagsProvider value={{ flags: CHAT_SETTINGS_DEFAULTS, setFlag: () => {} }}>
          <PageProvider value={{ page: null, pageGems: [] }}>
            <CommandsProvider value={{ send, actions, runQueue: () => false }}>
              <ChatMessages multi={modelIds.length > 1} />
            </CommandsProvider>
          </PageProvider>
        </FlagsProvider>
      </ConversationsProvider>
    </>
  );
}

/** Renders the harness as `user`; `chatId`: the chat the panel opens on. */
export function renderConversation(user: Signed, props: HarnessProps, chatId: number | null = null) {
  const store = createStore();
  store.set(chatIdAtom, chatId);
  const rendered = user.render(
    <Provider store={store}>
      <ConversationHarness {...props} />
    </Provider>,
  );
  /** Types `text` as the question and presses Ask. */
  const ask = async (text: string) => {
    await rendered.user.clear(screen.getByRole('textbox', { name: 'Question' }));
    await rendered.user.type(screen.getByRole('textbox', { name: 'Question' }), text);
    await rendered.user.click(screen.getByRole('button', { name: 'Ask' }));
  };
  return { ...rendered, store, ask };
}

/** A chat with one answered question ("A stored question", "Kept answer."), asked through the panel; its id. */
export async function answeredChat(user: Signed, modelId: number, fake: FakeProvider) {
  fake.script({ chunks: ['Kept ', 'answer.'] });
  const { ask, store, unmount } = renderConversation(user, { modelIds: [modelId], temporary: false });
  await ask('A stored question');
  await waitFor(() => expect(answersShown()).toEqual(['done: Kept answer.']));
  unmount();
  return store.get(chatIdAtom) as number;
}

/** Each answer on screen as "status: text". */
export const answersShown = () =>
  screen
    .queryAllByRole('article')
    .map((a) => `${a.getAttribute('data-status')}: ${a.querySelector('.md')?.textContent ?? ''}`);
