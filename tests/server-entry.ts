import { inject } from 'vitest';
import { BASELINE_WASM_ONLY } from './server-process';

/** The server this run built (tests/server-build-setup.ts), if the project has that setup. */
export const builtServerEntry = (): string | undefined => inject('testServerEntry');

/**
 * What a test's server process runs: the server this run built, or, in a project without that setup, the TypeScript
 * sources through tsx; PGlite's WebAssembly as baseline code only (tests/server-process.ts says why).
 */
export function testServerArgs(): string[] {
  const entry = builtServerEntry();
  return [BASELINE_WASM_ONLY, ...(entry ? [entry] : ['--import', 'tsx', 'server/main.ts'])];
}
