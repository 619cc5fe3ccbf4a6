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

/** One build per vitest process, whichever of its projects asks first; removed when the last of them is done. */
interface SharedBuild {
  entry: Promise<string>;
  users: number;
}
const SHARED = Symbol.for('trove.testServerBuild');
const processWide = globalThis as { [SHARED]?: SharedBuild };

/**
 * Global setup of the projects that start the server as a process: builds it once for the run (scripts/build-server.ts,
 * without the V8 flags), so each of the dozens of processes loads one bundle instead of compiling ~200 TypeScript
 * modules through tsx: ~5 s less CPU per start. Built from the sources at each run, so it is never stale. The projects
 * of one vitest process (`npm test` runs component and server in one) share the build: each project loads this file
 * afresh, so the build is kept on `globalThis`; ~4 s of CPU per project saved.
 */
export default async function setup(project: TestProject) {
  // Inside the project, where the bundle finds node_modules; one folder per vitest process, as the lanes build at once.
  const outDir = join(fileURLToPath(new URL('..', import.meta.url)), '.output', `test-server-${process.pid}`);
  processWide[SHARED] ??= {
    entry: buildServer(outDir, { v8Flags: false }).then(() => join(outDir, 'main.js')),
    users: 0,
  };
  const shared = processWide[SHARED];
  shared.users += 1;
  project.provide('testServerEntry', await shared.entry);
  return () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete processWide[SHARED];
    rmSync(outDir, { recursive: true, force: true });
  };
}
