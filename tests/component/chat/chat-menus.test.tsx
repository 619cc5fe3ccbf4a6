import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SettingsMenu } from '@/components/chat/menus/SettingsMenu';
import { type ShareActions, ShareMenu } from '@/components/chat/menus/ShareMenu';
import { CHAT_SETTINGS_DEFAULTS } from '@/lib/api/ai-contract';

type SettingsProps = Parameters<typeof SettingsMenu>[0];

async function openSettings(over: Partial<SettingsProps> = {}) {
  const user = userEvent.setup();
  const props: SettingsProps = {
    flags: CHAT_SETTINGS_DEFAULTS,
    onFlagChange: vi.fn(),
    multi: false,
    mode: 'chat',
    onOpenDrawer: vi.fn(),
    onOpenAiSettings: vi.fn(),
    onReportIssue: vi.fn(),
    ...over,
  };
  render(<SettingsMenu {...props} />);
  await user.click(screen.getByRole('button', { name: 'Chat settings' }));
  const menu = await screen.findByRole('menu', { name: 'Chat settings' });
  const items = [...menu.querySelectorAll('[role="menuitem"], [role="menuitemcheckbox"]')].map((item) =>
    item.textContent?.replace('✓', '').trim(),
  );
  return { user, props, menu, items };
}

describe('Chat Settings menu', () => {
  it('lists the items in the spec’s order', async () => {
    const { items } = await openSettings({ pageGem: true });
    expect(items).toEqual([
      'Edit Gem',
      'AI settings',
      'AI Models',
      'Brand voices',
      'Agents',
      'Language',
      'Memory',
      'Chat history',
      'Cost Estimate',
      'Enable Memory',
      'Streaming',
      'Follow up Questions',
      'Show Citations',
      'Keyboard shortcuts',
      'Report issue',
    ]);
  });

  it('offers Edit Gem only when a gem is attached to the chat', async () => {
    const { items } = await openSettings();
    expect(items).not.toContain('Edit Gem');
  });

  it('hides Streaming with several models, and what the spec hides in the ai-writer type', async () => {
    expect((await openSettings({ multi: true })).items).not.toContain('Streaming');
    document.body.innerHTML = '';
    const { items } = await openSettings({ mode: 'ai-writer' });
    for (const hidden of ['Report issue', 'Follow up Questions', 'Show Citations', 'Chat history', 'Cost Estimate'])
      expect(items).not.toContain(hidden);
    expect(items).toContain('Enable Memory');
  });

  it('a checkbox shows the saved flag and asks to change it; Report issue is shown as danger', async () => {
    const { user, props, menu } = await openSettings({ flags: { ...CHAT_SETTINGS_DEFAULTS, showCitations: true } });
    const citations = within(menu).getByRole('menuitemcheckbox', { name: 'Show Citations' });
    expect(citations.getAttribute('aria-checked')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Report issue' }).className).toMatch(/danger/);
    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Cost Estimate' }));
    expect(props.onFlagChange).toHaveBeenCalledWith('costEstimate', !CHAT_SETTINGS_DEFAULTS.costEstimate);
  });

  it('opens the chosen panel of the drawer', async () => {
    const { user, props, menu } = await openSettings();
    await user.click(within(menu).getByRole('menuitem', { name: 'Keyboard shortcuts' }));
    expect(props.onOpenDrawer).toHaveBeenCalledWith('shortcuts');
  });
});

describe('Share Options', () => {
  const actions = (): ShareActions => ({
    invite: vi.fn(),
    duplicate: vi.fn(),
    generateSteps: vi.fn(),
    createPrompt: vi.fn(),
    exportAs: vi.fn(),
    copy: vi.fn(),
  });

  it('lists Invite Other first, then the spec’s items, and each does its job', async () => {
    const user = userEvent.setup();
    const share = actions();
    render(<ShareMenu actions={share} disabled={false} busy={false} />);
    await user.click(screen.getByRole('button', { name: 'Share options' }));
    const menu = await screen.findByRole('menu', { name: 'Share options' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Invite Other',
      'Duplicate chat',
      'Auto generate steps from current conversation',
      'Create prompt from current conversation',
      'Export markdown',
      'Export JSON',
      'Export text',
      'Copy text',
    ]);
    await user.click(within(menu).getByRole('menuitem', { name: 'Export text' }));
    expect(share.exportAs).toHaveBeenCalledWith('text');
    await user.click(screen.getByRole('button', { name: 'Share options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Invite Other' }));
    expect(share.invite).toHaveBeenCalledOnce();
  });

  it('while an answer streams, keeps Duplicate chat and Auto generate steps waiting, and says why', async () => {
    const user = userEvent.setup();
    const share = actions();
    render(<ShareMenu actions={share} disabled={false} busy />);
    await user.click(screen.getByRole('button', { name: 'Share options' }));
    const menu = await screen.findByRole('menu', { name: 'Share options' });
    for (const name of ['Duplicate chat', 'Auto generate steps from current conversation']) {
      const item = within(menu).getByRole('menuitem', { name }) as HTMLButtonElement;
      expect(item.disabled).toBe(true);
      expect(item.title).toBe('Wait for the answer or stop it');
    }
    await user.click(within(menu).getByRole('menuitem', { name: 'Auto generate steps from current conversation' }));
    expect(share.generateSteps).not.toHaveBeenCalled();
    expect((within(menu).getByRole('menuitem', { name: 'Export text' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('is not offered before the chat exists (nothing to share)', () => {
    render(<ShareMenu actions={actions()} disabled busy={false} />);
    expect(screen.queryByRole('button', { name: 'Share options' })).toBeNull();
  });
});
