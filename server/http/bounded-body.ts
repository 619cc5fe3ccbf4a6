/** The first `maxBytes` of a response body; `complete` is false when there was more (the rest is not read). */
export async function readUpTo(
  response: { body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
): Promise<{ bytes: Buffer; complete: boolean }> {
  const reader = response.body?.getReader();
  if (!reader) return { bytes: Buffer.alloc(0), complete: true };
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(parts), complete: true };
    parts.push(value.subarray(0, maxBytes - size));
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { bytes: Buffer.concat(parts), complete: false };
    }
  }
}
