import { vi } from 'vitest';

/**
 * The unit project runs its files one after another in a worker (isolate: false, vitest.config.ts), so the packages
 * they load (jsdom, linkedom, the AI SDK, zod) are loaded once per worker, not once per file. What a file would
 * otherwise have had to itself: our own modules start afresh in each file (some keep state in module scope, such as
 * caches). Vitest restores spies after each file itself.
 */
vi.resetModules();
