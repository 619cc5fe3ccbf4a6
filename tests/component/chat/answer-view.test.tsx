import { screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { chatIdAtom, chosenBookmarksAtom, multiModelIdsAtom, multiSelectAtom } from '@/components/chat/atoms';
import type { Message } from '@/lib/api/chat-contract';
import { setupFakeProvider } from '../../fake-provider/setup';
import { makePage } from '../fixtures';
import { answersShown } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { backgroundFor, received, renderPanelChat } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
/** 'DD MMM HH:mm' in the panel's time zone, worked out without the panel's date library. */
const ddMmmHhMm = (iso: string) => {
  const d = new Date(iso);
  return `${two(d.getDate())} ${MONTHS[d.getMonth()]} ${two(d.getHours())}:${two(d.getMinutes())}`;
};

const TIDES = makePage({ url: 'https://tides.example/harbour', title: 'Tide tables' });

/** What the fake provider was asked, as text (the system prompts and the messages of each chat request). */
const providerRequests = () =>
  fake.requests.filter((r) => r.path === '/v1/chat/completions').map((r) => JSON.stringify(r.body));

beforeEach(async () => {
  fakeBrowser.reset();
  // The panel's window: the one its links open tabs in.
  await fakeBrowser.windows.create({ focused: true });
});

describe('An answer in the side panel', () => {
  it('is headed by its model’s name and its time as DD MMM HH:mm', async () => {
    const user = await live.signedIn('ansmeta');
    const { background } = await backgroundFor(user);
    fake.script({ chunks: ['The tide turns at six.'] });
    const { ask, store } = renderPanelChat(user, background);
    await ask('When does the tide turn?');
    await waitFor(() => expect(answersShown()).toEqual(['done: The tide turns at six.']));
    const answer = screen.getByRole('article');
    const time = await waitFor(() => answer.querySelector('time') ?? Promise.reject(new Error('no time yet')));
    const [stored] = (await user.call(`chats/${store.get(chatIdAtom)}/messages`)).data as Message[];
    expect(time.getAttribute('dateTime')).toBe(stored?.createdAt);
    expect(time.textContent).toBe(ddMmmHhMm(stored?.createdAt ?? ''));
    expect(time.textContent).toMatch(/^\d\d [A-Z][a-z]{2} \d\d:\d\d$/);
    expect(answer.querySelector('.answer-model')?.textContent).toBe('Trove Chat');
    expect(stored?.displayName).toBe('Trove Chat');
  });

  it('offers follow-up questions as chips; a click asks that question', async () => {
    const user = await live.signedIn('followup');
    const { background } = await backgroundFor(user);
    fake.script(
      { chunks: ['High tide is at six.'] },
      { chunks: ['["When is low tide?", "How high does it get?", "Is it safe to swim?"]'] },
      { chunks: ['Low tide is at noon.'] },
    );
    const { ask, store, user: ui } = renderPanelChat(user, background);
    await ask('When is high tide?');
    const chips = await screen.findByRole('list', { name: 'Follow-up questions' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['When is low tide?', 'How high does it get?', 'Is it safe to swim?']);
    await waitFor(() => expect(answersShown()).toEqual(['done: High tide is at six.']));
    await ui.click(within(chips).getByRole('button', { name: 'When is low tide?' }));
    await waitFor(() => expect(answersShown()).toEqual(['done: High tide is at six.', 'done: Low tide is at noon.']));
    expect(screen.getAllByText('When is low tide?', { selector: '.question' })).toHaveLength(1);
    const messages = (await user.call(`chats/${store.get(chatIdAtom)}/messages`)).data as Message[];
    expect(messages.map((m) => m.userText)).toEqual(['When is high tide?', 'When is low tide?']);
  });

  it('with Show Citations on, numbers the cited page as a chip that opens it in a new tab', async () => {
    const user = await live.signedIn('cites');
    const { background } = await backgroundFor(user);
    fake.script({ chunks: ['Spring tides are the highest [1].'] });
    const { ask, user: ui } = renderPanelChat(user, background, { page: TIDES });
    await ask('Which tides are highest?');
    const sources = await screen.findByRole('list', { name: 'Sources' });
    const chip = within(sources).getByRole('button', { name: '[1] Tide tables' });
    // A button handled by the panel, not a link the page's markup could point elsewhere.
    expect(sources.querySelector('a')).toBeNull();
    const before = (await fakeBrowser.tabs.query({})).length;
    await ui.click(chip);
    await waitFor(async () =>
      expect((await fakeBrowser.tabs.query({})).map((t) => t.url)).toContain('https://tides.example/harbour'),
    );
    expect((await fakeBrowser.tabs.query({})).length).toBe(before + 1);
  });

  it('a link in the answer opens in a new tab, in front, as the panel opens its sources', async () => {
    const user = await live.signedIn('anslink');
    const { background } = await backgroundFor(user);
    fake.script({ chunks: ['See [the tide tables](https://tides.example/tables?port=harbour).'] });
    const { ask, user: ui } = renderPanelChat(user, background);
    await ask('Where are the tide tables?');
    await waitFor(() => expect(answersShown()).toEqual(['done: See the tide tables.']));
    await ui.click(within(screen.getByRole('article')).getByRole('link', { name: 'the tide tables' }));
    await waitFor(async () =>
      expect((await fakeBrowser.tabs.query({ active: true })).map((t) => t.url)).toEqual([
        'https://tides.example/tables?port=harbour',
      ]),
    );
  });

  it('a cited gem (chosen in the Bookmark panel) opens its page', async () => {
    const user = await live.signedIn('citegem');
    const { background } = await backgroundFor(user);
    const url = 'https://guides.example/harbour';
    const gem = (await user.call('gems', 'POST', { data: { title: 'Harbour guide', url, text: 'Moor north.' } }))
      .data as { id: number };
    const store = createStore();
    store.set(chosenBookmarksAtom, {
      collections: [],
      gems: [{ id: gem.id, title: 'Harbour guide', collectionId: null }],
    });
    fake.script({ chunks: ['Moor at the north pier [1].'] });
    const { ask, user: ui } = renderPanelChat(user, background, { store });
    await ask('Where do I moor?');
    const sources = await screen.findByRole('list', { name: 'Sources' });
    await ui.click(within(sources).getByRole('button', { name: '[1] Harbour guide' }));
    await waitFor(async () => expect((await fakeBrowser.tabs.query({})).map((t) => t.url)).toContain(url));
  });

  it('with Show Citations off, shows no source chips, even on answers that cite', async () => {
    const user = await live.signedIn('nocites');
    const { background } = await backgroundFor(user);
    fake.script({ chunks: ['Spring tides are the highest [1].'] });
    const first = renderPanelChat(user, background, { page: TIDES });
    await first.ask('Which tides are highest?');
    await screen.findByRole('list', { name: 'Sources' });
    first.unmount();

    // The setting is turned off, and the chat is opened again.
    background.state.ai.settings.showCitations = false;
    const store = createStore();
    store.set(chatIdAtom, first.store.get(chatIdAtom));
    renderPanelChat(user, background, { page: TIDES, store });
    await waitFor(() => expect(answersShown()).toEqual(['done: Spring tides are the highest [1].']));
    expect(screen.queryByRole('list', { name: 'Sources' })).toBeNull();
  });
});

describe('Streaming (a chat setting)', () => {
  /** Asks, and holds the answer after its first part until `release` is called. */
  async function askHeldAnswer(streaming: boolean) {
    const user = await live.signedIn(streaming ? 'streamon' : 'streamoff');
    const { background } = await backgroundFor(user, { streaming });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    fake.script({ chunks: ['First part. ', 'Last part.'], lastChunkAfter: held });
    const { ask } = renderPanelChat(user, background);
    await ask('Tell me in two parts.');
    // The first part has reached the panel.
    await waitFor(() => expect(received()).toBe('First part. '));
    return release;
  }

  it('on, shows the answer as it comes', async () => {
    const release = await askHeldAnswer(true);
    await waitFor(() => expect(answersShown()).toEqual(['streaming: First part.']));
    release();
    await waitFor(() => expect(answersShown()).toEqual(['done: First part. Last part.']));
  });

  it('off, shows the answer only once it is complete', async () => {
    const release = await askHeldAnswer(false);
    // (Once the answer is on screen: the list shows nothing while the answer's code loads.)
    await waitFor(() => expect(answersShown()).toHaveLength(1));
    expect(answersShown()).toEqual(['streaming: ']);
    expect(screen.getByRole('article').textContent).toContain('Writing…');
    release();
    await waitFor(() => expect(answersShown()).toEqual(['done: First part. Last part.']));
  });
});

describe('Answer options with several models', () => {
  /** The items of the shown answer's Chat options. */
  async function optionItems(ui: ReturnType<typeof renderPanelChat>['user']) {
    await ui.click(await screen.findByRole('button', { name: 'Chat options' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat options' });
    return within(dialog)
      .getAllByRole('button')
      .map((b) => b.textContent?.trim());
  }

  it('one model: Regenerate is offered', async () => {
    const user = await live.signedIn('onemodel');
    const { background } = await backgroundFor(user);
    fake.script({ chunks: ['One answer.'] });
    const { ask, user: ui } = renderPanelChat(user, background);
    await ask('Just one?');
    await waitFor(() => expect(answersShown()).toEqual(['done: One answer.']));
    expect(await optionItems(ui)).toContain('Regenerate');
  });

  it('several models: each answers, and Regenerate is hidden', async () => {
    const user = await live.signedIn('twomodel');
    const { background, houseModels } = await backgroundFor(user, { followUpQuestions: false });
    expect(houseModels.length).toBeGreaterThanOrEqual(2);
    const { ask, store, user: ui } = renderPanelChat(user, background);
    store.set(multiSelectAtom, true);
    store.set(
      multiModelIdsAtom,
      houseModels.slice(0, 2).map((m) => m.id),
    );
    fake.script({ chunks: ['An answer.'] }, { chunks: ['An answer.'] });
    await ask('Both of you?');
    const switcher = await screen.findByRole('navigation', { name: 'Answers to this question' });
    await waitFor(() => expect(answersShown()).toEqual(['done: An answer.']));
    expect(switcher.textContent).toMatch(/^‹2 \/ 2 · Trove \w+›$/);
    const stored = (await user.call(`chats/${store.get(chatIdAtom)}/messages`)).data as Message[];
    expect(stored.map((m) => [m.modelId, m.status])).toEqual(houseModels.slice(0, 2).map((m) => [m.id, 'done']));
    const items = await optionItems(ui);
    expect(items).toContain('Copy text');
    expect(items).not.toContain('Regenerate');
  });
});

describe('The answer language', () => {
  it('the language chosen in the Language panel goes with the question', async () => {
    const user = await live.signedIn('language');
    const { background } = await backgroundFor(user);
    fake.script({ chunks: ['La marée monte.'] });
    const { ask, store, user: ui } = renderPanelChat(user, background);
    await ui.click(screen.getByRole('button', { name: 'Language' }));
    await ui.click(await screen.findByRole('option', { name: 'French Français' }));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'French Français' })).toBeNull());
    await ask('What is the tide doing?');
    await waitFor(() => expect(answersShown()).toEqual(['done: La marée monte.']));
    const [stored] = (await user.call(`chats/${store.get(chatIdAtom)}/messages`)).data as Message[];
    expect(stored?.language).toBe('fr');
    expect(providerRequests()[0]).toContain('Answer in French.');
  });
});
