import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LanguagePicker } from '@/components/chat/language/LanguagePicker';
import type { AnswerLanguage } from '@/components/chat/language/languages';

const LANGUAGES: AnswerLanguage[] = [
  { code: 'en', name: 'English', nativeName: 'English', flag: '🇬🇧' },
  { code: 'fr', name: 'French', nativeName: 'Français', flag: '🇫🇷' },
  { code: 'de', name: 'German', nativeName: 'Deutsch', flag: '🇩🇪' },
  { code: 'es', name: 'Spanish', nativeName: 'Español', flag: '🇪🇸' },
  { code: 'da', name: 'Danish', nativeName: 'Dansk', flag: '🇩🇰' },
];

function setup(current: string | null = 'fr', { languages = LANGUAGES }: { languages?: AnswerLanguage[] | null } = {}) {
  const user = userEvent.setup();
  const onSelect = vi.fn<(code: string) => void>();
  const view = render(<LanguagePicker current={current} onSelect={onSelect} languages={languages ?? undefined} />);
  return { user, onSelect, ...view };
}

const names = () => screen.queryAllByRole('option').map((o) => o.getAttribute('data-code'));
const search = () => screen.getByRole('searchbox', { name: 'Search languages' });
const option = (name: string) => screen.getByRole('option', { name });

/** The picker as a chat keeps it: the pick becomes the current language. */
function Host() {
  const [current, setCurrent] = useState('en');
  return <LanguagePicker current={current} onSelect={setCurrent} languages={LANGUAGES} />;
}

describe('LanguagePicker', () => {
  it('lists the current language first with a tick, the rest by English name, each with its flag; axe-clean', async () => {
    const { container } = setup('fr');
    expect(names()).toEqual(['fr', 'da', 'en', 'de', 'es']);
    const french = option('French Français');
    expect(french.getAttribute('aria-selected')).toBe('true');
    expect(french.textContent).toBe('✓🇫🇷FrenchFrançais');
    expect(screen.getAllByRole('option', { selected: true })).toEqual([french]);
    expect(option('Danish Dansk').textContent).toBe('🇩🇰DanishDansk');
    // A name that is the same in English is said once; the native one is marked with its language.
    expect(option('English').querySelector('[lang]')).toBeNull();
    expect(french.querySelector('[lang="fr"]')?.textContent).toBe('Français');
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it('offers the full list of answer languages by default', () => {
    setup('en', { languages: null });
    expect(names()[0]).toBe('en');
    expect(names().length).toBeGreaterThanOrEqual(40);
    expect(option('Japanese 日本語').getAttribute('aria-selected')).toBe('false');
  });

  it('searches English and native names, case- and accent-insensitively, 300 ms after typing stops', () => {
    // The debounce's clock moves only when the test moves it, so a busy machine can neither make the filter look early
    // nor make a key come late. Keys as change events: user-event awaits a timer of its own after each action
    // (@testing-library/react's asyncWrapper), which a fake clock never fires.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      setup('fr');
      fireEvent.change(search(), { target: { value: 'ESPANO' } });
      act(() => vi.advanceTimersByTime(200));
      fireEvent.change(search(), { target: { value: 'ESPANOL' } });
      expect(names()).toHaveLength(5);
      act(() => vi.advanceTimersByTime(299));
      expect(names()).toHaveLength(5);
      act(() => vi.advanceTimersByTime(1));
      expect(names()).toEqual(['es']);
      fireEvent.change(search(), { target: { value: 'an' } });
      act(() => vi.advanceTimersByTime(300));
      // "Español" matches "an" once the tilde is set aside.
      expect(names()).toEqual(['fr', 'da', 'de', 'es']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when nothing matches', async () => {
    const { user } = setup();
    await user.type(search(), 'klingon');
    await screen.findByRole('heading', { name: 'No matching languages' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('a click picks a language by its code', async () => {
    const { user, onSelect } = setup();
    await user.click(option('German Deutsch'));
    expect(onSelect).toHaveBeenCalledWith('de');
  });

  it('keyboard: ↓ enters at the current language, arrows move, Enter or Space picks, ↑ at the top returns to search', async () => {
    const { user, onSelect } = setup('fr');
    await user.click(search());
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(option('French Français'));
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSelect).toHaveBeenLastCalledWith('en');
    await user.keyboard('{End} ');
    expect(onSelect).toHaveBeenLastCalledWith('es');
    await user.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement).toBe(search());
  });

  it('after a pick, the new language moves to the top with the tick', async () => {
    const user = userEvent.setup();
    render(<Host />);
    expect(names()[0]).toBe('en');
    await user.click(option('Spanish Español'));
    expect(names()).toEqual(['es', 'da', 'en', 'fr', 'de']);
    expect(screen.getAllByRole('option', { selected: true }).map((o) => o.getAttribute('data-code'))).toEqual(['es']);
  });
});
