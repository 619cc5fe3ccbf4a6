import { describe, expect, it } from 'vitest';
import { readUpTo } from '../../server/http/bounded-body';

/** A response whose body comes in `chunks`, recording how many were pulled and whether it was cancelled. */
function chunked(chunks: string[]) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[seen.pulled++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(chunk));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { response: new Response(body), seen };
}

describe('readUpTo', () => {
  it('reads a body within the bound whole', async () => {
    const { response } = chunked(['abc', 'def']);
    const { bytes, complete } = await readUpTo(response, 6);
    expect([bytes.toString(), complete]).toEqual(['abcdef', true]);
  });

  it('keeps the first maxBytes of a longer body, says it was cut, and stops reading it', async () => {
    const { response, seen } = chunked(['abcd', 'efgh', 'ijkl', 'mnop']);
    const { bytes, complete } = await readUpTo(response, 6);
    expect([bytes.toString(), complete]).toEqual(['abcdef', false]);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(4);
  });

  it('an empty body is complete', async () => {
    expect(await readUpTo(new Response(null), 10)).toEqual({ bytes: Buffer.alloc(0), complete: true });
  });
});
