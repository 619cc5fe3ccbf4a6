import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The argon2id cost a process with `env` hashes at, as written in the hash (m=…,t=…,p=…). */
function costWith(env: Record<string, string>): string {
  const script =
    "const { hashPassword } = await import('./server/auth/passwords.ts'); console.log((await hashPassword('x')).split('$')[3]);";
  const { PATH, HOME } = process.env;
  const run = spawnSync('node_modules/.bin/node', ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { PATH, HOME, ...env },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout.trim();
}

describe('the tests’ low password cost', () => {
  it('is used under vitest only: a server an operator starts with the variable set still hashes at OWASP’s cost', () => {
    expect(costWith({ TROVE_TEST_PASSWORD_COST: 'low', VITEST: 'true' })).toBe('m=1024,t=1,p=1');
    expect(costWith({ TROVE_TEST_PASSWORD_COST: 'low' })).toBe('m=19456,t=2,p=1');
  });
});
