import { afterAll, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The background project runs its files one after another in a worker (isolate: false, vitest.config.ts), so the
 * packages they load (the server's, for the in-process test server) are loaded once per worker, not once per file.
 * What a file would otherwise have had to itself: our own modules start afresh in each file (their state, such as
 * the session's or the save queue's, is the extension's, kept in module scope), and so does the fake browser.
 * Vitest restores spies after each file itself.
 */
vi.resetModules();

afterAll(() => {
  fakeBrowser.reset();
  // a stand-in some files set on the fake browser, which has no `scripting` of its own
  delete (fakeBrowser as { scripting?: unknown }).scripting;
});
