/**
 * Share Options on a stored chat, through the real server and the fake provider: Copy text,
 * the three exports (downloads made by an <a download> of the server's file), Auto generate steps and
 * Duplicate chat.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { chatIdAtom } from '@/components/chat/atoms';
import { setupFakeProvider } from '../../fake-provider/setup';
import { findToast } from '../render';
import { answersShown } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { renderPanelWithDrawer } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/** The files the panel downloaded: each link clicked with its file name and the file's text. */
let downloads: Promise<{ name: string; text: string }>[];
let fetchSpy: MockInstance<typeof fetch>;
beforeEach(() => {
  downloads = [];
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  // jsdom does not follow <a download>: the blob its object URL names is read instead.
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:download-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push(blob.text().then((text) => ({ name: this.download, text })));
  });
});
afterEach(() => vi.restoreAllMocks());

/** A chat where "What is a tide?" was answered "The sea rises and falls."; the panel on it. */
async function answered(prefix: string) {
  const user = await live.signedIn(prefix);
  const panel = await renderPanelWithDrawer(user);
  fake.script({ chunks: ['The sea ', 'rises and falls.'] });
  await panel.ask('What is a tide?');
  await waitFor(() => expect(answersShown()).toEqual(['done: The sea rises and falls.']));
  const share = async (item: string) => {
    await panel.user.click(screen.getByRole('button', { name: 'Share options' }));
    await panel.user.click(
      within(await screen.findByRole('menu', { name: 'Share options' })).getByRole('menuitem', { name: item }),
    );
  };
  return { ...panel, signed: user, share, chatId: panel.store.get(chatIdAtom) as number };
}

const TEXT_EXPORT = /^What is a tide\?\n\nYou:\nWhat is a tide\?\n\nTrove Chat:\nThe sea rises and falls\.\n/;

describe('Share Options', () => {
  it('Copy text copies the whole chat as text and says “Chat Copied Successfully”', async () => {
    const { share } = await answered('sharecopy');
    await navigator.clipboard.writeText('');
    await share('Copy text');
    await findToast('Chat Copied Successfully');
    expect(await navigator.clipboard.readText()).toMatch(TEXT_EXPORT);
  });

  it('Export markdown, Export JSON and Export text download the chat named after its title and day', async () => {
    const { share, chatId } = await answered('shareexp');
    await share('Export markdown');
    await waitFor(() => expect(downloads).toHaveLength(1));
    await share('Export JSON');
    await waitFor(() => expect(downloads).toHaveLength(2));
    await share('Export text');
    await waitFor(() => expect(downloads).toHaveLength(3));
    const [markdown, json, text] = await Promise.all(downloads);

    expect(markdown?.name).toMatch(/^What is a tide \d{4}-\d{2}-\d{2}\.md$/);
    expect(markdown?.text).toMatch(
      /^# What is a tide\?\n\n\*\*You:\*\*\n\nWhat is a tide\?\n\n\*\*Trove Chat:\*\*\n\nThe sea rises and falls\.\n/,
    );
    expect(json?.name).toMatch(/^What is a tide \d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(json?.text ?? '');
    expect(exported.chat).toMatchObject({ id: chatId, title: 'What is a tide?' });
    expect(exported.messages).toMatchObject([
      { userText: 'What is a tide?', text: 'The sea rises and falls.', displayName: 'Trove Chat', status: 'done' },
    ]);
    expect(text?.name).toMatch(/^What is a tide \d{4}-\d{2}-\d{2}\.txt$/);
    expect(text?.text).toMatch(TEXT_EXPORT);
  });

  it('Auto generate steps asks, in the same chat, for numbered steps from the conversation', async () => {
    const { share, chatId } = await answered('sharesteps');
    fake.script({ chunks: ['1. Watch the moon.\n', '2. Check the tables.'] });
    await share('Auto generate steps from current conversation');

    await waitFor(() => expect(answersShown()).toHaveLength(2));
    await waitFor(() => expect(answersShown()[1]).toMatch(/^done: /));
    const steps = screen.getAllByRole('article')[1] as HTMLElement;
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Watch the moon.', 'Check the tables.']);
    const asked = fetchSpy.mock.calls.filter(
      ([url, init]) => String(url).endsWith(`/api/chats/${chatId}/messages`) && init?.method === 'POST',
    );
    expect(asked).toHaveLength(2);
    const body = JSON.parse(String(asked[1]?.[1]?.body));
    expect(body.text).toBe('Turn this conversation into clear, numbered steps.');
    // The provider is given the conversation so far, then the request.
    const sent = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] } | undefined;
    const messages = sent?.messages ?? [];
    expect(messages.filter((m) => m.role !== 'system').map((m) => [m.role, m.content])).toEqual([
      ['user', 'What is a tide?'],
      ['assistant', 'The sea rises and falls.'],
      ['user', 'Turn this conversation into clear, numbered steps.'],
    ]);
  });

  it('Duplicate chat opens a copy holding the same conversation', async () => {
    const { share, chatId, store, signed } = await answered('sharedup');
    await share('Duplicate chat');
    await findToast('Duplicated as “What is a tide? (copy)”');
    await waitFor(() => expect(store.get(chatIdAtom)).not.toBe(chatId));
    await waitFor(() => expect(answersShown()).toEqual(['done: The sea rises and falls.']));
    const copyId = store.get(chatIdAtom) as number;

    // The original stays: both are in the history, the copy newest.
    const history = (await signed.call('chats/history?type=chat')).data as { id: number; title: string }[];
    expect(history.map((c) => [c.id, c.title])).toEqual([
      [copyId, 'What is a tide? (copy)'],
      [chatId, 'What is a tide?'],
    ]);
  });
});
