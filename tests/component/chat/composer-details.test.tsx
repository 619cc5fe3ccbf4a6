import { screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { attachedFilesAtom, contextOnAtom, contextTextAtom, pageGemsIncludedAtom } from '@/components/chat/atoms';
import { BookmarkPanel } from '@/components/chat/bookmarks/BookmarkPanel';
import type { ChatFile } from '@/lib/api/chat-files-contract';
import type { Collection, Gem } from '@/lib/api/contract';
import { FakeBackground } from '../fake-background';
import { makePage, makeUser } from '../fixtures';
import { ComposerAsInPanel, modelsShown, question, renderInPanel } from './composer-harness';
import { setupLiveServer } from './live-server';

type ComposerProps = Parameters<typeof ComposerAsInPanel>[0];

/**
 * The composer as the panel fills it, for a user whose AI settings are `background`'s; `onSend` and the AI-settings
 * opener spied on.
 */
async function renderComposer(props: ComposerProps = {}, background = new FakeBackground({ user: makeUser() })) {
  const onSend = vi.fn<(text: string) => void>();
  const onOpenAiSettings = vi.fn<() => void>();
  const rendered = renderInPanel(
    <ComposerAsInPanel onSend={onSend} onOpenAiSettings={onOpenAiSettings} {...props} />,
    background,
  );
  await modelsShown();
  return { ...rendered, onSend, onOpenAiSettings };
}

const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
/** What describes the question box: the estimate. */
const estimate = () => document.getElementById(question().getAttribute('aria-describedby') ?? '')?.textContent ?? '';

/** A page whose markdown is `chars` characters long (4 characters a token). */
const pageOf = (chars: number) => {
  const page = makePage();
  return { ...page, extract: page.extract && { ...page.extract, markdown: 'x'.repeat(chars) } };
};

const file = (id: number, chars: number | null): ChatFile => ({
  id,
  name: `notes-${id}.txt`,
  format: 'txt',
  mime: 'text/plain',
  size: 10,
  chars,
  chatId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('Writing a question', () => {
  it('Shift+Enter starts a new line and sends nothing; Enter then sends both lines', async () => {
    const { user, onSend } = await renderComposer();
    await user.type(question(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(question().value).toBe('First line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(question(), '{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('First line\nsecond line');
    expect(question().value).toBe('');
  });
});

describe('No usable model', () => {
  it('the composer says why, sends nothing, and its Open AI settings button opens them', async () => {
    const background = new FakeBackground({ user: makeUser() });
    // The user's default is an OpenAI model, and there is no OpenAI key.
    Object.assign(background.state.ai.settings, { defaultAI: 'OpenAI', defaultModel: 'gpt-4.1' });
    const { user, onSend, onOpenAiSettings } = await renderComposer({}, background);
    const blocked = await screen.findByText(/^Please add your OpenAI API Key/);
    expect(blocked.getAttribute('role')).toBe('status');
    expect(blocked.textContent).toBe('Please add your OpenAI API Key in settings to use this model Open AI settings');
    await user.type(question(), 'Anything?{Enter}');
    expect(send().disabled).toBe(true);
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Open AI settings' }));
    expect(onOpenAiSettings).toHaveBeenCalledOnce();
  });

  it('the Picture tool without a usable image model says so and how to get one, rather than choosing an Inactive one', async () => {
    // OpenAI has no key: its image model, the only one, is Inactive.
    const { onSend, user } = await renderComposer();
    await user.click(screen.getByRole('radio', { name: /^Picture/ }));
    const blocked = await screen.findByText(/^No image model can make pictures yet/);
    expect(blocked.textContent).toBe(
      'No image model can make pictures yet: add a key for OpenAI in AI settings to get one. Open AI settings',
    );
    expect(document.body.textContent).not.toContain('GPT Image 1');
    await user.type(question(), 'A lighthouse at dusk{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('with no model at all, says that no model can answer yet', async () => {
    const background = new FakeBackground({ user: makeUser() });
    background.state.ai.models = [];
    const { onOpenAiSettings, user } = await renderComposer({}, background);
    const blocked = await screen.findByText(/^No model can answer yet\./);
    await user.click(screen.getByRole('button', { name: 'Open AI settings' }));
    expect(onOpenAiSettings).toHaveBeenCalledOnce();
    expect(blocked.getAttribute('role')).toBe('status');
    expect(send().disabled).toBe(true);
  });
});

describe('The estimate under the question', () => {
  it('shows the page’s size against the chosen model’s context length, without cost while Cost Estimate is off', async () => {
    // Trove Chat, the default model: 128,000 tokens, $1 per million input tokens.
    await renderComposer({ page: pageOf(40_000) });
    expect(estimate()).toBe('≈ 10,000 / 128,000 tokens');
  });

  it('counts a page too long for the model as the part of it the model gets', async () => {
    await renderComposer({ page: pageOf(1_000_000) });
    // A quarter of the context length is kept for the question, the turns and the answer.
    expect(estimate()).toBe('≈ 96,000 / 128,000 tokens');
  });

  it('adds the input cost when Cost Estimate is on', async () => {
    const background = new FakeBackground({ user: makeUser() });
    background.state.ai.settings.costEstimate = true;
    await renderComposer({ page: pageOf(40_000) }, background);
    await waitFor(() => expect(estimate()).toBe('≈ 10,000 / 128,000 tokens · ≈ $0.01'));
  });

  it('counts the Context Text and the attached files’ text with the page, unless the Context switch is off', async () => {
    const { store } = await renderComposer({ page: pageOf(4_000) });
    expect(estimate()).toBe('≈ 1,000 / 128,000 tokens');
    store.set(contextTextAtom, 'y'.repeat(2_000));
    store.set(attachedFilesAtom, [file(1, 8_000), file(2, null)]);
    await waitFor(() => expect(estimate()).toBe('≈ 3,500 / 128,000 tokens'));
    store.set(contextOnAtom, false);
    await waitFor(() => expect(estimate()).toBe('≈ 1,000 / 128,000 tokens'));
  });
});

describe('The estimate counts the gems the server reads (live server)', () => {
  const live = setupLiveServer();

  /** The estimate's tokens for a gem sent as `heading` and `text` (the server counts each gem under its heading). */
  const gemTokens = (heading: string, text: string) => Math.ceil(`${heading}\n${text}`.length / 4);
  const shown = (tokens: number) => `≈ ${tokens.toLocaleString('en-US')} / 128,000 tokens`;

  /**
   * A user of the live server with `gems` saved; the composer (and, beside it, the Bookmarks drawer) as the panel shows
   * them, the page 4,000 characters long, the panel's background listing what the server has.
   */
  async function withGems(prefix: string, gems: { title: string; url: string; text: string }[]) {
    const account = await live.signedIn(prefix);
    const reading = (await account.call('collections', 'POST', { data: { name: 'Reading' } })).data as Collection;
    const saved: Gem[] = [];
    for (const gem of gems)
      saved.push((await account.call('gems', 'POST', { data: { ...gem, collectionId: reading.id } })).data as Gem);
    const collections = (await account.call('get-user-collections')).data as Collection[];
    const store = createStore();
    const rendered = account.render(
      <Provider store={store}>
        <ComposerAsInPanel page={pageOf(4_000)} />
        <BookmarkPanel close={() => {}} />
      </Provider>,
      new FakeBackground({ user: makeUser(), collections, gems: saved }),
    );
    await modelsShown();
    return { ...rendered, store, saved };
  }

  it('grows by a gem’s tokens once it is chosen in the Bookmarks drawer, and shrinks back without it', async () => {
    const text = 'g'.repeat(8_000);
    const { user, store, saved } = await withGems('estgem', [
      { title: 'Long read', url: 'https://example.test/long-read', text },
    ]);
    expect(estimate()).toBe(shown(1_000));

    await user.click(screen.getByRole('button', { name: 'Gems in Reading' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Long read' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = `### Chosen gem #${saved[0]?.id} "Long read" (https://example.test/long-read)`;
    await waitFor(() => expect(estimate()).toBe(shown(1_000 + gemTokens(heading, text))));

    // The Context switch off: the chosen gems are kept but not sent, nor counted.
    store.set(contextOnAtom, false);
    await waitFor(() => expect(estimate()).toBe(shown(1_000)));
  });

  it('counts the gems saved at the page while they are included', async () => {
    const page = pageOf(4_000);
    const text = 'p'.repeat(2_000);
    const { store, saved } = await withGems('estpage', [{ title: 'Saved here', url: page.url, text }]);
    const heading = `### Gem #${saved[0]?.id} saved at the current page "Saved here" (${saved[0]?.url})`;
    await waitFor(() => expect(estimate()).toBe(shown(1_000 + gemTokens(heading, text))));
    store.set(pageGemsIncludedAtom, false);
    await waitFor(() => expect(estimate()).toBe(shown(1_000)));
  });
});
