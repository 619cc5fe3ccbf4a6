import { readFileSync } from 'node:fs';

/**
 * Prints the test files of a run by CPU, from the lines TROVE_TEST_CPU=<file> wrote (tests/cpu-per-file.ts):
 *   TROVE_TEST_CPU=/tmp/cpu.jsonl npx vitest run --project server --maxWorkers=2
 *   npx tsx scripts/test-cpu.ts /tmp/cpu.jsonl [how many, default 25]
 * A file run first in its worker also carries the worker's loading of the packages and modules the files share.
 */
interface FileCpu {
  file: string;
  cpu: number;
  own: number;
  children: number;
  wall: number;
}

const [path, count = '25'] = process.argv.slice(2);
if (!path) {
  console.error('usage: npx tsx scripts/test-cpu.ts <file written by TROVE_TEST_CPU> [how many]');
  process.exit(2);
}
const files: FileCpu[] = readFileSync(path, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));
files.sort((a, b) => b.cpu - a.cpu);
const total = files.reduce((sum, f) => sum + f.cpu, 0);
console.log(`${files.length} files, ${total.toFixed(1)} s CPU in all`);
console.log('  CPU s   own  children   wall  file');
for (const f of files.slice(0, Number(count))) {
  const cells = [f.cpu, f.own, f.children, f.wall].map((n, i) => n.toFixed(1).padStart([7, 6, 9, 7][i] ?? 7));
  console.log(`${cells.join('')}  ${f.file}`);
}
