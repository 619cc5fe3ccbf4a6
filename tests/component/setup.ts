import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  window.location.hash = '';
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
