import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import type { Message } from '@/lib/api/chat-contract';
import { setupFakeProvider } from '../../fake-provider/setup';
import { answersShown, renderConversation } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/** The last user message of each chat request the provider received. */
const askedQuestions = () =>
  fake.requests
    .filter((r) => r.path.includes('chat'))
    .map((r) => {
      const messages = (r.body as { messages: { role: string; content: unknown }[] }).messages;
      return JSON.stringify(messages.filter((m) => m.role === 'user').at(-1)?.content);
    });

describe('Retry on a question that never reached the server', () => {
  it('sends the question again, with its context, once the server can be reached', async () => {
    const user = await live.signedIn('retry');
    const modelId = await user.usableModelId();
    fake.script({ chunks: ['High tide ', 'at six.'] });
    const {
      ask,
      store,
      user: ui,
    } = renderConversation(user, {
      modelIds: [modelId],
      temporary: false,
      contextText: 'Harbour notes',
    });
    user.goOffline();
    await ask('When is high tide?');
    const failed = await screen.findByRole('alert');
    expect(answersShown()).toEqual(['error: ']);

    user.goOnline();
    await ui.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(answersShown()).toEqual(['done: High tide at six.']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(askedQuestions()).toEqual([JSON.stringify('When is high tide?')]);
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('Harbour notes');
    const stored = (await user.call(`chats/${store.get(chatIdAtom)}/messages`)).data as Message[];
    expect(stored.map((m) => m.userText)).toEqual(['When is high tide?']);
  });
});

describe('Temporary Chat', () => {
  it('Retry sends the failed question again in its place', async () => {
    const user = await live.signedIn('tmpretry');
    const modelId = await user.usableModelId();
    fake.script({ chunks: ['Low tide ', 'at noon.'] });
    const { ask, user: ui } = renderConversation(user, { modelIds: [modelId], temporary: true });
    user.goOffline();
    await ask('When is low tide?');
    const failed = await screen.findByRole('alert');

    user.goOnline();
    await ui.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(answersShown()).toEqual(['done: Low tide at noon.']));
    expect(askedQuestions()).toHaveLength(1);
    expect(askedQuestions()[0]).toContain('When is low tide?');
  });

  it('Stop ends the answer stopped, its text kept, with no error', async () => {
    const user = await live.signedIn('tmpstop');
    const modelId = await user.usableModelId();
    fake.script({ chunks: Array.from({ length: 60 }, (_, i) => `part${i} `), delayMs: 50 });
    const { ask, user: ui } = renderConversation(user, { modelIds: [modelId], temporary: true });
    await ask('Tell me a long story.');
    await waitFor(() => expect(answersShown()[0]).toMatch(/^streaming: part0/));
    await ui.click(screen.getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(answersShown()[0]).toMatch(/^stopped: part0/));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
