import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HistoryPanel } from '@/components/chat/history/HistoryPanel';
import { setupFakeProvider } from '../../fake-provider/setup';
import { answeredChat, answersShown, renderConversation } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

const WAIT = 'Wait for the answer or stop it';
const slow = (prefix: string, count: number, delayMs = 40) => ({
  chunks: Array.from({ length: count }, (_, i) => `${prefix}${i} `),
  delayMs,
});

/** Every distinct list of answers shown until `until` holds, read every 20 ms. */
async function watchAnswers(until: (shown: string[]) => boolean) {
  const seen = new Set<string>();
  await waitFor(
    () => {
      const shown = answersShown();
      seen.add(JSON.stringify(shown));
      expect(until(shown)).toBe(true);
    },
    { interval: 20, timeout: 10_000 },
  );
  return [...seen];
}

describe('Two answers streaming at once', () => {
  it('an answer still streaming in a chat left behind never writes into the next chat’s answer', async () => {
    const user = await live.signedIn('concur');
    const modelId = await user.usableModelId();
    const other = await answeredChat(user, modelId, fake);
    fake.script(slow('left', 80), slow('here', 10, 80));
    const { ask, user: ui } = renderConversation(user, { modelIds: [modelId], temporary: false });
    await ask('The first chat’s question');
    await waitFor(() => expect(answersShown()[0]).toMatch(/^streaming: left0/));

    // Another chat shows (as when the panel follows another tab) while the first answer goes on.
    await ui.type(screen.getByRole('textbox', { name: 'Chat to open' }), String(other));
    await ui.click(screen.getByRole('button', { name: 'Open chat' }));
    await waitFor(() => expect(answersShown()).toEqual(['done: Kept answer.']));
    await ask('The second chat’s question');
    const whole = slow('here', 10).chunks.join('').trim();
    const seen = await watchAnswers((shown) => shown.at(-1) === `done: ${whole}`);
    expect(seen.filter((shown) => shown.includes('left'))).toEqual([]);
  });

  it('while an answer streams, the older answers’ Chat options wait, and say why', async () => {
    const user = await live.signedIn('waitopts');
    const modelId = await user.usableModelId();
    fake.script({ chunks: ['First.'] }, slow('part', 60));
    const { ask, user: ui } = renderConversation(user, { modelIds: [modelId], temporary: false });
    await ask('First question');
    await waitFor(() => expect(answersShown()).toEqual(['done: First.']));
    const options = (await screen.findByRole('button', { name: 'Chat options' })) as HTMLButtonElement;
    expect(options.disabled).toBe(false);

    await ask('Second question');
    await waitFor(() => expect(answersShown().at(-1)).toMatch(/^streaming: part0/));
    expect(options.disabled).toBe(true);
    expect(options.title).toBe(WAIT);
    await ui.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(options.disabled).toBe(false));
  });

  it('while an answer streams, the chat history waits to open another chat, and says why', async () => {
    const user = await live.signedIn('waithist');
    await user.call('chats', 'POST', { title: 'An older chat' });
    // jsdom has no IntersectionObserver; the list's end never comes into view here (one page is enough).
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    const onOpenChat = vi.fn();
    const { user: ui } = user.render(<HistoryPanel busy onOpenChat={onOpenChat} />);
    await ui.click(screen.getByRole('tab', { name: 'Recents' }));
    const recents = screen.getByRole('tabpanel');
    const row = (await within(recents).findByRole('button', { name: /^An older chat/ })) as HTMLButtonElement;
    expect(row.disabled).toBe(true);
    expect(row.title).toBe(WAIT);
    await ui.click(row);
    expect(onOpenChat).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
