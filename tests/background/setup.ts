import { fileURLToPath } from 'node:url';
import { afterAll, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * The background project runs its files one after another in a worker (isolate: false, vitest.config.ts), so the
 * packages they load are loaded once per worker, not once per file. What a file would otherwise have had to itself:
 * our extension's modules start afresh in each file (their state, such as the session's or the save queue's, is the
 * extension's, kept in module scope), and so does the fake browser. Vitest restores spies after each file itself.
 *
 * The test server's modules (server/, tests/server/) are kept: the files with the default configuration share their
 * worker's server (tests/server/harness.ts `setupTestServer`, as the server project's files do), which lives in the
 * harness module, instead of each copying a database and starting PGlite (~2 s of CPU a file). A server keeps no
 * state in its modules that a file could see (see the server projects in vitest.config.ts).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const kept = [`${root}server/`, `${root}tests/server/`];

// vi.resetModules() resets every module the worker has evaluated; those set aside here for the call are kept.
const modules = (globalThis as { __vitest_worker__?: { evaluatedModules?: { idToModuleMap?: Map<string, unknown> } } })
  .__vitest_worker__?.evaluatedModules?.idToModuleMap;
if (!modules)
  throw new Error(
    "tests/background/setup.ts: vitest's module map is not where it was (vitest upgraded?); see the file",
  );
const setAside = [...modules].filter(([id]) => kept.some((folder) => id.startsWith(folder)));
for (const [id] of setAside) modules.delete(id);
vi.resetModules();
for (const [id, module] of setAside) modules.set(id, module);

/**
 * A file's extension modules stop with it, as a stopped service worker's do: the timers they set are cleared when the
 * file ends. Left running, they fire in the next file, where those old modules read that file's storage: the save
 * queue's retry (lib/background/saves.ts) sent the next file's queued save a second time, and announced it twice.
 * Only timers set from our extension's code are cleared; the kept test servers' are theirs to keep.
 */
const extensionCode = [`${root}lib/`, `${root}entrypoints/`, `${root}components/`];
const realSetTimeout = globalThis.setTimeout;
const extensionTimers = new Set<ReturnType<typeof setTimeout>>();
globalThis.setTimeout = Object.assign((...args: Parameters<typeof setTimeout>) => {
  const timer = realSetTimeout(...args);
  const caller = new Error().stack?.split('\n')[2] ?? '';
  if (extensionCode.some((folder) => caller.includes(folder))) extensionTimers.add(timer);
  return timer;
}, realSetTimeout);

afterAll(() => {
  globalThis.setTimeout = realSetTimeout;
  for (const timer of extensionTimers) clearTimeout(timer);
  fakeBrowser.reset();
  // a stand-in some files set on the fake browser, which has no `scripting` of its own
  delete (fakeBrowser as { scripting?: unknown }).scripting;
});
