import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

interface Watch {
  callback: IntersectionObserverCallback;
  targets: Element[];
  self: IntersectionObserver;
}

/** jsdom has no IntersectionObserver: this one reports what it watches in view when the test scrolls there. */
const watches = new Set<Watch>();
class TestIntersectionObserver {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  private readonly watch: Watch;
  constructor(callback: IntersectionObserverCallback) {
    this.watch = { callback, targets: [], self: this as unknown as IntersectionObserver };
    watches.add(this.watch);
  }
  observe(target: Element) {
    this.watch.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    watches.delete(this.watch);
  }
  takeRecords() {
    return [];
  }
}

/** Puts the test IntersectionObserver in place for each test of the file (and takes it away after). */
export function setupTestIntersectionObserver() {
  beforeEach(() => vi.stubGlobal('IntersectionObserver', TestIntersectionObserver));
  afterEach(() => {
    vi.unstubAllGlobals();
    watches.clear();
  });
}

/** As if the user scrolled a list to its end: every element watched comes into view. */
export const scrollToEnd = () =>
  act(() => {
    for (const { callback, targets, self } of [...watches])
      callback(
        targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry),
        self,
      );
  });
