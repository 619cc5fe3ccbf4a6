import type { TestProject } from 'vitest/node';
import { startLiveServer } from './live-server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The address of the live server shared by the files that need no settings of their own (live-server.tsx). */
    sharedLiveServer: string;
  }
}

/**
 * One live server for every component file that calls `setupLiveServer()` without settings of its own: each test signs
 * up users of its own, so the files share it (at once, from both workers) instead of each starting one (~5 s of CPU a
 * start). Runs after the template and the server build (the project's global setups before it).
 */
export default async function setup(project: TestProject) {
  const { pgliteTemplate, testServerEntry } = project.getProvidedContext();
  const live = await startLiveServer(pgliteTemplate, testServerEntry);
  project.provide('sharedLiveServer', live.server.url);
  return () => live.close();
}
