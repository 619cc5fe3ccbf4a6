import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every animation of the extension's styles plays only for people who have not asked the system for less motion:
 * it is declared inside `@media (prefers-reduced-motion: no-preference)`. Transitions of a few colours are allowed
 * anywhere; what moves (`animation`) is not.
 */
const GATE = /@media\s*\(\s*prefers-reduced-motion\s*:\s*no-preference\s*\)\s*\{/;

/** The stylesheet without its reduced-motion blocks (braces matched; our CSS has none in strings or comments). */
function outsideMotionBlocks(css: string): string {
  let rest = css;
  for (let start = rest.search(GATE); start !== -1; start = rest.search(GATE)) {
    let at = rest.indexOf('{', start) + 1;
    for (let depth = 1; depth > 0 && at < rest.length; at += 1) {
      if (rest[at] === '{') depth += 1;
      if (rest[at] === '}') depth -= 1;
    }
    rest = rest.slice(0, start) + rest.slice(at);
  }
  return rest;
}

const cssFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => join(dir, file));

describe('motion in the styles', () => {
  const files = ['assets', 'components', 'entrypoints'].flatMap(cssFiles);

  it('reads the stylesheets (a moved folder would make this test say nothing)', () => {
    expect(files).toContain(join('assets', 'ui.css'));
  });

  it.each(files)('%s animates only with prefers-reduced-motion: no-preference', (file) => {
    const css = readFileSync(file, 'utf8');
    const ungated = outsideMotionBlocks(css)
      .split('\n')
      .filter((line) => /(^|[\s;{])animation(-name)?\s*:(?!\s*none)/.test(line));
    expect(ungated).toEqual([]);
  });
});
