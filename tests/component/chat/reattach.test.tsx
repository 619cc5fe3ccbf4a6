import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import type { UserModel } from '@/lib/api/ai-contract';
import type { Message } from '@/lib/api/chat-contract';
import { setupFakeProvider } from '../../fake-provider/setup';
import { answersShown, renderConversation } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/** A TCP relay to `target` whose connections the test can cut, as a dropped network does. */
async function cuttableRelay(target: string) {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the relay does not listen');
  return {
    url: `http://127.0.0.1:${address.port}`,
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}
let relays: Awaited<ReturnType<typeof cuttableRelay>>[] = [];
afterEach(() => {
  for (const relay of relays) relay.cut();
  relays = [];
});

const slow = (prefix: string, count: number) => ({
  chunks: Array.from({ length: count }, (_, i) => `${prefix}${i} `),
  delayMs: 40,
});

describe('After the connection drops mid-answer', () => {
  it('reopening the chat shows the answer the server went on writing', async () => {
    const user = await live.signedIn('cut');
    const modelId = await user.usableModelId();
    fake.script(slow('part', 40));
    const relay = await cuttableRelay(user.serverUrl);
    relays.push(relay);
    user.goOffline(relay.url);
    const { ask, store, user: ui } = renderConversation(user, { modelIds: [modelId], temporary: false });
    await ask('Tell me a long story.');
    await waitFor(() => expect(answersShown()[0]).toMatch(/^streaming: part0/));
    relay.cut();
    expect((await screen.findByRole('alert')).textContent).toContain('reopen the chat to see it');

    user.goOnline();
    await ui.click(screen.getByRole('button', { name: 'Reopen the chat' }));
    const whole = slow('part', 40).chunks.join('').trim();
    await waitFor(() => expect(answersShown()).toEqual([`done: ${whole}`]), { timeout: 10_000 });
    const stored = (await user.call(`chats/${store.get(chatIdAtom)}/messages`)).data as Message[];
    expect(stored.map((m) => m.status)).toEqual(['done']);
  });

  it('reopening re-attaches to every model’s answer at once, not one after the other', async () => {
    const user = await live.signedIn('cutmulti');
    const models = ((await user.call('user-models')).data as UserModel[]).filter(
      (m) => m.type === 'Text' && m.inactiveReason === null,
    );
    expect(models.length).toBeGreaterThanOrEqual(2);
    const modelIds = models.slice(0, 2).map((m) => m.id);
    // The first model's answer takes long; the second's is soon done.
    fake.script(slow('long', 200), slow('short', 20));
    const relay = await cuttableRelay(user.serverUrl);
    relays.push(relay);
    user.goOffline(relay.url);
    const { ask, store, user: ui } = renderConversation(user, { modelIds, temporary: false });
    await ask('Compare the two.');
    await waitFor(() => expect(answersShown()[0]).toMatch(/^streaming: \S/));
    relay.cut();
    await screen.findAllByRole('alert');

    user.goOnline();
    await ui.click(screen.getByRole('button', { name: 'Reopen the chat' }));
    // The switcher shows the second model's answer: done while the first is still being written.
    const short = slow('short', 20).chunks.join('').trim();
    await waitFor(() => expect(answersShown()).toEqual([`done: ${short}`]), { timeout: 10_000 });
    const stored = (await user.call(`chats/${store.get(chatIdAtom)}/messages`)).data as Message[];
    expect(stored.map((m) => m.status)).toEqual(['streaming', 'done']);
  });
});
