import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { configFromEnv, pdfReadLimits } from '../../server/config';
import { PDF_READ_LIMITS } from '../../server/features/chat-files/pdf-read';

const env = { TROVE_SECRET: 'x'.repeat(48), DATA_DIR: tmpdir() };

describe('the PDF reading bounds from the environment', () => {
  it('reads TROVE_PDF_READ_MS and TROVE_PDF_READ_MEMORY_MB; unset, the defaults', () => {
    expect(pdfReadLimits(configFromEnv(env))).toEqual(PDF_READ_LIMITS);
    const set = configFromEnv({ ...env, TROVE_PDF_READ_MS: '2500', TROVE_PDF_READ_MEMORY_MB: '128' });
    expect(pdfReadLimits(set)).toEqual({ ms: 2500, memoryMb: 128 });
  });

  it('refuses a bound that is not a whole number, or 0, naming the variable', () => {
    expect(() => configFromEnv({ ...env, TROVE_PDF_READ_MS: '2s' })).toThrow(
      'TROVE_PDF_READ_MS must be a whole number',
    );
    expect(() => configFromEnv({ ...env, TROVE_PDF_READ_MS: '0' })).toThrow('TROVE_PDF_READ_MS must be');
    expect(() => configFromEnv({ ...env, TROVE_PDF_READ_MEMORY_MB: '0' })).toThrow('TROVE_PDF_READ_MEMORY_MB must be');
  });
});
