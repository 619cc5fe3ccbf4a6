import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { folderBytes, sharedBuffersFor } from '../../server/db/pglite-memory';

describe('PGlite’s buffer cache, sized to its data folder (server/db/pglite-memory.ts)', () => {
  it('is a sixteenth of the folder, from 32MB up to 128MB', () => {
    expect(sharedBuffersFor(0)).toBe('32MB');
    expect(sharedBuffersFor(512 * 2 ** 20)).toBe('32MB');
    expect(sharedBuffersFor(2 ** 30)).toBe('64MB');
    expect(sharedBuffersFor(1.5 * 2 ** 30)).toBe('96MB');
    expect(sharedBuffersFor(2.8e9)).toBe('128MB');
    expect(sharedBuffersFor(100 * 2 ** 30)).toBe('128MB');
  });

  const dir = mkdtempSync(join(tmpdir(), 'trove-folder-bytes-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the files of a folder and its folders, and a folder not made yet as empty', () => {
    mkdirSync(join(dir, 'base', '5'), { recursive: true });
    writeFileSync(join(dir, 'PG_VERSION'), 'x'.repeat(100));
    writeFileSync(join(dir, 'base', '5', '1259'), Buffer.alloc(8192));
    writeFileSync(join(dir, 'base', '5', '1259_fsm'), Buffer.alloc(24_576));
    expect(folderBytes(dir)).toBe(100 + 8192 + 24_576);
    expect(folderBytes(join(dir, 'nothing-here'))).toBe(0);
  });
});
