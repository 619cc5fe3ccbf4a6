import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import { setupFakeProvider } from '../../fake-provider/setup';
import { answersShown, renderConversation } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

const proposalShown = () => screen.queryByRole('region', { name: 'Memory proposal' });

/** A stored chat whose answer proposes "The user is vegetarian", with Enable Memory on; the panel showing it. */
async function proposedChat(prefix: string) {
  const user = await live.signedIn(prefix);
  await user.call('ai-settings', 'PUT', { enableMemory: true });
  const modelId = await user.usableModelId();
  fake.script({ chunks: ['Noted, no fish.\n\nREMEMBER: The user is vegetarian\n'] });
  const rendered = renderConversation(user, { modelIds: [modelId], temporary: false });
  await rendered.ask('I am vegetarian, by the way.');
  await waitFor(() => expect(answersShown()).toEqual(['done: Noted, no fish.']));
  const proposal = await screen.findByRole('region', { name: 'Memory proposal' });
  return { user, modelId, rendered, proposal, chatId: rendered.store.get(chatIdAtom) as number };
}

describe('The memory proposal, once answered', () => {
  it('Save: the memory is made once, and the proposal stays gone in the chat and when it is opened again', async () => {
    const { user, modelId, rendered, proposal, chatId } = await proposedChat('mpsave');
    await rendered.user.click(within(proposal).getByRole('button', { name: 'Save' }));
    await screen.findByText('Memory saved');
    await waitFor(() => expect(proposalShown()).toBeNull());

    await rendered.user.click(screen.getByRole('button', { name: 'Reopen the chat' }));
    await waitFor(() => expect(answersShown()).toEqual(['done: Noted, no fish.']));
    expect(proposalShown()).toBeNull();
    rendered.unmount();

    // a fresh panel (nothing cached) reads the answer from the server
    renderConversation(user, { modelIds: [modelId], temporary: false }, chatId);
    await waitFor(() => expect(answersShown()).toEqual(['done: Noted, no fish.']));
    expect(proposalShown()).toBeNull();
    expect((await user.call('memories')).data).toMatchObject([{ memory: 'The user is vegetarian' }]);
  });

  it('Dismiss: nothing is remembered, and a fresh panel does not offer it again', async () => {
    const { user, modelId, rendered, proposal, chatId } = await proposedChat('mpdism');
    await rendered.user.click(within(proposal).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(proposalShown()).toBeNull());
    rendered.unmount();

    renderConversation(user, { modelIds: [modelId], temporary: false }, chatId);
    await waitFor(() => expect(answersShown()).toEqual(['done: Noted, no fish.']));
    expect(proposalShown()).toBeNull();
    expect((await user.call('memories')).total).toBe(0);
  });
});
