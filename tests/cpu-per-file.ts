import { appendFileSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, expect } from 'vitest';

/**
 * With TROVE_TEST_CPU=<file> (vitest.config.ts adds this setup file then): each test file's CPU seconds, its worker's
 * own (user + system, PGlite included) and that of the processes it started and reaped (server processes, PDF
 * readers), appended as one JSON line to <file>. CPU, not wall time, since the machines running the suite are shared.
 * scripts/test-cpu.ts runs a project this way and prints the files by CPU.
 */
function childrenCpu(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime, fields 16 and 17 of proc(5), in clock ticks (100 a second on Linux)
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const ownCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

// Taken when the setup file runs, before the test file is imported: its imports count too.
const startOwn = ownCpu();
const startChildren = childrenCpu();
const startWall = Date.now();

afterAll(() => {
  const own = ownCpu() - startOwn;
  const children = childrenCpu() - startChildren;
  const line = {
    file: relative(process.cwd(), expect.getState().testPath ?? '?'),
    pid: process.pid,
    cpu: +(own + children).toFixed(2),
    own: +own.toFixed(2),
    children: +children.toFixed(2),
    wall: +((Date.now() - startWall) / 1000).toFixed(2),
  };
  appendFileSync(process.env.TROVE_TEST_CPU as string, `${JSON.stringify(line)}\n`);
});
