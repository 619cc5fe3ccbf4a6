import { describe, expect, it } from 'vitest';
import { outOfMemory } from '../../server/features/chat-files/text-errors';

/**
 * A PDF reader that runs out of memory says so in one of several ways, all "the PDF needs too much memory",
 * never "damaged" (CI once answered a 130 KB PDF of one huge array as damaged: the reader's end was not
 * V8's "heap out of memory" line).
 */
describe('a PDF reader out of memory', () => {
  it('is told by how its process ended', () => {
    // V8 at its heap bound (--max-old-space-size)
    expect(
      outOfMemory.end('SIGABRT', 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'),
    ).toBe(true);
    // V8 refused memory by the system
    expect(
      outOfMemory.end(null, 'FATAL ERROR: NewSpace::EnsureCurrentCapacity Allocation failed - process out of memory'),
    ).toBe(true);
    // the system's OOM killer, which says nothing
    expect(outOfMemory.end('SIGKILL', '')).toBe(true);
    expect(outOfMemory.end(null, 'TypeError: Cannot read properties of undefined')).toBe(false);
    // an exit of its own (a reader that failed to run), not a crash
    expect(outOfMemory.end(null, '')).toBe(false);
  });

  it('is told by the error PDF.js passes on', () => {
    expect(outOfMemory.error(new RangeError('Array buffer allocation failed'))).toBe(true);
    // PDF.js wraps what it does not know in its own error, keeping the message
    expect(
      outOfMemory.error(Object.assign(new Error('Array buffer allocation failed'), { name: 'UnknownErrorException' })),
    ).toBe(true);
    expect(outOfMemory.error(new RangeError('Invalid typed array length: -4'))).toBe(false);
    expect(outOfMemory.error(new Error('Invalid PDF structure.'))).toBe(false);
    expect(outOfMemory.error(undefined)).toBe(false);
  });
});
