import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import type { UserModel } from '@/lib/api/ai-contract';
import type { Message } from '@/lib/api/chat-contract';
import { type FakeProvider, startFakeProvider } from '../../fake-provider/server';
import { setupLiveServer } from './live-server';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const live = setupLiveServer(() => ({
  TROVE_HOUSE_PROVIDER: 'openai-compatible',
  TROVE_HOUSE_BASE_URL: `${fake.url}/v1`,
  TROVE_HOUSE_API_KEY: 'house-key-component',
}));

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
    const models = (await user.call('user-models')).data as UserModel[];
    const model = models.find((m) => m.type === 'Text' && m.inactiveReason === null);
    if (!model) throw new Error('no usable house model');
    fake.script({ chunks: Array.from({ length: 60 }, (_, i) => `part${i} `), delayMs: 50 });
    const store = createStore();
    const { user: ui } = user.render(
      <Provider store={store}>
        <AskAndStop modelId={model.id} />
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
