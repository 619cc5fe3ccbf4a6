import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { applyTheme, readTheme } from '@/components/app/theme';
import { OptionsApp } from '@/components/options/OptionsApp';
import { FakeBackground } from './fake-background';
import { renderWithBackground } from './render';

const root = document.documentElement;

afterEach(() => {
  localStorage.clear();
  delete root.dataset.theme;
});

describe('Appearance: the colour theme', () => {
  test('follows the system by default, and a choice applies at once and is kept for every page', async () => {
    const { user } = renderWithBackground(<OptionsApp />, new FakeBackground({ user: null }));
    const select = (await screen.findByLabelText('Theme')) as HTMLSelectElement;
    expect(select.value).toBe('system');
    expect(root.dataset.theme).toBeUndefined();

    await user.selectOptions(select, 'Dark');
    expect(root.dataset.theme).toBe('dark');
    expect(readTheme()).toBe('dark');

    await user.selectOptions(select, 'Light');
    expect(root.dataset.theme).toBe('light');

    await user.selectOptions(select, 'Same as the system');
    expect(root.dataset.theme).toBeUndefined();
    expect(localStorage.getItem('trove.theme')).toBeNull();
  });

  test('a page opened later starts in the kept theme; a damaged value falls back to the system', () => {
    localStorage.setItem('trove.theme', 'dark');
    applyTheme(readTheme());
    expect(root.dataset.theme).toBe('dark');

    localStorage.setItem('trove.theme', 'sepia');
    expect(readTheme()).toBe('system');
  });
});
