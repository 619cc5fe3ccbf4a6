import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The React Query keys of the extension's pages have one style: a feature's `queries.ts`, beside its components,
 * holds one key factory (`promptKeys.all`, `promptKeys.list(tab, search)`) and the queries that use it; every other
 * file names a key through a factory, never as an array or a constant of its own.
 */

const ROOT = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}
const files = [...sources('components'), ...sources('entrypoints')].map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), 'utf8'),
}));

/** Each expression a key is given as: `queryKey: …`, and the first argument of the query client's key methods. */
function keyExpressions(text: string): string[] {
  const given = [...text.matchAll(/queryKey:\s*([^,}\n]+)/g)].map((m) => m[1] as string);
  const methods =
    /\.(?:setQueryData|getQueryData|getQueryState|setQueriesData|getQueriesData|removeQueries|resetQueries|cancelQueries|invalidateQueries|refetchQueries)(?:<[^>]*>)?\(\s*([^,)\n{][^,)\n]*)/g;
  return [...given, ...[...text.matchAll(methods)].map((m) => m[1] as string)].map((e) => e.trim());
}

describe('React Query keys', () => {
  it('are named through a factory: never an array literal, a constant of their own or the old `keys` object', () => {
    const spelled = files.flatMap(({ path, text }) =>
      keyExpressions(text)
        .filter((e) => e.startsWith('[') || /^[A-Z][A-Z0-9_]*$/.test(e) || /^keys\./.test(e))
        .map((e) => `${path}: ${e}`),
    );
    expect(spelled).toEqual([]);
  });

  it('are declared only in queries.ts files, one factory each, named <feature>Keys, beside its queries', () => {
    const factories = files.flatMap(({ path, text }) =>
      [...text.matchAll(/export const (\w+) = \{\s*\n?\s*\w+: (?:\[|\()/g)]
        .map((m) => m[1] as string)
        .filter((name) => /keys?$/i.test(name))
        .map((name) => ({ path, name, text })),
    );
    const misplaced = factories
      .filter(({ path, name }) => !path.endsWith('/queries.ts') || !/^[a-z]\w*Keys$/.test(name))
      .map(({ path, name }) => `${path}: ${name}`);
    expect(misplaced).toEqual([]);
    const paths = factories.map((f) => f.path);
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
    const withoutQueries = factories.filter(({ text }) => !/[qQ]ueryOptions\(/.test(text)).map((f) => f.path);
    expect(withoutQueries).toEqual([]);
    expect(factories.length).toBeGreaterThan(8);
  });
});
