import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { chatIdAtom, chatModeAtom } from '@/components/chat/atoms';
import { useConversation } from '@/components/chat/conversation/use-conversation';
import { PromptQueuePanel } from '@/components/chat/prompts/PromptQueuePanel';
import { PromptsPanel } from '@/components/chat/prompts/PromptsPanel';
import { promptActions } from '@/components/chat/prompts/prompt-actions';
import { usePromptQueue, WRITER_QUEUE_ERROR } from '@/components/chat/prompts/use-prompt-queue';
import type { PromptChoice } from '@/components/chat/use-send-question';
import { setupFakeProvider } from '../../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/**
 * The side panel's parts that run a queue, as ChatPanel wires them: the AI Prompts panel, the queue
 * hook sending through the real conversation (the real server, answered by the fake provider), the
 * queue panel, and the questions asked so far.
 */
function QueueHarness({ modelId }: { modelId: number }) {
  const conversation = useConversation();
  const send = (text: string, extra?: PromptChoice) =>
    conversation.ask({
      body: { text, modelId, ...extra },
      models: [{ modelId, displayName: 'House' }],
      chatType: 'chat',
    });
  const queue = usePromptQueue({ send, stopAnswer: conversation.stop, busy: conversation.busy });
  const [drawerOpen, setDrawerOpen] = useState(true);
  const [draft, setDraft] = useState('');
  return (
    <>
      <ol aria-label="Questions">
        {conversation.turns.map((turn) => (
          <li key={turn.key} data-status={turn.answers[0]?.status}>
            {turn.question}
          </li>
        ))}
      </ol>
      <output aria-label="Draft">{draft}</output>
      {drawerOpen ? (
        <PromptsPanel
          {...promptActions({
            runQueue: queue.start,
            draft: setDraft,
            send: (text, prompt) => void send(text, prompt),
            close: () => setDrawerOpen(false),
          })}
        />
      ) : null}
      {queue.state ? (
        <PromptQueuePanel state={queue.state} active={queue.active} onStop={queue.stop} onDismiss={queue.dismiss} />
      ) : null}
    </>
  );
}

type Signed = Awaited<ReturnType<typeof live.signedIn>>;

const createPrompt = async (user: Signed, title: string, text: string, extra: Record<string, unknown> = {}) =>
  (await user.call('prompts', 'POST', { data: { title, text, ...extra } })).data as { id: number };

function renderHarness(user: Signed, modelId: number, mode: 'chat' | 'ai-writer' = 'chat') {
  const store = createStore();
  store.set(chatModeAtom, mode);
  const rendered = user.render(
    <Provider store={store}>
      <QueueHarness modelId={modelId} />
    </Provider>,
  );
  return { ...rendered, store };
}

const queueItems = () =>
  within(screen.getByRole('region', { name: 'Prompt queue' }))
    .getAllByRole('listitem')
    .map((li) => `${li.querySelector('.prompt-queue-label')?.textContent}: ${li.getAttribute('data-status')}`);
