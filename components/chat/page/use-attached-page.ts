import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import type { ActivePage } from '@/lib/messaging/types';
import { errorMessage, unwrap, useBackground } from '../../app/background-context';
import { followTabsItem } from './follow-tabs';

/** The tab the panel was opened for: `?tabId=` (a panel opened as a page), else the window's active tab. */
async function initialTabId(): Promise<number | undefined> {
  const fromUrl = Number(new URLSearchParams(location.search).get('tabId'));
  if (Number.isInteger(fromUrl) && fromUrl > 0) return fromUrl;
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

const ownPage = (url: string | undefined) => !!url && url.startsWith(browser.runtime.getURL('/'));

const withoutFragment = (url: string) => url.split('#')[0];

/**
 * Whether a tab update took the tab away from the page at `pageUrl`. A jump to an #anchor or a reload
 * is the same page. A load that starts may be a reload: the address it goes to, or the one it ends on,
 * says. Without host permission the browser hides the address once the tab leaves the page's site, so a
 * hidden address is a move.
 */
function leftPage(change: { url?: string; status?: string }, tabUrl: string | undefined, pageUrl: string) {
  if (change.url) return withoutFragment(change.url) !== withoutFragment(pageUrl);
  if (change.status !== 'loading' && change.status !== 'complete') return false;
  if (!tabUrl) return true;
  return change.status === 'complete' && withoutFragment(tabUrl) !== withoutFragment(pageUrl);
}

export type PageOffer = { tabId: number; reason: 'switched' | 'navigated' };

/**
 * The page the chat is about. It belongs to the tab it was read from: when the user switches tab or
 * the page navigates, `offer` says so and the page is held back (nothing is sent about a page the user
 * left) until they `accept` the new one or `keep` the old one. With "Follow the active tab" on (and
 * its host permission granted), the new tab is read at once instead: visibly, never silently.
 */
export function useAttachedPage() {
  const background = useBackground();
  const [page, setPage] = useState<ActivePage | null>(null);
  const [reading, setReading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [offer, setOffer] = useState<PageOffer | null>(null);
  // The tab read last, also when it could not be read (then `page` is null).
  const [readTabId, setReadTabId] = useState<number | null>(null);

  const read = useCallback(
    async (tabId: number | undefined) => {
      setReadTabId(tabId ?? null);
      setReading(true);
      setProblem(null);
      try {
        setPage(unwrap(await background.getActivePage({ tabId })));
      } catch (error) {
        setPage(null);
        setProblem(
          `Trove can't read this tab yet (${errorMessage(error)}). Click the Trove button on the page, or turn on "Follow the active tab".`,
        );
      } finally {
        setReading(false);
      }
    },
    [background],
  );

  useEffect(() => {
    void initialTabId().then(read);
  }, [read]);

  const moved = useCallback(
    async (next: PageOffer) => {
      if (await followTabsItem.getValue()) {
        setOffer(null);
        await read(next.tabId);
      } else setOffer(next);
    },
    [read],
  );

  // A layout effect: the listeners follow the page in the same commit that shows it, so a navigation that comes
  // right after the page is shown is never heard by the listeners of the page before (a passive effect may run later).
  useLayoutEffect(() => {
    const attachedTab = page?.tabId;
    const onActivated = async ({ tabId }: { tabId: number }) => {
      if (tabId === attachedTab) return setOffer(null);
      // The panel shown as a tab of its own: Chromium may hide its address too (no "tabs" permission).
      const own = await browser.tabs.getCurrent().catch(() => undefined);
      if (own?.id === tabId && !own.url?.startsWith('http')) return;
      const tab = await browser.tabs.get(tabId).catch(() => null);
      if (tab && !ownPage(tab.url)) await moved({ tabId, reason: 'switched' });
    };
    const onUpdated = (tabId: number, change: { url?: string; status?: string }, tab?: { url?: string }) => {
      if (tabId !== attachedTab || !page) return;
      if (leftPage(change, tab?.url, page.url)) void moved({ tabId, reason: 'navigated' });
    };
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => {
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
    };
  }, [page, moved]);

  const keep = useCallback(() => setOffer(null), []);
  const offerTab = useCallback((tabId: number) => moved({ tabId, reason: 'switched' }), [moved]);

  const accept = useCallback(async () => {
    if (!offer) return;
    setOffer(null);
    await read(offer.tabId);
  }, [offer, read]);

  return {
    page,
    /** The tab the chat is about: the page's, or the one that could not be read. */
    tabId: page?.tabId ?? readTabId,
    reading,
    problem,
    offer,
    accept,
    keep,
    /**
     * Offers the switch to another tab of the window as if the user had switched to it (followed at once when
     * following).
     */
    offerTab,
    /**
     * Read again after the user allowed reading tabs ("Follow the active tab" turned on): the tab offered,
     * as following takes it, else the tab the chat is about, also one that could not be read.
     */
    reread: () => (offer ? accept() : read(page?.tabId ?? readTabId ?? undefined)),
    /** What is sent with a question: nothing while a move is offered or the page could not be read. */
    sendable: offer || !page?.extract ? null : page,
  };
}
