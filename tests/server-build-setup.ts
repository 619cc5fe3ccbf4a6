import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../scripts/build-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server built for this run's server processes (`node <entry>`); see tests/server-entry.ts. */
    testServerEntry?: string;
  }
}

/**
 * Global setup of the projects that start the server as a process: builds it once for the run (scripts/build-server.ts,
 * without the V8 flags), so each of the dozens of processes loads one bundle instead of compiling ~200 TypeScript
 * modules through tsx: ~5 s less CPU per start. Built from the sources at each run, so it is never stale.
 */
export default async function setup(project: TestProject) {
  // Inside the project, where the bundle finds node_modules; one folder per project and run, as they build at once.
  const outDir = join(
    fileURLToPath(new URL('..', import.meta.url)),
    '.output',
    `test-server-${project.name}-${process.pid}`,
  );
  await buildServer(outDir, { v8Flags: false });
  project.provide('testServerEntry', join(outDir, 'main.js'));
  return () => rmSync(outDir, { recursive: true, force: true });
}
