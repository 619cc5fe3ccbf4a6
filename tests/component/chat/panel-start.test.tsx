/**
 * How the side panel's page starts: its HTML composer has the focus from the first frame (not the page's body), the
 * real composer keeps it, and React is loaded even when the page is hidden (a panel reloaded in a background tab
 * draws no frame, so waiting for one kept it on "Opening the chat…").
 */
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { afterFirstFrame } from '@/components/app/after-first-frame';
import { SHELL_COMPOSER_SELECTOR, takeComposer, wireShellComposer } from '@/components/chat/composer/composer-handover';
import { PanelSkeleton } from '@/components/chat/PanelSkeleton';
import { loadPageHtml } from '../page-html';

const setVisibility = (state: DocumentVisibilityState) =>
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });

afterEach(() => {
  document.body.innerHTML = '';
  setVisibility('visible');
  vi.restoreAllMocks();
});

describe('the side panel opening', () => {
  test('its HTML composer has the focus, and React’s composer keeps it', () => {
    loadPageHtml('sidepanel');
    wireShellComposer();
    expect(document.activeElement).toBe(document.querySelector(SHELL_COMPOSER_SELECTOR));
    render(
      <Provider>
        <PanelSkeleton />
      </Provider>,
    );
    expect(document.activeElement?.id).toBe('composer-input');
  });

  test('a composer drawn with nothing focused takes the focus', () => {
    // What the test before left on unmounting is not this panel's.
    takeComposer();
    render(
      <Provider>
        <PanelSkeleton />
      </Provider>,
    );
    expect(document.activeElement?.id).toBe('composer-input');
  });

  test('a hidden page, which draws no frame, starts at once; a visible one after its first frame', async () => {
    // The browser draws no frame for a hidden page: its animation frames wait.
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    setVisibility('hidden');
    const hiddenStart = vi.fn();
    afterFirstFrame(hiddenStart);
    await vi.waitFor(() => expect(hiddenStart).toHaveBeenCalledTimes(1));
    expect(frames).toHaveLength(0);

    setVisibility('visible');
    const visibleStart = vi.fn();
    afterFirstFrame(visibleStart);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(visibleStart).not.toHaveBeenCalled();
    for (const frame of frames.splice(0)) frame(0);
    await vi.waitFor(() => expect(visibleStart).toHaveBeenCalledTimes(1));
  });

  test('a page hidden before its first frame starts then', async () => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    const start = vi.fn();
    afterFirstFrame(start);
    setVisibility('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(start).toHaveBeenCalledTimes(1));
  });
});
