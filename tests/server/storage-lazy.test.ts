import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const node = fileURLToPath(new URL('../../node_modules/.bin/node', import.meta.url));

/**
 * In a fresh Node process (the test runner's own module loading would hide it): loads the server's
 * modules and opens the folder store, then a bucket store, counting the `@aws-sdk/*` modules resolved.
 */
const script = (dir: string) => `
  import { registerHooks } from 'node:module';
  let count = 0;
  registerHooks({ resolve(specifier, context, next) { if (specifier.startsWith('@aws-sdk/')) count += 1; return next(specifier, context); } });
  await import('./server/start.ts');
  const { openFileStore } = await import('./server/storage/open-store.ts');
  await openFileStore({ uploadsDir: ${JSON.stringify(dir)} });
  console.log('without a bucket: ' + count);
  const s3 = { bucket: 'b', endpoint: 'http://127.0.0.1:9', region: 'us-east-1', forcePathStyle: true, prefix: '' };
  await openFileStore({ uploadsDir: ${JSON.stringify(dir)}, s3 }).catch(() => {});
  console.log('with a bucket: ' + count);
`;

// A fresh process that compiles the server's modules with tsx: past the file's 30 s on a loaded machine.
it('a server without a bucket never loads the AWS SDK (~30 MB of memory); one with a bucket does', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'trove-lazy-'));
  try {
    const { stdout } = await promisify(execFile)(node, ['--import', 'tsx', '--input-type=module', '-e', script(dir)], {
      cwd: root,
    });
    const count = (label: string) => Number(new RegExp(`${label}: (\\d+)`).exec(stdout)?.[1] ?? Number.NaN);
    expect(count('without a bucket'), stdout).toBe(0);
    expect(count('with a bucket'), stdout).toBeGreaterThan(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
