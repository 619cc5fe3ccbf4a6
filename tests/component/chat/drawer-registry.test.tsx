/**
 * The drawer's panels are listed once, in drawer-registry.ts: the menus that open them list what the registry places
 * in them, in its order, and each opens the drawer under the title the registry gives it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { attachMenuItems, drawerTitle, settingsMenuItems } from '@/components/chat/drawer-registry';
import { setupFakeProvider } from '../../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { drawer, renderPanelWithDrawer } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

type Ui = Awaited<ReturnType<typeof renderPanelWithDrawer>>['user'];

/** Opens the menu behind `trigger` and returns the labels of its items. */
async function menuLabels(ui: Ui, trigger: string) {
  await ui.click(screen.getByRole('button', { name: trigger }));
  const menu = await screen.findByRole('menu', { name: trigger });
  return [...menu.querySelectorAll('[role="menuitem"]')].map((item) => item.textContent);
}

/** Chooses `label` in the menu behind `trigger`, checks the drawer opens under `title`, and closes it. */
async function opensUnder(ui: Ui, trigger: string, label: string, title: string) {
  await ui.click(screen.getByRole('button', { name: trigger }));
  await ui.click(await screen.findByRole('menuitem', { name: label }));
  const panel = await drawer(title);
  await ui.click(within(panel).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: title })).toBeNull());
}

const titles = { tool: 'chat', switching: false } as const;

describe('The drawer registry', () => {
  it('Chat settings lists the panels the registry places in it, and each opens under its title', async () => {
    const user = await live.signedIn('drawerreg');
    const { user: ui } = await renderPanelWithDrawer(user);
    // No gem is saved for the page: Edit Gem is not offered.
    const items = (group: 'lead' | 'top' | 'end') => settingsMenuItems(group, { writer: false, pageGem: false });
    const panels = [...items('lead'), ...items('top'), ...items('end')];
    const labels = (group: 'lead' | 'top' | 'end') => items(group).map((item) => item.label);
    expect(await menuLabels(ui, 'Chat settings')).toEqual([
      ...labels('lead'),
      'AI settings',
      ...labels('top'),
      ...labels('end'),
      'Report issue',
    ]);
    expect(panels.map((item) => item.name)).not.toContain('edit-gem');
    await ui.keyboard('{Escape}');
    for (const { name, label } of panels) await opensUnder(ui, 'Chat settings', label, drawerTitle(name, titles));
  });

  it('the Attach menu lists the panels the registry places in it, and each opens under its title', async () => {
    const user = await live.signedIn('attachreg');
    const { user: ui } = await renderPanelWithDrawer(user);
    const top = attachMenuItems('top');
    const end = attachMenuItems('end');
    // The default house model takes files: Upload from device sits between the two parts.
    expect(await menuLabels(ui, 'Attach')).toEqual([
      ...top.map((item) => item.label),
      'Upload from device',
      ...end.map((item) => item.label),
    ]);
    await ui.keyboard('{Escape}');
    for (const { name, label } of [...top, ...end]) await opensUnder(ui, 'Attach', label, drawerTitle(name, titles));
  });
});
