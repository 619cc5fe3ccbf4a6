import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider, useAtom } from 'jotai';
import { describe, expect, it } from 'vitest';
import { WAIT_FOR_ANSWER } from '@/components/chat/answer-busy';
import { chatModeAtom } from '@/components/chat/atoms';
import { ChatHeader } from '@/components/chat/ChatHeader';
import {
  CommandsProvider,
  ConversationsProvider,
  FlagsProvider,
  LinksProvider,
  ModelsProvider,
  PageProvider,
} from '@/components/chat/chat-session';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import { ModeSwitch } from '@/components/chat/ModeSwitch';
import { useChatActions } from '@/components/chat/use-chat-actions';
import { useChatFlags } from '@/components/chat/use-chat-flags';
import { useChosenModels } from '@/components/chat/use-chosen-models';
import { setupFakeProvider } from '../../fake-provider/setup';
import { AskAndStopButtons } from './ask-and-stop';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/** The panel's header and mode switch as ChatPanel wires them, with Ask and Stop standing in for the composer. */
function HeaderWhileAnswering({ modelId }: { modelId: number }) {
  const conversation = useConversation();
  const models = useChosenModels();
  const flags = useChatFlags();
  const [mode, setMode] = useAtom(chatModeAtom);
  const send = (text: string) =>
    conversation.ask({ body: { text, modelId }, models: [{ modelId, displayName: 'House' }], chatType: mode });
  const actions = useChatActions(
    conversation,
    () => {},
    null,
    () => {},
    modelId,
  );
  return (
    <ConversationsProvider value={{ shown: conversation, stored: conversation }}>
      <ModelsProvider value={models}>
        <FlagsProvider value={flags}>
          <PageProvider value={{ page: null, pageGems: [] }}>
            <CommandsProvider value={{ send, actions, runQueue: () => false }}>
              <LinksProvider value={{ openAiSettings: () => {}, reportIssue: () => {} }}>
                <ChatHeader />
                <ModeSwitch mode={mode} disabled={conversation.busy} onChange={setMode} />
                <AskAndStopButtons conversation={conversation} modelId={modelId} />
              </LinksProvider>
            </CommandsProvider>
          </PageProvider>
        </FlagsProvider>
      </ModelsProvider>
    </ConversationsProvider>
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('The panel header while an answer streams', () => {
  it('New chat and the other mode wait, and say why (to screen readers too), until the answer is stopped', async () => {
    const user = await live.signedIn('busyhead');
    const modelId = await user.usableModelId();
    fake.script({ chunks: Array.from({ length: 200 }, (_, i) => `part${i} `), delayMs: 50 });
    const { user: ui } = user.render(
      <Provider store={createStore()}>
        <HeaderWhileAnswering modelId={modelId} />
      </Provider>,
    );
    const hint = button('Write').title;
    expect(button('New chat').disabled).toBe(false);
    expect(button('New chat').title).toBe('');

    await ui.click(button('Ask'));
    await waitFor(() => expect(button('New chat').disabled).toBe(true));
    // The title is the button's accessible description: what a screen reader says after its name.
    expect(button('New chat').title).toBe(WAIT_FOR_ANSWER);
    expect(button('Write').disabled).toBe(true);
    expect(button('Write').title).toBe(WAIT_FOR_ANSWER);
    // The mode on screen is not switched away from, so it does not wait.
    expect(button('Chat').disabled).toBe(false);
    expect(button('Chat').title).not.toBe(WAIT_FOR_ANSWER);

    await ui.click(button('Stop'));
    await waitFor(() => expect(button('New chat').disabled).toBe(false));
    expect(button('New chat').title).toBe('');
    expect(button('Write').disabled).toBe(false);
    expect(button('Write').title).toBe(hint);
  });
});
