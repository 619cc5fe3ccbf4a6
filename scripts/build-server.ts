/**
 * Builds the server into plain JavaScript (`.output/server/`), so `npm start` and `npm run server`
 * run it with node alone: no TypeScript loader in the server process. Packages stay in node_modules
 * (PGlite finds its WASM and data files there); the migrations are copied beside the bundle, where
 * server/db/client.ts looks for them (`./migrations` next to the running module).
 */
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD_DIR = resolve(root, '.output/server');
/** The compiled `server/main.ts`: the server alone. */
export const SERVER_ENTRY = join(SERVER_BUILD_DIR, 'main.js');

export async function buildServer(): Promise<void> {
  rmSync(SERVER_BUILD_DIR, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // the PDF reader's worker (server/services/pdf-read.ts) is a file of its own, beside main.js
    entryPoints: { main: 'server/main.ts', start: 'scripts/start.ts', 'pdf-worker': 'server/services/pdf-worker.ts' },
    outdir: SERVER_BUILD_DIR,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(resolve(root, 'server/db/migrations'), join(SERVER_BUILD_DIR, 'migrations'), { recursive: true });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`Built the server into ${SERVER_BUILD_DIR} in ${Math.round(performance.now() - started)} ms`);
}
