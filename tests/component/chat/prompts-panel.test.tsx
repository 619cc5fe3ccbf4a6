import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ChatApiProvider } from '@/components/chat/chat-api-context';
import { PROMPT_HELP } from '@/components/chat/prompts/PromptDetail';
import { PromptsPanel } from '@/components/chat/prompts/PromptsPanel';
import { CallError } from '@/lib/api/call-error';
import type { Prompt, PromptCategory } from '@/lib/api/voice-contract';
import { type ChatApi, createChatApi } from '@/lib/chat/chat-api';
import { makePrompt } from '../fixtures';
import { scrollToEnd, setupTestIntersectionObserver } from '../intersection-observer';
import { renderWithBackground } from '../render';

type ListInput = Parameters<ChatApi['listPrompts']>[0];
type ListPage = Awaited<ReturnType<ChatApi['listPrompts']>>;
const PER_PAGE = 20;

/**
 * The server's prompt list kept in memory: filtered by category and title, 20 a page, each call
 * recorded. `answer` replaces a page's answer (a row moving between pages, a page coming back empty).
 */
function promptLibrary(prompts: Prompt[], answer?: (input: ListInput) => ListPage | undefined) {
  const calls: ListInput[] = [];
  let failure: CallError | null = null;
  const listPrompts: ChatApi['listPrompts'] = async (input) => {
    calls.push(input);
    if (failure) throw failure;
    const given = answer?.(input);
    if (given) return given;
    const matching = prompts.filter(
      (p) =>
        (input.category === 'All' || p.media.category === input.category) &&
        p.title.toLowerCase().includes(input.search.toLowerCase()),
    );
    const start = (input.page - 1) * PER_PAGE;
    return { data: matching.slice(start, start + PER_PAGE), total: matching.length };
  };
  // Only listPrompts is answered here; the panel calls nothing else.
  const api: ChatApi = { ...createChatApi(() => Promise.reject(new Error('no server here'))), listPrompts };
  const fail = (message: string | null) => {
    failure = message ? new CallError({ kind: 'server', status: 500, message }) : null;
  };
  return { api, calls, fail };
}

setupTestIntersectionObserver();

function setup(library: ReturnType<typeof promptLibrary>) {
  const onInsert = vi.fn<(text: string, prompt: Prompt) => void>();
  const onSubmitHidden = vi.fn<(prompt: Prompt, variables: Record<string, string>, text?: string) => void>();
  const rendered = renderWithBackground(
    <ChatApiProvider api={library.api}>
      <PromptsPanel onInsert={onInsert} onSubmitHidden={onSubmitHidden} />
    </ChatApiProvider>,
  );
  return { ...rendered, onInsert, onSubmitHidden };
}

const many = (count: number, category: PromptCategory = 'Chat', from = 1) =>
  Array.from({ length: count }, (_, i) =>
    makePrompt(from + i, `${category} prompt ${from + i}`, {
      media: { showPrompt: true, isPublic: false, category, promptType: 'prompt' },
    }),
  );
const shownTitles = () =>
  within(screen.getByRole('list', { name: /prompts$/ }))
    .queryAllByRole('button')
    .filter((b) => b.classList.contains('prompt-item'))
    .map((b) => b.querySelector('.prompt-title')?.textContent);

