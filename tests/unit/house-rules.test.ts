import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';

// The repeats issue 28 removed, kept out: each rule lists the files (and lines) that break it.
const root = join(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', '.git', '.output', '.wxt', 'test-output', 'dist']);

function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : filesUnder(path);
    return /\.(ts|tsx|mts|js|mjs|css|html|md|json|sh)$/.test(entry.name) ? [path] : [];
  });
}

/** `file:line` of every match of `pattern` (a global regex) in the files. */
function matches(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    return [...text.matchAll(pattern)].map(
      (m) => `${relative('.', file)}:${text.slice(0, m.index).split('\n').length}`,
    );
  });
}

const code = ['server', 'lib', 'components', 'entrypoints', 'scripts'].flatMap(filesUnder);
const tests = filesUnder('tests');

describe('house rules', () => {
  test('comments point to the README or the code, not to a document outside the repository', () => {
    const everything = [...code, ...tests, ...filesUnder('bench'), 'README.md'];
    expect(matches(everything, /spec \u00a7/gi)).toEqual([]);
  });

  test('an assertion on a getBy/findBy says something (a bare getBy already throws when nothing is found)', () => {
    const bare =
      /expect\((?:(?!expect\()[^;])*?\b(?:get|getAll|find|findAll)By\w+\((?:(?!\)\.|expect\()[^;])*?\),?\s*\)\s*\.(?:toBeTruthy|toBeDefined)\(\)/g;
    expect(matches(tests, bare)).toEqual([]);
  });

  test('an http(s) address is recognised by isWebAddress (lib/api/web-address.ts) only', () => {
    const others = code.filter((file) => file !== join('lib', 'api', 'web-address.ts'));
    expect(matches(others, /\/\^https\?:/g)).toEqual([]);
  });

  test("the contract's own modules import each feature's schemas, not lib/api/contract.ts, which gathers them all", () => {
    // A route importing the gathering module would bring every feature's schemas into each page that calls it (the
    // library's first screen among them: scripts/check-bundles.ts).
    const api = code.filter((file) => file.startsWith(join('lib', 'api')));
    expect(matches(api, /from '\.{1,2}\/contract'/g)).toEqual([]);
  });

  test('errors naming request fields are built by fieldError/fieldErrors (server/http/errors.ts)', () => {
    const server = code.filter((file) => file.startsWith('server') && file !== join('server', 'http', 'errors.ts'));
    expect(matches(server, /new ApiError\([^;]*?\berrors\b/g)).toEqual([]);
  });
});
