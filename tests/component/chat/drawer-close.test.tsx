/**
 * The chat drawer's close rules: "Closing clears the message context.
 * Closing the Bookmarks panel also clears the selected bookmarks." The message context is the answer a
 * Switch Model / Switch language drawer was opened for; the selected bookmarks are those ticked in the
 * panel and not yet confirmed with Continue (Continue makes them the chat's context, and closes it).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerSwitchAtom, chosenBookmarksAtom, languageAtom } from '@/components/chat/atoms';
import { drawerAtom } from '@/components/chat/drawer-atom';
import { setupFakeProvider } from '../../fake-provider/setup';
import { answersShown } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { drawer, renderPanelWithDrawer } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/** Drags the drawer's handle down by `share` of the window's height and lets go. */
function dragHandleDown(share: number) {
  const handle = screen.getByTestId('drawer-handle');
  const by = window.innerHeight * share;
  fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 100 });
  fireEvent.pointerMove(handle, { pointerId: 1, clientY: 100 + by });
  fireEvent.pointerUp(handle, { pointerId: 1, clientY: 100 + by });
}

describe('Closing the drawer clears the message context', () => {
  it('after Switch Model or Switch language is closed, the pickers change the chat’s defaults, not that answer', async () => {
    const user = await live.signedIn('closectx');
    const panel = await renderPanelWithDrawer(user);
    const { user: ui, store, fake: background } = panel;
    fake.script({ chunks: ['First ', 'answer.'] });
    await panel.ask('What is a tide?');
    await waitFor(() => expect(answersShown()).toEqual(['done: First answer.']));
    const answerOptions = async (item: string) => {
      await ui.click(await screen.findByRole('button', { name: 'Chat options' }));
      await ui.click(
        within(await screen.findByRole('dialog', { name: 'Chat options' })).getByRole('button', { name: item }),
      );
    };
    const settings = async (item: string) => {
      await ui.click(screen.getByRole('button', { name: 'Chat settings' }));
      await ui.click(await screen.findByRole('menuitem', { name: item }));
    };

    // Switch Model, closed by its Close button: AI Models is the chat's own picker again.
    await answerOptions('Switch Model');
    await drawer('Switch Model');
    expect(store.get(answerSwitchAtom)?.message.text).toBe('First answer.');
    await ui.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Switch Model' })).toBeNull();
    expect(store.get(answerSwitchAtom)).toBeNull();
    await settings('AI Models');
    const models = await drawer('AI Models');
    await within(models).findByRole('switch', { name: 'Multi select models' });
    const requests = fake.requests.length;
    await ui.click(await within(models).findByRole('option', { name: /Trove Fast/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'AI Models' })).toBeNull());
    expect(background.calls('selectModel')).toEqual([{ modelId: panel.modelId('Trove Fast'), kind: 'text' }]);

    // Switch language, closed by dragging the handle down: Language sets the chat's language.
    await answerOptions('Switch Language');
    await drawer('Switch language');
    act(() => dragHandleDown(0.35));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Switch language' })).toBeNull());
    expect(store.get(answerSwitchAtom)).toBeNull();
    await settings('Language');
    const languages = await drawer('Language');
    // The Language panel's module is loaded when first opened: its first transform takes seconds on a busy machine.
    await ui.click(await within(languages).findByRole('option', { name: 'French Français' }, { timeout: 15_000 }));
    expect(store.get(languageAtom)).toBe('fr');

    // Neither pick regenerated the answer.
    expect(fake.requests.length).toBe(requests);
    expect(answersShown()).toEqual(['done: First answer.']);
  });
});

describe('Closing the Bookmarks panel clears the selected bookmarks', () => {
  it('what was ticked and not confirmed is dropped; what Continue confirmed stays the chat’s', async () => {
    const user = await live.signedIn('closebm');
    for (const name of ['Travel', 'Work']) await user.call('collections', 'POST', { data: { name } });
    const { user: ui, store } = await renderPanelWithDrawer(user);
    const openBookmarks = async () => {
      act(() => store.set(drawerAtom, 'bookmarks'));
      return drawer('Gems and collections');
    };
    const box = async (panel: HTMLElement, name: string) =>
      (await within(panel).findByRole('checkbox', { name })) as HTMLInputElement;

    let panel = await openBookmarks();
    await ui.click(await box(panel, 'Travel'));
    await ui.click(within(panel).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Gems and collections' })).toBeNull());
    expect(store.get(chosenBookmarksAtom).collections.map((c) => c.name)).toEqual(['Travel']);

    // Ticked, then the drawer closed by its Close button, by Escape, or by dragging the handle down.
    const closes = [
      () => ui.click(within(panel).getByRole('button', { name: 'Close' })),
      () => ui.keyboard('{Escape}'),
      async () => act(() => dragHandleDown(0.35)),
    ];
    for (const close of closes) {
      panel = await openBookmarks();
      expect((await box(panel, 'Travel')).checked).toBe(true);
      await ui.click(await box(panel, 'Work'));
      await ui.click(await box(panel, 'Travel'));
      within(panel).getByText('1 chosen');
      await close();
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Gems and collections' })).toBeNull());
      expect(store.get(chosenBookmarksAtom).collections.map((c) => c.name)).toEqual(['Travel']);
    }
    panel = await openBookmarks();
    expect((await box(panel, 'Travel')).checked).toBe(true);
    expect((await box(panel, 'Work')).checked).toBe(false);
  });
});