describe('AI Prompts panel: tabs, search and paging', () => {
  it('each tab lists its own category with its total; switching tab clears the search', async () => {
    const library = promptLibrary([...many(2, 'Chat'), ...many(3, 'Write', 10)]);
    const { user } = setup(library);
    await screen.findByText('5 prompts');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All',
      'Search',
      'Chat',
      'Write',
      'Rewrite',
      'Reply',
      'Reading',
    ]);
    await user.type(screen.getByRole('searchbox'), 'Write');
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await screen.findByText('3 prompts');
    expect(shownTitles()).toEqual(['Write prompt 10', 'Write prompt 11', 'Write prompt 12']);
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(library.calls.at(-1)).toEqual({ category: 'Write', search: '', page: 1 });
    await user.click(screen.getByRole('tab', { name: 'Reading' }));
    await screen.findByText('No prompts yet');
  });

  it('loads the next page at the list’s end until the total is reached, each prompt once', async () => {
    // A prompt is added at the top after page 1, so page 2 starts with prompt 20 again: shown once.
    const prompts = many(45);
    const afterAdding = [makePrompt(99, 'Added while scrolling'), ...prompts];
    const library = promptLibrary(prompts, ({ page }) =>
      page === 1 ? undefined : { data: afterAdding.slice((page - 1) * PER_PAGE, page * PER_PAGE), total: 46 },
    );
    setup(library);
    await screen.findByText('45 prompts');
    expect(shownTitles()).toHaveLength(20);
    expect(shownTitles().at(-1)).toBe('Chat prompt 20');
    scrollToEnd();
    await waitFor(() => expect(shownTitles()).toHaveLength(39));
    scrollToEnd();
    await waitFor(() => expect(shownTitles()).toHaveLength(45));
    expect(shownTitles()).toEqual(prompts.map((p) => p.title));
    scrollToEnd();
    expect(library.calls.map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('stops when a page comes back empty, even if the total says more', async () => {
    const prompts = many(20);
    const library = promptLibrary(prompts, (input) => ({ data: input.page === 1 ? prompts : [], total: 100 }));
    setup(library);
    await screen.findByText('100 prompts');
    scrollToEnd();
    await waitFor(() => expect(library.calls).toHaveLength(2));
    scrollToEnd();
    scrollToEnd();
    expect(library.calls.map((c) => c.page)).toEqual([1, 2]);
  });

  it('searches on Enter from page 1, and every other tab starts again from page 1', async () => {
    const library = promptLibrary([...many(30, 'Chat'), ...many(2, 'Write', 100)]);
    const { user } = setup(library);
    await screen.findByText('32 prompts');
    scrollToEnd();
    await waitFor(() => expect(shownTitles()).toHaveLength(32));
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await screen.findByText('2 prompts');
    await user.type(screen.getByRole('searchbox'), 'prompt 101{Enter}');
    await screen.findByText('1 prompt');
    expect(library.calls.at(-1)).toEqual({ category: 'Write', search: 'prompt 101', page: 1 });
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await screen.findByText('32 prompts');
    expect(shownTitles()).toHaveLength(20);
    expect(library.calls.at(-1)).toEqual({ category: 'All', search: '', page: 1 });
    await user.type(screen.getByRole('searchbox'), 'nothing like it{Enter}');
    await screen.findByText('No prompt matches');
  });

  it('shows a failed list with Retry', async () => {
    const library = promptLibrary(many(2));
    library.fail('The server is down for maintenance.');
    const { user } = setup(library);
    expect((await screen.findByRole('alert')).textContent).toContain('The server is down for maintenance.');
    library.fail(null);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('2 prompts');
  });

  it('a failed next page keeps the loaded prompts and waits for Retry', async () => {
    const library = promptLibrary(many(25));
    const { user } = setup(library);
    await screen.findByText('25 prompts');
    library.fail('Lost the connection.');
    scrollToEnd();
    expect((await screen.findByRole('alert')).textContent).toContain('Lost the connection.');
    expect(shownTitles()).toHaveLength(20);
    scrollToEnd();
    expect(library.calls).toHaveLength(2);
    library.fail(null);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownTitles()).toHaveLength(25));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('AI Prompts panel: selecting a prompt', () => {
  it('inserts a visible prompt without variables at once', async () => {
    const { user, onInsert } = setup(promptLibrary([makePrompt(1, 'Summarise', { text: 'Summarise this page.' })]));
    await user.click(await screen.findByRole('button', { name: /^Summarise/ }));
    expect(onInsert).toHaveBeenCalledWith('Summarise this page.', expect.objectContaining({ id: 1 }));
    expect(screen.queryByRole('button', { name: 'Insert Prompt' })).toBeNull();
  });

  it('fills a prompt’s variables (text input and dropdown) into its text', async () => {
    const text = 'Write to {{Name}} in a {{Tone | Formal, Friendly}} tone. Sign as {{Sender}}. Hi {{Name}}!';
    const { user, onInsert } = setup(promptLibrary([makePrompt(1, 'Letter', { text })]));
    await user.click(await screen.findByRole('button', { name: /^Letter/ }));
    const tone = screen.getByRole('combobox', { name: 'Tone' }) as HTMLSelectElement;
    expect([...tone.options].map((o) => o.value)).toEqual(['Formal', 'Friendly']);
    expect(tone.value).toBe('Formal');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Ann');
    await user.selectOptions(tone, 'Friendly');
    expect(screen.queryByText(text)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show Prompt' }));
    screen.getByText(text);
    await user.click(screen.getByRole('button', { name: 'Insert Prompt' }));
    expect(onInsert).toHaveBeenCalledWith(
      'Write to Ann in a Friendly tone. Sign as {{Sender}}. Hi Ann!',
      expect.objectContaining({ id: 1 }),
    );
  });

  it('copies a visible prompt and explains variables in the help tooltip', async () => {
    const { user } = setup(promptLibrary([makePrompt(1, 'Letter', { text: 'Dear {{Name}}' })]));
    await user.click(await screen.findByRole('button', { name: /^Letter/ }));
    await user.click(screen.getByRole('button', { name: 'Copy Prompt' }));
    expect(await navigator.clipboard.readText()).toBe('Dear {{Name}}');
    act(() => screen.getByRole('button', { name: 'How prompts work' }).focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe(PROMPT_HELP);
    expect(PROMPT_HELP).toContain('{{Variable | A, B, C, D}}');
    await user.click(screen.getByRole('button', { name: 'Back to prompts' }));
    await screen.findByText('1 prompt');
  });

  const hidden = (id: number, title: string, variables: Prompt['variables']) =>
    makePrompt(id, title, {
      text: null,
      textHidden: true,
      isAuthor: false,
      variables,
      media: { showPrompt: false, isPublic: true, category: 'Chat', promptType: 'prompt' },
    });

  it('a hidden prompt shows only its variables and is submitted by id, never inserted', async () => {
    const library = promptLibrary([hidden(7, 'Secret sauce', [{ name: 'Topic', options: null }])]);
    const { user, onInsert, onSubmitHidden } = setup(library);
    await user.click(await screen.findByRole('button', { name: /Secret sauce/ }));
    expect(screen.queryByRole('button', { name: 'Copy Prompt' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show Prompt' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'owls');
    await user.click(screen.getByRole('button', { name: 'Insert Prompt' }));
    expect(onSubmitHidden).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), { Topic: 'owls' }, undefined);
    expect(onInsert).not.toHaveBeenCalled();
  });

  it('a hidden prompt without variables offers a free text area', async () => {
    const { user, onSubmitHidden } = setup(promptLibrary([hidden(8, 'Mystery', [])]));
    await user.click(await screen.findByRole('button', { name: /Mystery/ }));
    const area = screen.getByPlaceholderText('Enter your text here');
    await user.type(area, 'about bees');
    await user.click(screen.getByRole('button', { name: 'Insert Prompt' }));
    expect(onSubmitHidden).toHaveBeenCalledWith(expect.objectContaining({ id: 8 }), {}, 'about bees');
  });
});
