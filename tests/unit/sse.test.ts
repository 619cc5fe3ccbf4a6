import { describe, expect, it } from 'vitest';
import { readSse, type SseEvent } from '../../lib/chat/sse';

/** A body that arrives in the given pieces, as a network would cut it. */
function body(pieces: string[]) {
  const bytes = new TextEncoder();
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(bytes.encode(piece));
      controller.close();
    },
  });
}

async function all(pieces: string[]) {
  const events: SseEvent[] = [];
  for await (const event of readSse(body(pieces))) events.push(event);
  return events;
}

describe('readSse', () => {
  it('reads named events and joins multi-line data', async () => {
    expect(await all(['event: delta\ndata: {"text":"a"}\n\n', 'data: one\ndata: two\n\n'])).toEqual([
      { event: 'delta', data: '{"text":"a"}' },
      { event: 'message', data: 'one\ntwo' },
    ]);
  });

  it('reassembles events cut anywhere, including inside a multi-byte character', async () => {
    const text = 'event: delta\ndata: {"text":"é 👋"}\n\nevent: done\ndata: {}\n\n';
    const bytes = new TextEncoder().encode(text);
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const events: SseEvent[] = [];
    for await (const event of readSse(stream)) events.push(event);
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"é 👋"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('accepts CRLF line ends, skips comments and data-less blocks, and reads a last block without a blank line', async () => {
    expect(
      await all([': keep-alive\r\n\r\nevent: ping\r\n\r\nevent: a\r\ndata: 1\r\n\r\n', 'event: b\ndata: 2']),
    ).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
  });

  it('cancels the body when the reader stops early', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array<ArrayBuffer>>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('data: x\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const _ of readSse(stream)) break;
    expect(cancelled).toBe(true);
  });
});
