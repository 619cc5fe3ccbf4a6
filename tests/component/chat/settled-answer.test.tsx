/**
 * An answer that ends goes into the React Query cache as its stream gave it: it shows, whole and no longer live,
 * before the chat's messages are read from the server again (here held back by a proxy in front of the real server).
 */
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { setupFakeProvider } from '../../fake-provider/setup';
import { makePage } from '../fixtures';
import { answersShown } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { backgroundFor, renderPanelChat } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

const TIDES = makePage({ url: 'https://tides.example/harbour', title: 'Tide tables' });
const MESSAGES = /^\/api\/chats\/\d+\/messages(\?|$)/;

/**
 * An HTTP proxy to `target` that, once `hold()` is called, keeps every read of a chat's messages (GET
 * /api/chats/{id}/messages) waiting until `release()`; everything else (the answer's stream too) goes through.
 */
async function messagesHoldingProxy(target: string) {
  const { hostname, port } = new URL(target);
  let holding = false;
  let held: (() => void)[] = [];
  let answered = 0;
  const forward = (req: IncomingMessage, res: ServerResponse, isRead: boolean) => {
    const upstream = request({ hostname, port, path: req.url, method: req.method, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
      if (isRead) reply.on('end', () => (answered += 1));
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };
  const server: Server = createServer((req, res) => {
    const isRead = req.method === 'GET' && MESSAGES.test(req.url ?? '');
    if (isRead && holding) held.push(() => forward(req, res, isRead));
    else forward(req, res, isRead);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy does not listen');
  return {
    url: `http://127.0.0.1:${address.port}`,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const go of held) go();
      held = [];
    },
    /** Reads of the messages waiting now. */
    held: () => held.length,
    /** Reads of the messages answered so far. */
    answered: () => answered,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}
let proxies: Awaited<ReturnType<typeof messagesHoldingProxy>>[] = [];
afterEach(() => {
  for (const proxy of proxies) proxy.close();
  proxies = [];
});

beforeEach(async () => {
  fakeBrowser.reset();
  await fakeBrowser.windows.create({ focused: true });
});

/** The answers shown after each change of the page (not sampled: a flash between two renders is seen too). */
function recordAnswers() {
  const states: string[][] = [answersShown()];
  const observer = new MutationObserver(() => {
    const shown = answersShown();
    if (JSON.stringify(shown) !== JSON.stringify(states.at(-1))) states.push(shown);
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  return {
    states,
    stop: () => observer.disconnect(),
  };
}

/** The panel's chat as a new user, its calls through a proxy that can hold the reads of the messages. */
async function panelBehindProxy(prefix: string) {
  const user = await live.signedIn(prefix);
  const { background } = await backgroundFor(user);
  const proxy = await messagesHoldingProxy(user.serverUrl);
  proxies.push(proxy);
  user.goOffline(proxy.url);
  return { proxy, ...renderPanelChat(user, background, { page: TIDES }) };
}

const timeOf = (answer: HTMLElement) => answer.querySelector('time');
/** What only the stored copy of an answer has, not its stream: the manifest of the context it was given. */
const manifestOf = (answer: HTMLElement) => answer.querySelector('.context-used');

describe('An answer that has ended', () => {
  it('shows from the cache, with its time, follow-ups and sources, before the messages are read again', async () => {
    const { proxy, ask } = await panelBehindProxy('settled');
    fake.script(
      { chunks: ['High tide is at six.'] },
      { chunks: ['["When is low tide?"]'] },
      { chunks: ['Spring tides are ', 'the highest [1].'] },
      { chunks: ['["Why are they higher?", "When is the next one?"]'] },
    );
    await ask('When is high tide?');
    // The chat's messages as the server has them (the first answer with its manifest) are in the cache.
    await waitFor(() => expect(manifestOf(screen.getByRole('article'))).not.toBeNull());

    proxy.hold();
    const record = recordAnswers();
    await ask('Which tides are highest?');
    const answer = await waitFor(() => {
      const second = screen.getAllByRole('article')[1];
      if (!second) throw new Error('no second answer yet');
      // Chat options come only on an answer no longer live.
      within(second).getByRole('button', { name: 'Chat options' });
      return second;
    });
    expect(answer.getAttribute('data-status')).toBe('done');
    expect(answer.querySelector('.md')?.textContent).toBe('Spring tides are the highest [1].');
    // The follow-up questions come after the answer's end, into the same cached answer.
    await waitFor(() =>
      expect(
        within(within(answer).getByRole('list', { name: 'Follow-up questions' }))
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Why are they higher?', 'When is the next one?']),
    );
    within(within(answer).getByRole('list', { name: 'Sources' })).getByRole('button', { name: '[1] Tide tables' });
    // The messages were asked for again, and no answer has come: what shows is the cache the stream filled.
    await waitFor(() => expect(proxy.held()).toBeGreaterThan(0));
    const answeredBefore = proxy.answered();
    expect(manifestOf(answer)).toBeNull();
    // Its time came with the stream (the message event), as the server stored it.
    expect(timeOf(answer)?.getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    proxy.release();
    // The stored copy takes its place: the answer gets its manifest, and shows once.
    await waitFor(() => expect(manifestOf(screen.getAllByRole('article')[1] as HTMLElement)).not.toBeNull());
    expect(proxy.answered()).toBeGreaterThan(answeredBefore);
    record.stop();
    const whole = 'done: Spring tides are the highest [1].';
    expect(answersShown()).toEqual(['done: High tide is at six.', whole]);
    // From its first words to the end, the second answer was always on screen, and only once.
    const after = record.states.slice(record.states.findIndex((s) => s.length === 2));
    expect(after.every((s) => s.length === 2 && s[0] === 'done: High tide is at six.')).toBe(true);
    expect(after.at(-1)).toEqual(['done: High tide is at six.', whole]);
  });

  it('the first answer of a new chat never leaves the screen nor shows twice, the messages read again or not', async () => {
    const { proxy, ask } = await panelBehindProxy('settlednew');
    let finish = () => {};
    const last = new Promise<void>((resolve) => {
      finish = resolve;
    });
    fake.script({ chunks: ['A first ', 'answer.'], lastChunkAfter: last }, { chunks: ['["And then?"]'] });
    const record = recordAnswers();
    await ask('A first question');
    // A new chat's messages are known (none yet): not read while it is answered. Reads from now on wait.
    await screen.findByText('A first', { exact: false, selector: '.md *' });
    expect(proxy.answered()).toBe(0);
    proxy.hold();
    finish();
    // The article is looked up afresh: the turn is mounted anew once the server names its answer.
    await waitFor(() => within(screen.getByRole('article')).getByRole('button', { name: 'Chat options' }));
    expect(answersShown()).toEqual(['done: A first answer.']);
    await screen.findByRole('list', { name: 'Follow-up questions' });
    await waitFor(() => expect(proxy.held()).toBeGreaterThan(0));

    proxy.release();
    await waitFor(() => expect(manifestOf(screen.getByRole('article'))).not.toBeNull());
    record.stop();
    // From the question on, while the chat is created and its messages first read too, the answer shows, once.
    const after = record.states.slice(record.states.findIndex((s) => s.length > 0));
    expect(after.length).toBeGreaterThan(1);
    expect(after.every((s) => s.length === 1)).toBe(true);
    expect(after.at(-1)).toEqual(['done: A first answer.']);
  });

  it('a regenerated answer shows in its question’s turn at once, beside the one it regenerates', async () => {
    const { proxy, ask, user: ui } = await panelBehindProxy('settledregen');
    fake.script(
      { chunks: ['Kept answer.'] },
      { chunks: ['[]'] },
      { chunks: ['Kept answer 🌊.'] },
      { chunks: ['["More emojis?"]'] },
    );
    await ask('A question');
    await waitFor(() => expect(manifestOf(screen.getByRole('article'))).not.toBeNull());

    proxy.hold();
    await ui.click(screen.getByRole('button', { name: 'Chat options' }));
    const menu = await screen.findByRole('dialog', { name: 'Chat options' });
    await ui.click(within(menu).getByRole('button', { name: 'Add emojis' }));
    await waitFor(() => expect(answersShown()).toEqual(['done: Kept answer 🌊.']));
    // No longer live (Chat options), and in the first answer's turn, not a turn of its own.
    await waitFor(() => within(screen.getByRole('article')).getByRole('button', { name: 'Chat options' }));
    expect(screen.getByRole('navigation', { name: 'Answers to this question' }).textContent).toContain('2 / 2');
    expect(screen.getAllByText('A question', { selector: '.question' })).toHaveLength(1);
    expect(manifestOf(screen.getByRole('article'))).toBeNull();
    await waitFor(() => expect(proxy.held()).toBeGreaterThan(0));

    proxy.release();
    await waitFor(() => expect(manifestOf(screen.getByRole('article'))).not.toBeNull());
    expect(answersShown()).toEqual(['done: Kept answer 🌊.']);
    expect(screen.getByRole('navigation', { name: 'Answers to this question' }).textContent).toContain('2 / 2');
  });
});
