import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as JotaiProvider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { type AnswerActions, AnswerOptions } from '@/components/chat/menus/AnswerOptions';
import { SearchResults } from '@/components/chat/tools/SearchResults';
import { ToolChooser } from '@/components/chat/tools/ToolChooser';
import type { AnswerView } from '@/lib/chat/conversation-view';
import { renderWithBackground } from '../render';

const answer = (over: Partial<AnswerView> = {}): AnswerView => ({
  key: 'm1',
  messageId: 1,
  modelId: 2,
  displayName: 'GPT-4.1',
  text: 'An answer.',
  status: 'done',
  error: null,
  followUps: null,
  citations: null,
  cost: null,
  createdAt: null,
  context: {},
  memoryProposal: null,
  reasoning: null,
  results: null,
  images: null,
  stored: null,
  live: false,
  ...over,
});

const actions: AnswerActions = {
  regenerate: vi.fn(),
  switchLanguage: vi.fn(),
  switchModel: vi.fn(),
  fork: vi.fn(),
  save: vi.fn(),
  savePrompt: vi.fn(),
  copy: vi.fn(),
  reply: vi.fn(),
};

async function optionsOf(view: AnswerView) {
  const { user } = renderWithBackground(<AnswerOptions answer={view} actions={actions} multi={false} busy={false} />);
  await user.click(screen.getByRole('button', { name: 'Chat options' }));
  const dialog = await screen.findByRole('dialog', { name: 'Chat options' });
  return within(dialog)
    .getAllByRole('button')
    .map((b) => b.textContent?.trim())
    .concat(
      within(dialog)
        .queryAllByRole('slider')
        .map((s) => s.getAttribute('aria-label') ?? ''),
    );
}

describe('Chat Options by the kind of answer', () => {
  it('a written answer offers every item', async () => {
    const items = await optionsOf(answer());
    for (const item of ['Add emojis', 'Humanize', 'Add Polish', 'Switch Language', 'Reply', 'Regenerate'])
      expect(items).toContain(item);
  });

  it('a search-style answer hides Add emojis, Add Polish, the sliders, Reply and Switch Language', async () => {
    const items = await optionsOf(answer({ results: [{ title: 'T', content: '', url: 'https://t.example/' }] }));
    for (const hidden of ['Add emojis', 'Add Polish', 'Switch Language', 'Reply', 'Reading Level', 'Adjust Length'])
      expect(items).not.toContain(hidden);
    for (const kept of ['Humanize', 'Switch Model', 'Fork this chat', 'Copy text', 'Regenerate'])
      expect(items).toContain(kept);
  });

  it('a picture keeps only Fork this chat (it has no text to adjust, copy or regenerate)', async () => {
    const items = await optionsOf(
      answer({
        text: '',
        images: [{ url: 'http://t.example/uploads/a.png', mediaType: 'image/png', width: 1, height: 1 }],
      }),
    );
    expect(items.filter((i) => i !== 'Close')).toEqual(['Fork this chat']);
  });
});

describe('Web sources under an answer', () => {
  it('lists each page with its host and opens it on click; an empty search says so', async () => {
    const user = userEvent.setup();
    const onOpenUrl = vi.fn();
    const { rerender } = render(
      <SearchResults
        results={[{ title: 'Tide tables', content: '', url: 'https://tides.example/harbor' }]}
        onOpenUrl={onOpenUrl}
      />,
    );
    const list = screen.getByRole('region', { name: 'Web sources' });
    await user.click(within(list).getByRole('button', { name: /Tide tables/ }));
    expect(onOpenUrl).toHaveBeenCalledWith('https://tides.example/harbor');
    expect(list.textContent).toContain('tides.example');
    rerender(<SearchResults results={[]} onOpenUrl={onOpenUrl} />);
    screen.getByText('The web search found no sources.');
  });
});

describe('The tool chooser', () => {
  it('is one radio group moved with the arrow keys, with each tool’s own options', async () => {
    const user = userEvent.setup();
    render(
      <JotaiProvider>
        <ToolChooser />
      </JotaiProvider>,
    );
    const chat = screen.getByRole('radio', { name: 'Chat' });
    expect((chat as HTMLInputElement).checked).toBe(true);
    await user.click(chat);
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: 'Picture' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Picture shape' }) as HTMLSelectElement).value).toBe('square');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of pictures' }), '3');
    screen.getByRole('radio', { name: 'Picture' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect((screen.getByRole('radio', { name: 'Research' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Picture shape' })).toBeNull();
    expect(
      within(screen.getByRole('combobox', { name: 'Reasoning effort' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Low effort', 'Medium effort', 'High effort']);
  });
});
