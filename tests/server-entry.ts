import { inject } from 'vitest';

/**
 * What a test's server process runs: the server this run built (tests/server-build-setup.ts), or, in a project
 * without that setup, the TypeScript sources through tsx (tests/server-process.ts's default).
 */
export function testServerArgs(): string[] | undefined {
  const entry = inject('testServerEntry');
  return entry ? [entry] : undefined;
}
