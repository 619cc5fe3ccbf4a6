/**
 * Builds the server into plain JavaScript (`.output/server/`), so `npm start` and `npm run server`
 * run it with node alone: no TypeScript loader in the server process. The packages are bundled in, but for
 * those in `KEPT_IN_NODE_MODULES` (see there); the migrations are copied beside the bundle, where
 * server/db/client.ts looks for them (`./migrations` next to the running module), and so are the API reference
 * page's files (`./api-docs`, see server/http/reference.ts).
 */
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { SWAGGER_UI_FILES } from '../server/http/reference';

const root = fileURLToPath(new URL('..', import.meta.url));
export const SERVER_BUILD_DIR = resolve(root, '.output/server');
/** The compiled `server/main.ts`: the server alone. */
export const SERVER_ENTRY = join(SERVER_BUILD_DIR, 'main.js');

/**
 * Leaves server/v8-flags.ts out (an empty module in its place): V8 then tiers PGlite's WebAssembly up as it
 * runs hot, its default. The flag buys a faster first minute of a long-lived server and costs ~3 s of CPU at
 * each start, which the test suite, starting dozens of short-lived servers on 2 cores, does not want.
 */
const withoutV8Flags: Plugin = {
  name: 'without-v8-flags',
  setup(on) {
    on.onResolve({ filter: /\/v8-flags(\.ts)?$/ }, (args) => ({ path: args.path, namespace: 'without-v8-flags' }));
    on.onLoad({ filter: /.*/, namespace: 'without-v8-flags' }, () => ({ contents: '', loader: 'js' }));
  },
};

/**
 * Packages the bundle loads from node_modules at run time: those that find files of their own beside their code
 * (PGlite's WASM and data files, the extension's archive, tesseract's worker and language data, pdf.js), native
 * addons (argon2), and the large ones only a few servers load, lazily (PostgreSQL's driver, the AWS SDK). Every other
 * package is bundled: loaded from node_modules, a start resolved and read ~1,700 module files one by one (drizzle-orm,
 * undici, zod, nodemailer, hono…), ~1.2 s of CPU at each start.
 */
const KEPT_IN_NODE_MODULES = new Set([
  '@electric-sql/pglite',
  '@electric-sql/pglite-pgvector',
  '@node-rs/argon2',
  'tesseract.js',
  '@tesseract.js-data/eng',
  'unpdf',
  'postgres',
  '@aws-sdk/client-s3',
  'swagger-ui-dist',
]);

const packageOf = (specifier: string) => specifier.split('/', specifier.startsWith('@') ? 2 : 1).join('/');

const packagesKept: Plugin = {
  name: 'packages-kept-in-node-modules',
  setup(on) {
    on.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || KEPT_IN_NODE_MODULES.has(packageOf(args.path))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/**
 * Bundled CommonJS packages call `require` (of Node's modules), which an ES module does not have: each file of the
 * bundle gets one.
 */
const REQUIRE =
  "import { createRequire as __troveRequire } from 'node:module'; const require = __troveRequire(import.meta.url);";

/**
 * Builds into `outDir` (default SERVER_BUILD_DIR; another must be inside the project, where node_modules is found).
 * `v8Flags: false` builds the servers the tests start (tests/server-build-setup.ts): see `withoutV8Flags`.
 */
export async function buildServer(outDir = SERVER_BUILD_DIR, options: { v8Flags?: boolean } = {}): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // the PDF reader (server/features/chat-files/pdf-read.ts) runs as a process of its own, from pdf-worker.js beside main.js
    entryPoints: {
      main: 'server/main.ts',
      start: 'scripts/start.ts',
      'pdf-worker': 'server/features/chat-files/pdf-worker.ts',
      // the text reader of images (server/features/ocr/ocr-read.ts), likewise
      'ocr-worker': 'server/features/ocr/ocr-worker.ts',
    },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    banner: { js: REQUIRE },
    plugins: options.v8Flags === false ? [packagesKept, withoutV8Flags] : [packagesKept],
  });
  cpSync(resolve(root, 'server/db/migrations'), join(outDir, 'migrations'), { recursive: true });
  const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  mkdirSync(join(outDir, 'api-docs'));
  for (const file of SWAGGER_UI_FILES) cpSync(join(swaggerUi, file), join(outDir, 'api-docs', file));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(`Built the server into ${SERVER_BUILD_DIR} in ${Math.round(performance.now() - started)} ms`);
}
