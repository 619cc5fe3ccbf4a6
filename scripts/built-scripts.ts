import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The module graph of a built extension page (`npm run build`'s output), read from its files: what its HTML loads,
 * and what each chunk imports. Paths are relative to the build's folder (`chunks/app-1a2b.js`). Used by
 * scripts/check-bundles.ts (the budgets) and bench/panel-bench.ts (what the side panel loads when it opens).
 */

export const CHROME_BUILD = '.output/chrome-mv3';

const HTML_SCRIPTS = /(?:src|href)="\/([^"]+\.js)"/g;
/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"`, as the bundler writes them. */
const STATIC_IMPORTS = /(?:\bimport|\bexport)\s*(?:[^"';]*?\bfrom\s*)?["']([^"']+\.js)["']/g;
const DYNAMIC_IMPORTS = /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;
/** Any chunk named in a file: imported now, later, or by a worker. */
const ANY_CHUNK = /["'`]\.\/([\w.-]+\.js)["'`]/g;

const read = (file: string, outDir: string) => readFileSync(join(outDir, file), 'utf8');

/** An import's file, as a path in the build: "./x.js" beside `from`, or "/chunks/x.js" from the build's root. */
const resolve = (from: string, spec: string) => (spec.startsWith('/') ? spec.slice(1) : join(dirname(from), spec));

/** The scripts a page's HTML loads before any of them runs: its first script and the chunks it preloads. */
export function firstScripts(page: string, outDir = CHROME_BUILD): string[] {
  return [...read(page, outDir).matchAll(HTML_SCRIPTS)].map((m) => m[1] as string);
}

/** The chunks `file` imports on use (`import("./x.js")`). */
export function dynamicImports(file: string, outDir = CHROME_BUILD): string[] {
  return [...read(file, outDir).matchAll(DYNAMIC_IMPORTS)].map((m) => resolve(file, m[1] as string));
}

function closure(files: string[], edges: (file: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const next = [...files];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...edges(file));
  }
  return seen;
}

/** `files` and every chunk they import statically, recursively: what loads before their code runs. */
export function withStaticImports(files: string[], outDir = CHROME_BUILD): Set<string> {
  return closure(files, (file) =>
    [...read(file, outDir).matchAll(STATIC_IMPORTS)].map((m) => resolve(file, m[1] as string)),
  );
}

/** `files` and every chunk any of them names, recursively: all they may ever load. */
export function withEveryImport(files: string[], outDir = CHROME_BUILD): Set<string> {
  return closure(files, (file) => [...read(file, outDir).matchAll(ANY_CHUNK)].map((m) => resolve(file, `./${m[1]}`)));
}
