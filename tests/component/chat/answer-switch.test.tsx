/**
 * Switch Model and Switch language for one answer:
 * the drawer opened from the answer's Chat options regenerates that answer with the pick, through the
 * real server (the request carries regenerationModel / regenerationLanguage) and the fake provider.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { languageAtom } from '@/components/chat/atoms';
import { setupFakeProvider } from '../../fake-provider/setup';
import { answersShown } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { drawer, renderPanelWithDrawer } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));
afterEach(() => vi.restoreAllMocks());

/** The system prompt and model of the provider's last request. */
function lastRequest() {
  const body = fake.requests.at(-1)?.body as { model: string; messages: { role: string; content: string }[] };
  return { model: body.model, system: body.messages.find((m) => m.role === 'system')?.content ?? '' };
}

/** A chat answered "First answer." by Trove Chat (the default), its answer's Chat options open. */
async function answered(prefix: string) {
  const user = await live.signedIn(prefix);
  const panel = await renderPanelWithDrawer(user);
  fake.script({ chunks: ['First ', 'answer.'] });
  await panel.ask('What is a tide?');
  await waitFor(() => expect(answersShown()).toEqual(['done: First answer.']));
  expect(lastRequest().model).toBe('trove-chat');
  await panel.user.click(await screen.findByRole('button', { name: 'Chat options' }));
  const options = await screen.findByRole('dialog', { name: 'Chat options' });
  return { ...panel, user: panel.user, options };
}

/** The regenerate requests the panel sent to the server, with their bodies. */
function regenerateBodies(fetchSpy: MockInstance<typeof fetch>) {
  return fetchSpy.mock.calls
    .filter(([url]) => String(url).includes('/regenerate'))
    .map(([, init]) => JSON.parse(String(init?.body)));
}

describe('Switch Model for one answer', () => {
  it('regenerates that answer with the model chosen; the default model stays', async () => {
    const { user, options, modelId, fake: background } = await answered('swmodel');
    await user.click(within(options).getByRole('button', { name: 'Switch Model' }));
    const picker = await drawer('Switch Model');
    // One model for one answer: no 'Multi select models' or 'Temporary Chat' here.
    expect(within(picker).queryByRole('switch')).toBeNull();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    fake.script({ chunks: ['Fast ', 'answer.'] });
    await user.click(await within(picker).findByRole('option', { name: /Trove Fast/ }));

    await waitFor(() => expect(answersShown()).toEqual(['done: Fast answer.']));
    expect(screen.queryByRole('dialog', { name: 'Switch Model' })).toBeNull();
    expect(regenerateBodies(fetchSpy)).toEqual([{ regenerationModel: modelId('Trove Fast') }]);
    expect(lastRequest().model).toBe('trove-fast');
    // The answer's own switch: the user's default model is not changed.
    expect(background.calls('selectModel')).toEqual([]);
    within(screen.getByRole('article')).getByText('Trove Fast');
  });
});

describe('Switch language for one answer', () => {
  it('regenerates that answer in the language chosen; the chat’s language stays', async () => {
    const { user, options, store } = await answered('swlang');
    await user.click(within(options).getByRole('button', { name: 'Switch Language' }));
    const picker = await drawer('Switch language');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    fake.script({ chunks: ['Une ', 'marée.'] });
    await user.click(await within(picker).findByRole('option', { name: 'French Français' }));

    await waitFor(() => expect(answersShown()).toEqual(['done: Une marée.']));
    expect(screen.queryByRole('dialog', { name: 'Switch language' })).toBeNull();
    expect(regenerateBodies(fetchSpy)).toEqual([{ regenerationLanguage: 'fr' }]);
    expect(lastRequest().system).toContain('Answer in French');
    expect(lastRequest().model).toBe('trove-chat');
    expect(store.get(languageAtom)).toBeNull();
  });
});
