import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import type { Message } from '@/lib/api/chat-contract';
import { setupFakeProvider } from '../../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/** Ask and Stop, wired to the panel's conversation hook (the real server, answered by the fake provider). */
function AskAndStop({ modelId }: { modelId: number }) {
  const conversation = useConversation();
  const ask = () =>
    void conversation.ask({
      body: { text: 'Tell me a long story.', modelId },
      models: [{ modelId, displayName: 'House' }],
      chatType: 'chat',
    });
  return (
    <>
      <button type="button" onClick={ask}>
        Ask
      </button>
      <button type="button" onClick={() => void conversation.stop()}>
        Stop
      </button>
      <ol aria-label="Answers">
        {conversation.turns.map((turn) => (
          <li key={turn.key}>{turn.answers[0]?.status}</li>
        ))}
      </ol>
    </>
  );
}

describe('Stop', () => {
  it('pressed before the server has named the message, still stops the answer on the server', async () => {
    const user = await live.signedIn('stopearly');
    const modelId = await user.usableModelId();
    fake.script({ chunks: Array.from({ length: 60 }, (_, i) => `part${i} `), delayMs: 50 });
    const store = createStore();
    const { user: ui } = user.render(
      <Provider store={store}>
        <AskAndStop modelId={modelId} />
      </Provider>,
    );
    // The chat is still being created when Stop is pressed: no message id has come back yet.
    await ui.click(screen.getByRole('button', { name: 'Ask' }));
    await ui.click(screen.getByRole('button', { name: 'Stop' }));
    expect(store.get(chatIdAtom)).toBeNull();

    await waitFor(() => expect(screen.getByRole('list', { name: 'Answers' }).textContent).toBe('stopped'), {
      timeout: 10_000,
    });
    const chatId = store.get(chatIdAtom);
    const stored = (await user.call(`chats/${chatId}/messages`)).data as Message[];
    expect(stored.map((m) => m.status)).toEqual(['stopped']);
  });
});
