import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeDataDir } from '../data-dirs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** How the data folders of this run's shared worker servers are named (harness.ts `workerServer`). */
    sharedServerPrefix?: string;
  }
}

/**
 * Global setup of the server and background projects: names the data folders of the servers each worker shares
 * between its files (tests/server/harness.ts), and removes them when the run ends. Those servers are never stopped (the
 * workers are ended, not their files), so nothing else would.
 */
export default function setup(project: TestProject) {
  const prefix = `trove-shared-${project.name}-${process.pid}-`;
  project.provide('sharedServerPrefix', prefix);
  return () => {
    for (const name of readdirSync(tmpdir())) if (name.startsWith(prefix)) removeDataDir(join(tmpdir(), name));
  };
}
