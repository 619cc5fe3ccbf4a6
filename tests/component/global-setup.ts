import type { TestProject } from 'vitest/node';
import { templateDataDir } from '../pglite-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data folder that each live server starts from a copy of (live-server.tsx). */
    pgliteTemplate: string;
  }
}

/** Built once here, in Node, because the component tests run in jsdom, where PGlite is not at home. */
export default async function setup(project: TestProject) {
  project.provide('pgliteTemplate', await templateDataDir());
}
