import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The machines are shared and 2-core: a find or waitFor gives a busy one 5 s, not the default 1 s.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  window.location.hash = '';
  // What a page keeps in the extension's localStorage (theme, whether someone signed in here) starts afresh.
  localStorage.clear();
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
