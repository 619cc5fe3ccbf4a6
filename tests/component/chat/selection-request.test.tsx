import { screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider, useAtomValue } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { draftAtom } from '@/components/chat/atoms';
import { followTabsItem } from '@/components/chat/page/follow-tabs';
import { PageChip } from '@/components/chat/page/PageChip';
import { usePanelPage } from '@/components/chat/page/use-panel-page';
import { addChatRequest } from '@/lib/chat/chat-requests';
import { FakeBackground } from '../fake-background';
import { makePage } from '../fixtures';
import { renderWithBackground } from '../render';

/** The side panel's page chip and composer text, as ChatPanel wires them. */
function PanelPage() {
  const attached = usePanelPage();
  const draft = useAtomValue(draftAtom);
  return (
    <>
      <PageChip attached={attached} contentLength={null} followTabs={false} />
      <textarea aria-label="Message" value={draft} readOnly />
    </>
  );
}

const composer = () => (screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value;
const chip = () => screen.getByRole('region', { name: 'Page in this chat' });

let tabA: number;
let background: FakeBackground;

/** The panel open on tab A ("Tide tables"); tab B ("Harbour map") not yet opened. */
async function openPanelOnA() {
  tabA = (await fakeBrowser.tabs.create({ url: 'https://a.example/tides', active: true })).id as number;
  background = new FakeBackground({ activePage: makePage({ tabId: tabA, title: 'Tide tables' }) });
  const rendered = renderWithBackground(
    <Provider store={createStore()}>
      <PanelPage />
    </Provider>,
    background,
  );
  await waitFor(() => expect(chip().textContent).toContain('Tide tables'));
  return rendered;
}

/** The user goes to tab B (the panel stays open, one per window) and asks about a selection there. */
async function askOnTabB(quote: string) {
  // The background reads whichever page it is given: B's, from the moment B is the active tab.
  background.state.activePage = makePage({ tabId: tabA + 1, title: 'Harbour map' });
  const tabB = (await fakeBrowser.tabs.create({ url: 'https://b.example/map', active: true })).id as number;
  expect(tabB).toBe(tabA + 1);
  // What the background stores for the panel (sidePanel.open itself is the browser's: the panel is already open).
  await addChatRequest({ tabId: tabB, quote });
}

beforeEach(async () => {
  fakeBrowser.reset();
  // The panel's window: the one tabs are opened in and "currentWindow" names.
  await fakeBrowser.windows.create({ focused: true });
});

describe('"Ask about the selection"', () => {
  it("opening the panel on the selection's tab puts the quote in the composer", async () => {
    const tab = (await fakeBrowser.tabs.create({ url: 'https://a.example/tides', active: true })).id as number;
    await addChatRequest({ tabId: tab, quote: 'Spring tides\nNeap tides' });
    renderWithBackground(
      <Provider store={createStore()}>
        <PanelPage />
      </Provider>,
      new FakeBackground({ activePage: makePage({ tabId: tab, title: 'Tide tables' }) }),
    );
    await waitFor(() => expect(composer()).toBe('> Spring tides\n> Neap tides\n\n'));
    expect(within(chip()).queryByRole('status')).toBeNull();
  });
});

describe('"Ask about the selection" on another tab while the panel is open', () => {
  it('offers the switch to that tab and puts the quote in the composer once the user takes it', async () => {
    const { user } = await openPanelOnA();
    await askOnTabB('High tide at six');

    const offer = await within(chip()).findByRole('status');
    expect(offer.textContent).toContain('You switched to another tab.');
    await waitFor(() =>
      expect(offer.textContent).toContain(
        'The selection you asked about goes in the message box when you use this page.',
      ),
    );
    expect(composer()).toBe('');
    await user.click(within(offer).getByRole('button', { name: 'Use this page' }));
    await waitFor(() => expect(composer()).toBe('> High tide at six\n\n'));
    expect(chip().textContent).toContain('Harbour map');
  });

  it('offers the switch again after the old page was kept, and drops the quote if it is kept again', async () => {
    const { user } = await openPanelOnA();
    await fakeBrowser.tabs.create({ url: 'https://b.example/map', active: true });
    await user.click(await screen.findByRole('button', { name: 'Keep the old page' }));
    await waitFor(() => expect(within(chip()).queryByRole('status')).toBeNull());

    const [tab] = await fakeBrowser.tabs.query({ active: true });
    background.state.activePage = makePage({ tabId: tab?.id as number, title: 'Harbour map' });
    await addChatRequest({ tabId: tab?.id as number, quote: 'Low tide at noon' });
    await user.click(await within(chip()).findByRole('button', { name: 'Keep the old page' }));
    await waitFor(() => expect(within(chip()).queryByRole('status')).toBeNull());
    expect(composer()).toBe('');
    expect(chip().textContent).toContain('Tide tables');
  });

  it('with "Follow the active tab" on, the quote is in the composer at once', async () => {
    await followTabsItem.setValue(true);
    await openPanelOnA();
    await askOnTabB('Harbour entrance');
    await waitFor(() => expect(composer()).toBe('> Harbour entrance\n\n'));
    expect(chip().textContent).toContain('Harbour map');
  });
});