const queueSummary = () => within(screen.getByRole('region', { name: 'Prompt queue' })).getByRole('status').textContent;
const questions = () =>
  within(screen.getByRole('list', { name: 'Questions' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);
/** The user messages the provider received, in order. */
const askedParts = () =>
  fake.requests
    .filter((r) => r.path.includes('chat'))
    .map((r) => {
      const messages = (r.body as { messages: { role: string; content: unknown }[] }).messages;
      return JSON.stringify(messages.filter((m) => m.role === 'user').at(-1)?.content);
    });

const THREE_PARTS = 'Outline the talk.\n---\nWrite the opening.\n---\nWrite the close.';

describe('Prompt queue', () => {
  it('sends the parts one after another, each after the previous answer, with their statuses', async () => {
    const user = await live.signedIn('queue');
    const modelId = await user.usableModelId();
    await createPrompt(user, 'Talk in three steps', THREE_PARTS);
    fake.script(
      { chunks: ['Outline ', 'done.'], delayMs: 150 },
      { chunks: ['Opening ', 'done.'], delayMs: 150 },
      { chunks: ['Close ', 'done.'], delayMs: 150 },
    );
    const { user: ui } = renderHarness(user, modelId);
    await ui.click(await screen.findByRole('button', { name: /^Talk in three steps/ }));

    // The drawer closes and the queue opens with every part pending; the first is sent after 10 ms, so on a busy
    // machine it may already be on its way when the queue is first read.
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(queueItems()).toEqual([
      expect.stringMatching(/^Outline the talk\.: (pending|loading)$/),
      'Write the opening.: pending',
      'Write the close.: pending',
    ]);
    // Each answer is the provider's two chunks 150 ms apart and the server's work around them: seconds on a busy machine.
    await waitFor(() => expect(queueItems()[0]).toBe('Outline the talk.: loading'), { timeout: 10_000 });
    expect(queueItems().slice(1)).toEqual(['Write the opening.: pending', 'Write the close.: pending']);
    expect((screen.getByRole('button', { name: 'Stop queue' }) as HTMLButtonElement).disabled).toBe(false);
    await waitFor(() => expect(queueItems()[1]).toBe('Write the opening.: loading'), { timeout: 10_000 });
    expect(queueItems()[0]).toBe('Outline the talk.: done');
    expect(queueItems()[2]).toBe('Write the close.: pending');
    await waitFor(() => expect(queueSummary()).toBe('All 3 parts answered'), {
      timeout: 10_000,
    });
    expect(queueItems()).toEqual(['Outline the talk.: done', 'Write the opening.: done', 'Write the close.: done']);
    expect(questions()).toEqual(['Outline the talk.', 'Write the opening.', 'Write the close.']);
    expect(askedParts()).toEqual(['"Outline the talk."', '"Write the opening."', '"Write the close."']);
    // Each part after the previous answer: the provider never had two requests open.
    expect(fake.requests.filter((r) => r.aborted)).toEqual([]);

    await ui.click(screen.getByRole('button', { name: 'Dismiss prompt queue' }));
    expect(screen.queryByRole('region', { name: 'Prompt queue' })).toBeNull();
  });

  it('a failed answer ends the queue; the later parts are not sent', async () => {
    const user = await live.signedIn('qfail');
    const modelId = await user.usableModelId();
    await createPrompt(user, 'Fails midway', THREE_PARTS);
    fake.script(
      { chunks: ['Fine.'] },
      { chunks: ['Half ', 'an answer'], errorAfter: 1, errorMessage: 'The provider broke.' },
    );
    const { user: ui } = renderHarness(user, modelId);
    await ui.click(await screen.findByRole('button', { name: /^Fails midway/ }));
    await waitFor(() => expect(queueSummary()).toBe('A part failed; 2 of 3 not answered'), {
      timeout: 10_000,
    });
    expect(queueItems()).toEqual([
      'Outline the talk.: done',
      'Write the opening.: failed',
      'Write the close.: pending',
    ]);
    expect(askedParts()).toHaveLength(2);
  });

  it('Stop ends the queue and the answer in flight', async () => {
    const user = await live.signedIn('qstop');
    const modelId = await user.usableModelId();
    await createPrompt(user, 'Long one', THREE_PARTS);
    fake.script({ chunks: Array.from({ length: 40 }, (_, i) => `word${i} `), delayMs: 100 });
    const { user: ui } = renderHarness(user, modelId);
    await ui.click(await screen.findByRole('button', { name: /^Long one/ }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Questions' }).innerHTML).toContain('streaming'));
    await ui.click(screen.getByRole('button', { name: 'Stop queue' }));
    await waitFor(() => expect(queueSummary()).toBe('Stopped after 0 of 3 parts'), {
      timeout: 10_000,
    });
    expect(queueItems()).toEqual([
      'Outline the talk.: failed',
      'Write the opening.: pending',
      'Write the close.: pending',
    ]);
    expect(askedParts()).toHaveLength(1);
    // The answer itself was stopped on the server, not left to run on.
    const answer = within(screen.getByRole('list', { name: 'Questions' })).getByRole('listitem');
    await waitFor(() => expect(answer.getAttribute('data-status')).toBe('stopped'));
    await ui.click(screen.getByRole('button', { name: 'Dismiss prompt queue' }));
  });

  it('stops when another chat is opened mid-queue: its later parts are not sent there', async () => {
    const user = await live.signedIn('qswitch');
    const modelId = await user.usableModelId();
    await createPrompt(user, 'Switched', THREE_PARTS);
    fake.script({ chunks: Array.from({ length: 10 }, (_, i) => `w${i} `), delayMs: 80 });
    const { user: ui, store } = renderHarness(user, modelId);
    await ui.click(await screen.findByRole('button', { name: /^Switched/ }));
    await waitFor(() => expect(store.get(chatIdAtom)).not.toBeNull());
    act(() => store.set(chatIdAtom, null));
    await waitFor(() => expect(queueSummary()).toMatch(/^Stopped/));
    // The first part's answer ends on its own; nothing more is asked.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(askedParts()).toHaveLength(1);
  });

  it('a hidden prompt runs by id, part by part, shown as “Part 1 of 3”, its text never on screen', async () => {
    const author = await live.signedIn('qauthor');
    await createPrompt(author, 'Secret recipe', 'SECRET-ONE\n---\nSECRET-TWO\n---\nSECRET-THREE', {
      showPrompt: false,
      isPublic: true,
    });
    const user = await live.signedIn('qreader');
    const modelId = await user.usableModelId();
    const { user: ui } = renderHarness(user, modelId);
    await ui.click(await screen.findByRole('button', { name: /Secret recipe/ }));
    await ui.click(screen.getByRole('button', { name: 'Insert Prompt' }));
    // The first part may already be on its way by the time the queue is read.
    expect(queueItems()).toEqual([
      expect.stringMatching(/^Part 1 of 3: (pending|loading)$/),
      'Part 2 of 3: pending',
      'Part 3 of 3: pending',
    ]);
    await waitFor(() => expect(queueSummary()).toBe('All 3 parts answered'), {
      timeout: 10_000,
    });
    expect(document.body.textContent).not.toContain('SECRET');
    const systems = fake.requests
      .filter((r) => r.path.includes('chat'))
      .map((r) => JSON.stringify((r.body as { messages: unknown[] }).messages));
    expect(systems.map((s) => /SECRET-(ONE|TWO|THREE)/.exec(s)?.[0])).toEqual([
      'SECRET-ONE',
      'SECRET-TWO',
      'SECRET-THREE',
    ]);
  });

  it('is refused in Write mode with a clear error, and the drawer stays open', async () => {
    const user = await live.signedIn('qwriter');
    const modelId = await user.usableModelId();
    await createPrompt(user, 'Not for writer', THREE_PARTS);
    const { user: ui } = renderHarness(user, modelId, 'ai-writer');
    await ui.click(await screen.findByRole('button', { name: /^Not for writer/ }));
    await screen.findByText(WRITER_QUEUE_ERROR);
    expect(screen.queryByRole('region', { name: 'Prompt queue' })).toBeNull();
    // The drawer still shows the prompt list.
    screen.getByRole('searchbox');
    // Only this test's parts count: a request another test left in flight may still land after the reset.
    expect(askedParts().filter((part) => part.includes('Outline the talk'))).toEqual([]);
  });

  it('a single visible prompt still goes into the composer, not a queue', async () => {
    const user = await live.signedIn('qsingle');
    const modelId = await user.usableModelId();
    await createPrompt(user, 'Just one', 'Summarise --- briefly.');
    const { user: ui } = renderHarness(user, modelId);
    await ui.click(await screen.findByRole('button', { name: /^Just one/ }));
    expect(screen.getByRole('status', { name: 'Draft' }).textContent).toBe('Summarise --- briefly.');
    expect(screen.queryByRole('region', { name: 'Prompt queue' })).toBeNull();
  });
});
