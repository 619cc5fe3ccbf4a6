import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The component project runs its files one after another in a worker (isolate: false, vitest.config.ts), so the
 * packages they load (React, jsdom's document, the fake browser) are loaded once per worker, not once per file. What
 * a file would otherwise have had to itself: our own modules start afresh in each file (their atoms, query clients and
 * caches are module state), and so do the fake browser's storage and tabs and the document's body.
 */
vi.resetModules();

// The machines are shared and 2-core: a find or waitFor gives a busy one 5 s, not the default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.location.hash = '';
  // What a page keeps in the extension's localStorage (theme, whether someone signed in here) starts afresh.
  localStorage.clear();
});

afterAll(() => {
  fakeBrowser.reset();
  sessionStorage.clear();
  document.body.replaceChildren();
});

// The components call these; provide them should the DOM environment lack them.
if (typeof globalThis.crypto?.randomUUID !== 'function') {
  let n = 0;
  Object.defineProperty(globalThis.crypto, 'randomUUID', {
    configurable: true,
    value: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
if (typeof globalThis.requestIdleCallback !== 'function') {
  globalThis.requestIdleCallback = (callback) =>
    setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 0 }), 0) as unknown as number;
  globalThis.cancelIdleCallback = (handle) => clearTimeout(handle);
}
