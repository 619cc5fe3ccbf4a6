import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import type { Message } from '@/lib/api/chat-contract';
import { setupFakeProvider } from '../../fake-provider/setup';
import { AskAndStopButtons } from './ask-and-stop';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/**
 * Between the panel and the server: passes every call on, but holds the creation of a chat (the first
 * step of a question in a new chat) until `release()`. `held` resolves once that call has come.
 */
async function startCreationGate(serverUrl: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let arrived = () => {};
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const gate = createServer(async (req, res) => {
    if (req.method === 'POST' && req.url === '/api/chats') {
      arrived();
      await released;
    }
    const upstream = request(
      new URL(req.url ?? '/', serverUrl),
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(gate.address() as AddressInfo).port}`,
    held,
    release,
    close: () => {
      gate.closeAllConnections();
      gate.close();
    },
  };
}

/** Ask and Stop, wired to the panel's conversation hook (the real server, answered by the fake provider). */
function AskAndStop({ modelId }: { modelId: number }) {
  const conversation = useConversation();
  return (
    <>
      <AskAndStopButtons conversation={conversation} modelId={modelId} />
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
    // An answer that goes on (minutes) until it is stopped.
    fake.script({ chunks: Array.from({ length: 3000 }, (_, i) => `part${i} `), delayMs: 50 });
    const gate = await startCreationGate(user.serverUrl);
    // The panel's calls go through the gate.
    user.goOffline(gate.url);
    try {
      const store = createStore();
      const { user: ui } = user.render(
        <Provider store={store}>
          <AskAndStop modelId={modelId} />
        </Provider>,
      );
      await ui.click(screen.getByRole('button', { name: 'Ask' }));
      // The chat is still being created when Stop is pressed: no message id has come back yet.
      await gate.held;
      await ui.click(screen.getByRole('button', { name: 'Stop' }));
      expect(store.get(chatIdAtom)).toBeNull();
      gate.release();

      await waitFor(() => expect(screen.getByRole('list', { name: 'Answers' }).textContent).toBe('stopped'), {
        timeout: 10_000,
      });
      const chatId = store.get(chatIdAtom);
      await waitFor(async () => {
        const stored = (await user.call(`chats/${chatId}/messages`)).data as Message[];
        expect(stored.map((m) => m.status)).toEqual(['stopped']);
      });
    } finally {
      gate.close();
    }
  });
});
