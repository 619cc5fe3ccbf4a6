import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Tabs } from '@/components/ui/Tabs';

const TABS = [
  { id: 'sign-in', label: 'Sign in', content: <input aria-label="Email" /> },
  { id: 'create', label: 'Create account', content: <p>Pick a password</p> },
  { id: 'server', label: 'Server', content: <p>Server address</p> },
];

function setup() {
  const user = userEvent.setup();
  const onSelect = vi.fn();
  render(
    <>
      <button type="button">Before</button>
      <Tabs label="Account" tabs={TABS} onSelect={onSelect} />
    </>,
  );
  return { user, onSelect, tab: (name: string) => screen.getByRole('tab', { name }) };
}

/** The selected tab, checked against the one rendered panel it controls. */
function selectedTab() {
  const selected = screen.getAllByRole('tab').filter((t) => t.getAttribute('aria-selected') === 'true');
  expect(selected).toHaveLength(1);
  const tab = selected[0] as HTMLElement;
  const panel = screen.getByRole('tabpanel');
  expect(tab.getAttribute('aria-controls')).toBe(panel.id);
  expect(panel.getAttribute('aria-labelledby')).toBe(tab.id);
  for (const other of screen.getAllByRole('tab'))
    if (other !== tab) expect(other.hasAttribute('aria-controls')).toBe(false);
  return tab.textContent;
}

describe('Tabs', () => {
  it('is one tab stop: Tab enters on the selected tab, the next Tab goes into its panel', async () => {
    const { user, tab } = setup();
    const tabs = within(screen.getByRole('tablist', { name: 'Account' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(TABS.map((t) => t.label));
    expect(selectedTab()).toBe('Sign in');
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(tab('Sign in'));
    expect(tab('Create account').tabIndex).toBe(-1);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Email' }));
    expect(screen.getByRole('tabpanel').contains(document.activeElement)).toBe(true);
  });

  it('→/← move focus and select (wrapping at the ends); Home/End go to the first/last tab', async () => {
    const { user, tab, onSelect } = setup();
    await user.click(tab('Sign in'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Create account'));
    expect(selectedTab()).toBe('Create account');
    expect(screen.getByRole('tabpanel').textContent).toBe('Pick a password');
    expect(tab('Create account').tabIndex).toBe(0);
    expect(tab('Sign in').tabIndex).toBe(-1);

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(selectedTab()).toBe('Sign in');
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Server'));
    expect(selectedTab()).toBe('Server');

    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Sign in'));
    expect(selectedTab()).toBe('Sign in');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Server'));
    expect(selectedTab()).toBe('Server');
    expect(onSelect).toHaveBeenLastCalledWith('server');
  });

  it('a click selects a tab', async () => {
    const { user, tab } = setup();
    await user.click(tab('Server'));
    expect(selectedTab()).toBe('Server');
  });
});
