/**
 * A download streamed from an async source of text or bytes: each chunk is asked for only when the client has
 * taken the last one (a pull stream with room for one), so a slow download holds one page of the export, never
 * the file.
 */
export function fileResponse(
  chunks: AsyncIterable<string | Uint8Array>,
  { contentType, fileName }: { contentType: string; fileName: string },
): Response {
  const encoder = new TextEncoder();
  const source = chunks[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await source.next();
          if (next.done) controller.close();
          else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value);
        } catch (error) {
          console.error(`[trove] the export ${fileName} failed:`, error);
          controller.error(error);
        }
      },
      async cancel() {
        await source.return?.();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': contentType, 'Content-Disposition': attachment(fileName), 'Cache-Control': 'no-store' },
  });
}

/** `attachment` with an ASCII name for old clients and the UTF-8 one (RFC 6266, RFC 8187). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A name safe in a file name on every system: no separators or reserved characters, at most `max` characters. */
export function fileSafe(name: string, max = 80): string {
  const safe = [...name]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f ? ' ' : ch))
    .join('')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, max)
    .trim();
  return safe || 'untitled';
}
