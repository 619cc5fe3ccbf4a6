/** One server-sent event: its name ('message' when the block names none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * Reads a `text/event-stream` body event by event (blocks separated by a blank line; CRLF or LF).
 * Blocks without data are skipped, as EventSource does. Leaving the loop early cancels the body.
 * The one reader of the project: the side panel, the tests and the bench all use it.
 */
export async function* readSse(body: ReadableStream<BufferSource>): AsyncGenerator<SseEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const event = parseBlock(buffer.slice(0, cut));
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        if (event) yield event;
      }
    }
    const last = parseBlock(buffer);
    if (last) yield last;
  } finally {
    await reader.cancel().catch(() => {});
  }
}

function parseBlock(block: string): SseEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
  }
  return data.length ? { event, data: data.join('\n') } : null;
}
