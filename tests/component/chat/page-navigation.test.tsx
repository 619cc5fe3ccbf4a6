import { act, screen, waitFor, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { followTabsItem } from '@/components/chat/page/follow-tabs';
import { PageChip } from '@/components/chat/page/PageChip';
import { usePanelPage } from '@/components/chat/page/use-panel-page';
import { FakeBackground } from '../fake-background';
import { makePage } from '../fixtures';
import { renderWithBackground } from '../render';

const TIDES = 'https://a.example/tides?port=brest';

function PanelPage() {
  return <PageChip attached={usePanelPage()} contentLength={null} followTabs={false} />;
}

const chip = () => screen.getByRole('region', { name: 'Page in this chat' });

let tabId: number;

/** The panel open on a tab showing "Tide tables" at TIDES. */
async function openPanel() {
  tabId = (await fakeBrowser.tabs.create({ url: TIDES, active: true })).id as number;
  const page = makePage({ tabId, url: TIDES, title: 'Tide tables' });
  renderWithBackground(
    <Provider store={createStore()}>
      <PanelPage />
    </Provider>,
    new FakeBackground({ activePage: page }),
  );
  await waitFor(() => expect(chip().getAttribute('data-state')).toBe('attached'));
}

/**
 * What the browser tells the panel about the tab: `change`, with the tab now at `url` (undefined: an
 * address the panel may not see, as after the tab left the site it was allowed to read).
 */
async function browserSends(change: { url?: string; status?: 'loading' | 'complete' }, url: string | undefined) {
  const tab = { ...(await fakeBrowser.tabs.get(tabId)), url };
  await act(() => fakeBrowser.tabs.onUpdated.trigger(tabId, change, tab));
}

/** Lets the panel finish what the browser's event started (its handlers chain promises, no timers). */
const settled = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

function expectStillAttached() {
  expect(within(chip()).queryByRole('status')).toBeNull();
  expect(chip().getAttribute('data-state')).toBe('attached');
  expect(chip().textContent).toContain('Tide tables');
}

beforeEach(async () => {
  fakeBrowser.reset();
  // Not following the active tab (the default), said here: a file run before this one in the worker may have left it
  // on, and following reads the new page at once instead of offering it.
  await followTabsItem.setValue(false);
  await fakeBrowser.windows.create({ focused: true });
});

describe('The page chip when the attached tab changes address', () => {
  it('stays attached when the user follows an #anchor link on the page, and again to another anchor', async () => {
    await openPanel();
    await browserSends({ status: 'loading', url: `${TIDES}#high-water` }, `${TIDES}#high-water`);
    await browserSends({ status: 'complete' }, `${TIDES}#high-water`);
    await browserSends({ url: `${TIDES}#low-water` }, `${TIDES}#low-water`);
    await settled();
    expectStillAttached();
  });

  it('stays attached when the page is reloaded', async () => {
    await openPanel();
    await browserSends({ status: 'loading' }, TIDES);
    await browserSends({ status: 'complete' }, TIDES);
    await settled();
    expectStillAttached();
  });

  it('offers the new page when a link goes to another page of the site', async () => {
    await openPanel();
    await browserSends({ status: 'loading', url: 'https://a.example/harbour#map' }, 'https://a.example/harbour#map');
    const offer = await within(chip()).findByRole('status');
    expect(offer.textContent).toContain('This tab went to another page.');
    expect(chip().getAttribute('data-state')).toBe('held');
  });

  it('offers the new page when the tab goes to another site (whose address the panel may not see)', async () => {
    await openPanel();
    await browserSends({ status: 'loading' }, undefined);
    const offer = await within(chip()).findByRole('status');
    expect(offer.textContent).toContain('This tab went to another page.');
  });

  it('offers the new page when a load that began as a reload ends on another address', async () => {
    await openPanel();
    await browserSends({ status: 'loading' }, TIDES);
    await browserSends({ status: 'complete' }, 'https://a.example/harbour');
    const offer = await within(chip()).findByRole('status');
    expect(offer.textContent).toContain('This tab went to another page.');
  });
});
