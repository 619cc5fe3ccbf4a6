import * as nodeModule from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * How a reader process (the PDF reader, pdf-read.ts; the text reader of images, ocr/ocr-read.ts) runs its module
 * `name`, which sits beside the calling module `from` (its import.meta.url). Built (scripts/build-server.ts), that is
 * `name.js` beside the calling chunk. From the sources (vitest, `node --import tsx`), `name.ts`, with Node's own type
 * stripping and source-hooks.ts for our extension-less imports: through tsx's loader the process took twice the CPU
 * (reading one small PDF: 1.24 s against 0.65 s; it also slows the loading of PDF.js's JavaScript). tsx remains for a
 * Node without type stripping or `module.registerHooks` (before 22.15).
 */
export function readerModule(name: string, from: string): { path: string; execArgv: string[] } {
  if (!from.endsWith('.ts')) return { path: fileURLToPath(new URL(`./${name}.js`, from)), execArgv: [] };
  const path = fileURLToPath(new URL(`./${name}.ts`, from));
  const stripsTypes = process.features.typescript === 'strip' && typeof nodeModule.registerHooks === 'function';
  const hooks = stripsTypes
    ? new URL('./source-hooks.ts', import.meta.url).href
    : pathToFileURL(nodeModule.createRequire(import.meta.url).resolve('tsx')).href;
  return { path, execArgv: ['--import', hooks] };
}
