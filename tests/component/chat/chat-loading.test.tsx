import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import { setupFakeProvider } from '../../fake-provider/setup';
import { answeredChat, answersShown, renderConversation } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/** A server that takes requests and never answers them. */
let silent: Server;
beforeAll(async () => {
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(() => {
  silent.closeAllConnections();
  silent.close();
});

describe('Opening a stored chat', () => {
  it('shows that it is loading while its messages are on their way, not an empty new chat', async () => {
    const user = await live.signedIn('loading');
    const modelId = await user.usableModelId();
    const chatId = await answeredChat(user, modelId, fake);
    user.goOffline(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
    renderConversation(user, { modelIds: [modelId], temporary: false }, chatId);

    await screen.findByRole('status', { name: 'Loading the chat' });
    expect(screen.getByRole('log', { name: 'Conversation' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Ask anything')).toBeNull();
  });

  it('whose messages cannot be fetched says so, and Retry shows them once the server is back', async () => {
    const user = await live.signedIn('loadfail');
    const modelId = await user.usableModelId();
    const chatId = await answeredChat(user, modelId, fake);
    user.goOffline();
    const { user: ui } = renderConversation(user, { modelIds: [modelId], temporary: false }, chatId);

    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('The chat could not be loaded.');
    expect(screen.queryByText('Ask anything')).toBeNull();
    user.goOnline();
    await ui.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(answersShown()).toEqual(['done: Kept answer.']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('that is gone (the server answers 404) becomes a new chat', async () => {
    const user = await live.signedIn('loadgone');
    const modelId = await user.usableModelId();
    const { store } = renderConversation(user, { modelIds: [modelId], temporary: false }, 2_000_000_000);

    await waitFor(() => expect(store.get(chatIdAtom)).toBeNull());
    await screen.findByText('Ask anything');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
