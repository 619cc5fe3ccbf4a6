import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isStopWord } from '../server/features/search/stopwords';

/**
 * The search benches' vocabulary: real English, as technical pages write it, most frequent first. Made once from the
 * READMEs of the packages this project installs (`npx tsx bench/search-words.ts --make`) and kept, so a seed is the
 * same on every machine. Stop words are left out (a search drops them), and so are the words the seeded addresses are
 * made of (search-bench.ts), which would match every gem by its address.
 */
const FILE = join(import.meta.dirname, 'search-words.txt');
const ADDRESS_WORDS = new Set(['https', 'http', 'www', 'docs', 'blog', 'site', 'example']);

export const readSearchWords = (): string[] => readFileSync(FILE, 'utf8').split('\n').filter(Boolean);

/** A README's prose: without its code, HTML, addresses and link targets. */
const prose = (markdown: string) =>
  markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/<[^>\n]*>/g, ' ')
    .replace(/\]\([^)\n]*\)/g, ' ')
    .replace(/\b[a-z]+:\/\/\S+/gi, ' ');

function makeSearchWords() {
  const counts = new Map<string, number>();
  const readmes = (dir: string, depth: number): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return depth > 0 && entry.name !== '.bin' ? readmes(path, depth - 1) : [];
      return /^readme\.md$/i.test(entry.name) ? [path] : [];
    });
  for (const file of readmes(join(import.meta.dirname, '..', 'node_modules'), 2))
    for (const word of prose(readFileSync(file, 'utf8'))
      .toLowerCase()
      .split(/[^a-z]+/))
      if (word.length >= 3 && word.length <= 14 && !isStopWord(word) && !ADDRESS_WORDS.has(word))
        counts.set(word, (counts.get(word) ?? 0) + 1);
  const words = [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([word]) => word);
  writeFileSync(FILE, `${words.join('\n')}\n`);
  console.log(`${words.length} words (of ${counts.size}) in ${FILE}`);
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--make')) makeSearchWords();
