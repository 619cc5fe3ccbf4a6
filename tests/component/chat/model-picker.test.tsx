import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ModelPicker, type ModelPickerProps } from '@/components/chat/models/ModelPicker';
import { ToastProvider } from '@/components/ui/Toast';
import { missingKeyMessage, type UserModel } from '@/lib/api/ai-contract';
import { makeAiModel } from '../fixtures';

const usable = (model: ReturnType<typeof makeAiModel>, over: Partial<UserModel> = {}): UserModel => ({
  ...model,
  label: model.isCurateitAI ? 'Credits' : 'API',
  inactiveReason: null,
  enabled: true,
  providerEnabled: true,
  endpoint: null,
  discovered: null,
  ...over,
});
const noKey = (model: ReturnType<typeof makeAiModel>): UserModel =>
  usable(model, { label: 'Inactive', inactiveReason: missingKeyMessage(model.provider) });

const MODELS: UserModel[] = [
  usable(
    makeAiModel(1, 'OpenAI', 'gpt-4.1', 'GPT-4.1', {
      is_vision_enabled: true,
      is_web_search_enabled: true,
      isAttachmentSupported: true,
      content_length: 1_047_576,
    }),
  ),
  usable(makeAiModel(2, 'OpenAI', 'gpt-image-1', 'GPT Image 1', { type: 'Image', is_image_generated: true })),
  usable(makeAiModel(3, 'Anthropic', 'claude-sonnet-4-5', 'Claude Sonnet 4.5', { is_reasoning_enabled: true })),
  noKey(makeAiModel(4, 'Groq', 'llama-3.3-70b', 'Llama 3.3 70B', { content_length: 131_072 })),
  usable(makeAiModel(5, 'Ollama', 'llama3.2', 'Llama 3.2', { is_audio_enabled: true, is_video_enabled: true })),
  usable(makeAiModel(6, 'Trove', 'trove-mini', 'Trove Mini', { isCurateitAI: true })),
  usable(makeAiModel(7, 'Trove', 'trove-chat', 'Trove Chat', { isCurateitAI: true, isDefaultForCurateit: true })),
  usable(makeAiModel(8, 'Anthropic', 'claude-haiku-4-5', 'Claude Haiku 4.5')),
  usable(makeAiModel(9, 'OpenAI', 'o3', 'o3', { is_reasoning_enabled: true, is_web_search_enabled: true })),
  usable(makeAiModel(10, 'Mistral', 'mistral-large', 'Mistral Large'), {
    label: 'Inactive',
    inactiveReason: 'Mistral is turned off in your AI settings',
  }),
];

type Props = Partial<ModelPickerProps>;

function setup(props: Props = {}) {
  const user = userEvent.setup();
  const onSelect = vi.fn<ModelPickerProps['onSelect']>();
  const onToggle = vi.fn<ModelPickerProps['onToggle']>();
  const view = render(
    <ToastProvider>
      <button type="button">Before</button>
      <ModelPicker
        models={MODELS}
        selectedIds={[]}
        multi={false}
        toolFilter="chat"
        currentProvider={null}
        onSelect={onSelect}
        onToggle={onToggle}
        {...props}
      />
    </ToastProvider>,
  );
  return { user, onSelect, onToggle, ...view };
}

/** An option by its model's name (the accessible name is the name and the label, e.g. "GPT-4.1 API"). */
const named = (name: string) =>
  new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (Credits|API|Team|Inactive)`);
const option = (name: string) => screen.getByRole('option', { name: named(name) });
const shownNames = () => screen.queryAllByRole('option').map((o) => o.getAttribute('data-model-id'));
const groupsShown = () =>
  screen.getAllByRole('group').map((group) => [
    group.getAttribute('aria-labelledby') &&
      document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent,
    within(group)
      .getAllByRole('option')
      .map(
        (o) =>
          o.getAttribute('aria-labelledby') &&
          document.getElementById(o.getAttribute('aria-labelledby')?.split(' ')[0] ?? '')?.textContent,
      ),
  ]);
const search = () => screen.getByRole('searchbox', { name: 'Search AI models' });

/** Multi mode with the selection kept as a chat would keep it. */
function MultiHost() {
  const [ids, setIds] = useState<number[]>([1]);
  return (
    <ToastProvider>
      <ModelPicker
        models={MODELS}
        selectedIds={ids}
        multi
        toolFilter="chat"
        currentProvider={null}
        onSelect={() => {}}
        onToggle={(m) => setIds((list) => (list.includes(m.id) ? list.filter((id) => id !== m.id) : [...list, m.id]))}
      />
    </ToastProvider>
  );
}

describe('ModelPicker: grouping, badges, labels', () => {
  it('groups by provider: house models first (default one leading), then the current provider, then A–Z', async () => {
    const { container } = setup({ currentProvider: 'OpenAI', selectedIds: [1] });
    expect(groupsShown()).toEqual([
      ['Trove', ['Trove Chat', 'Trove Mini']],
      ['OpenAI', ['GPT-4.1', 'o3']],
      ['Anthropic', ['Claude Sonnet 4.5', 'Claude Haiku 4.5']],
      ['Groq', ['Llama 3.3 70B']],
      ['Mistral', ['Mistral Large']],
      ['Ollama', ['Llama 3.2']],
    ]);
    screen.getByRole('group', { name: 'OpenAI' });
    expect(option('GPT-4.1').getAttribute('aria-selected')).toBe('true');
    expect(option('o3').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('listbox', { name: 'AI models' }).hasAttribute('aria-multiselectable')).toBe(false);
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });

  it('shows each model’s label and capability badges, and describes the option with them', () => {
    setup();
    const gpt = option('GPT-4.1');
    expect(gpt.querySelector('.model-tag')?.textContent).toBe('API');
    expect([...gpt.querySelectorAll('[data-capability]')].map((b) => b.textContent)).toEqual([
      'Vision',
      'Files',
      'Web',
      '1M',
    ]);
    expect(
      screen.getByRole('option', {
        name: /^GPT-4\.1 API\s*Vision\s*Files\s*Web\s*1M$/,
        description: 'Vision, File attachments, Live web search, 1M tokens of context',
      }),
    ).toBe(gpt);
    screen.getByRole('option', {
      name: named('Llama 3.2'),
      description: /Voice and audio, Video input, 128K tokens/,
    });
    screen.getByRole('option', { name: named('Claude Sonnet 4.5'), description: /Deep reasoning/ });
    expect(option('Trove Chat').querySelector('.model-tag')?.textContent).toBe('Credits');
    within(option('Llama 3.3 70B')).getByText('131K', { exact: true });
    expect(
      screen.getByRole('option', {
        // As the row reads, then why it is Inactive (axe: the visible text must be found whole in the name).
        name: /^Llama 3.3 70B Inactive\s*131K\s*: Please add your Groq API Key in settings to use this model$/,
        description: /131K/,
      }),
    ).toBeTruthy();
  });

  it('shows the context length the user set for a discovered model that reported none, and "unknown" until then', () => {
    const endpoint = { id: 1, name: 'Home lab', kind: 'openai-compatible' as const };
    const discovered = { contextLength: null, vision: null, tools: null, thinking: null };
    // As the server sends them: content_length is the set length, or the small budget while it is unknown.
    const models = [
      usable(makeAiModel(21, 'Home lab', 'qwen3', 'Qwen 3', { content_length: 32_768 }), {
        endpoint,
        discovered: { ...discovered, contextLengthSet: 32_768 },
      }),
      usable(makeAiModel(22, 'Home lab', 'phi4', 'Phi 4', { content_length: 4_096 }), {
        endpoint,
        discovered: { ...discovered, contextLengthSet: null },
      }),
    ];
    setup({ models });
    const badges = (name: string) =>
      [...option(name).querySelectorAll('[data-capability]')].map((b) => b.getAttribute('title') ?? b.textContent);
    expect(screen.getByRole('option', { name: named('Qwen 3'), description: '33K tokens of context' })).toBe(
      option('Qwen 3'),
    );
    expect(screen.getByRole('option', { name: named('Phi 4'), description: 'Context length unknown' })).toBe(
      option('Phi 4'),
    );
    expect(badges('Qwen 3')).not.toContain('Context length unknown');
  });

  it('shows the reason an Inactive model cannot be used as a tooltip on hover and on keyboard focus', async () => {
    const { user } = setup({ currentProvider: 'OpenAI' });
    await user.hover(option('Mistral Large'));
    expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe(
      'Mistral is turned off in your AI settings',
    );
    await user.unhover(option('Mistral Large'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());

    await user.click(search());
    await user.keyboard('{ArrowDown}{End}');
    expect(document.activeElement).toBe(option('Llama 3.2'));
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(option('Mistral Large'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Mistral is turned off in your AI settings');
    await user.keyboard('{ArrowUp}');
    expect((await screen.findByRole('tooltip')).textContent).toBe(missingKeyMessage('Groq'));
  });

  it('a usable model has no tooltip', async () => {
    const { user } = setup();
    await user.click(search());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(option('Trove Chat'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});

describe('ModelPicker: search and tools', () => {
  it('filters on displayName, case-insensitively, 300 ms after typing stops', async () => {
    // the debounce's clock moves only when the test moves it (a busy machine cannot make a key come late)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      setup();
      fireEvent.change(search(), { target: { value: 'CLA' } });
      act(() => vi.advanceTimersByTime(150));
      fireEvent.change(search(), { target: { value: 'CLAUDE' } });
      expect(shownNames()).toHaveLength(9);
      act(() => vi.advanceTimersByTime(299));
      expect(shownNames()).toHaveLength(9);
      act(() => vi.advanceTimersByTime(1));
      expect(shownNames()).toEqual(['3', '8']);
      expect(screen.getAllByRole('group').map((g) => g.textContent?.slice(0, 9))).toEqual(['Anthropic']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when nothing matches, without an empty listbox', async () => {
    const { user } = setup();
    await user.type(search(), 'zzz');
    await screen.findByRole('heading', { name: 'No matching models' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(search().hasAttribute('aria-controls')).toBe(false);
  });

  it('the picture tool shows only image models, in a list named for them', () => {
    setup({ toolFilter: 'picture' });
    screen.getByRole('listbox', { name: 'AI image models' });
    expect(shownNames()).toEqual(['2']);
    screen.getByRole('searchbox', { name: 'Search AI image models' });
  });

  it('web search shows only models with web search; research only reasoning models', () => {
    const { rerender, onSelect, onToggle } = setup({ toolFilter: 'web-search', currentProvider: 'OpenAI' });
    expect(shownNames()).toEqual(['1', '9']);
    const props = { models: MODELS, selectedIds: [], multi: false, currentProvider: 'OpenAI', onSelect, onToggle };
    rerender(
      <ToastProvider>
        <ModelPicker {...props} toolFilter="research" />
      </ToastProvider>,
    );
    expect(shownNames()).toEqual(['9', '3']);
  });
});

describe('ModelPicker: picking', () => {
  it('refuses a model without its provider key: the exact toast, no save, nothing selected', async () => {
    const { user, onSelect } = setup({ selectedIds: [1] });
    await user.click(option('Llama 3.3 70B'));
    expect(screen.getByRole('alert').textContent).toBe('Please add your Groq API Key in settings to use this model');
    expect(onSelect).not.toHaveBeenCalled();
    expect(option('Llama 3.3 70B').getAttribute('aria-selected')).toBe('false');
  });

  it('refuses a model the server marked Inactive for another reason with that reason', async () => {
    const { user, onSelect } = setup();
    await user.click(option('Mistral Large'));
    expect(screen.getByRole('alert').textContent).toBe('Mistral is turned off in your AI settings');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('single: saves the pick, with a spinner on its row until the save is done, and one save at a time', async () => {
    let finish = () => {};
    const { user, onSelect } = setup();
    onSelect.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    await user.click(option('Claude Sonnet 4.5'));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    const row = option('Claude Sonnet 4.5');
    expect(row.getAttribute('aria-busy')).toBe('true');
    expect(row.querySelector('.spinner')).not.toBeNull();
    expect(screen.getByRole('listbox').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Making Claude Sonnet 4.5 your default…');
    await user.click(option('o3'));
    expect(onSelect).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    expect(row.hasAttribute('aria-busy')).toBe(false);
    expect(row.querySelector('.spinner')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');
    await user.click(option('o3'));
    expect(onSelect).toHaveBeenCalledTimes(2);
  });

  it('single: a failed save shows its error and stops the spinner; the next pick clears it', async () => {
    const { user, onSelect } = setup();
    onSelect.mockRejectedValueOnce(new Error('Could not reach the server'));
    await user.click(option('GPT-4.1'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('GPT-4.1 was not made your default');
    expect(alert.textContent).toContain('Could not reach the server');
    expect(option('GPT-4.1').querySelector('.spinner')).toBeNull();
    await user.click(option('o3'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('multi: toggles without saving, at most four; deselecting always works', async () => {
    const { user, onSelect, onToggle } = setup({ multi: true, selectedIds: [1, 3, 5, 7] });
    const list = screen.getByRole('listbox', { name: 'AI models', description: 'Choose up to 4 models (4 chosen).' });
    expect(list.getAttribute('aria-multiselectable')).toBe('true');
    expect(screen.getAllByRole('option', { selected: true })).toHaveLength(4);

    await user.click(option('o3'));
    expect(onToggle).not.toHaveBeenCalled();
    expect(
      screen.getByText('You can ask up to 4 models at once. Unselect one first.').closest('.toast'),
    ).not.toBeNull();

    await user.click(option('Claude Sonnet 4.5'));
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
    expect(onSelect).not.toHaveBeenCalled();
    expect(option('Claude Sonnet 4.5').querySelector('.spinner')).toBeNull();
  });

  it('multi: adds below four, and still refuses a model without a key', async () => {
    const user = userEvent.setup();
    render(<MultiHost />);
    for (const name of ['o3', 'Trove Chat', 'Llama 3.2']) await user.click(option(name));
    expect(screen.getAllByRole('option', { selected: true }).map((o) => o.getAttribute('data-model-id'))).toEqual([
      '7',
      '5',
      '1',
      '9',
    ]);
    await user.click(option('Claude Haiku 4.5'));
    expect(option('Claude Haiku 4.5').getAttribute('aria-selected')).toBe('false');
    await user.click(option('o3'));
    await user.click(option('Llama 3.3 70B'));
    expect(screen.getByRole('alert').textContent).toBe(missingKeyMessage('Groq'));
    expect(option('Llama 3.3 70B').getAttribute('aria-selected')).toBe('false');
    await user.click(option('Claude Haiku 4.5'));
    expect(option('Claude Haiku 4.5').getAttribute('aria-selected')).toBe('true');
  });
});

describe('ModelPicker: keyboard', () => {
  it('↓ from the search box enters the list at the selection; arrows, Home and End move; Enter picks', async () => {
    const { user, onSelect } = setup({ selectedIds: [9], currentProvider: 'OpenAI' });
    await user.click(search());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(option('o3'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(option('Claude Sonnet 4.5'));
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3 }));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(option('Trove Chat'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(search());
    await user.keyboard('{ArrowDown}{End}');
    expect(document.activeElement).toBe(option('Llama 3.2'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(option('Llama 3.2'));
    await user.keyboard(' ');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ id: 5 }));
  });

  it('Tab reaches one option only: the selected one, then the last one visited', async () => {
    const { user } = setup({ selectedIds: [8] });
    const tabbable = screen.getAllByRole('option').filter((o) => o.tabIndex === 0);
    expect(tabbable).toEqual([option('Claude Haiku 4.5')]);
    await user.click(search());
    await user.tab();
    expect(document.activeElement).toBe(option('Claude Haiku 4.5'));
    await user.keyboard('{ArrowDown}');
    await user.tab({ shift: true });
    await user.tab();
    expect(document.activeElement).toBe(option('Llama 3.3 70B'));
  });

  it('after a search, ↓ enters the filtered list at its top; Enter on a keyless model is refused', async () => {
    const { user, onSelect } = setup();
    await user.type(search(), 'llama');
    await waitFor(() => expect(shownNames()).toEqual(['4', '5']));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(option('Llama 3.3 70B'));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(missingKeyMessage('Groq'));
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('ModelPicker: extra options', () => {
  it('shows the two switches only when extra options are given, and reports their changes', async () => {
    const { rerender, onSelect, onToggle, user } = setup();
    expect(screen.queryByRole('switch')).toBeNull();
    const onMultiSelectChange = vi.fn();
    const onTemporaryChange = vi.fn();
    rerender(
      <ToastProvider>
        <ModelPicker
          models={MODELS}
          selectedIds={[]}
          multi={false}
          toolFilter="chat"
          currentProvider={null}
          onSelect={onSelect}
          onToggle={onToggle}
          extraOptions={{ multiSelect: false, onMultiSelectChange, temporary: true, onTemporaryChange }}
        />
      </ToastProvider>,
    );
    const multi = screen.getByRole('switch', { name: 'Multi select models' });
    const temporary = screen.getByRole('switch', { name: 'Temporary Chat' });
    expect(multi.getAttribute('aria-checked')).toBe('false');
    expect(temporary.getAttribute('aria-checked')).toBe('true');
    await user.click(multi);
    expect(onMultiSelectChange).toHaveBeenCalledWith(true);
    await user.click(temporary);
    expect(onTemporaryChange).toHaveBeenCalledWith(false);
  });
});
