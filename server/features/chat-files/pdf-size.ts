import { constants, inflateRawSync } from 'node:zlib';

/**
 * A PDF's streams may be compressed, and PDF.js inflates a page's content stream whole while reading
 * its text: a few kilobytes of Flate can hold gigabytes of nothing. The reader's process (pdf-read.ts)
 * bounds its time and its JavaScript heap, but decoded streams are buffers outside that heap: such a
 * file would take the machine's memory before its time was up. Before PDF.js reads one, each
 * stream but an image's (text extraction never decodes images) is decoded here through its filters
 * with a bound: together at most MAX_PDF_STREAM_BYTES, and one past GRACE_BYTES at most MAX_RATIO
 * times its stored size (as docx-size.ts does for Word's ZIP). Streams this cannot decode (an
 * encrypted PDF's, or a filter it does not know) are left to PDF.js and its page, text and time bounds.
 */

const MB = 1024 * 1024;
/** Every stream but images, decoded: content, fonts, object streams. Far more than 1,000,000 characters need. */
export const MAX_PDF_STREAM_BYTES = 64 * MB;
const MAX_RATIO = 100;
const GRACE_BYTES = MB;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** Thrown when decoding would pass the bound. */
class TooLarge extends Error {}

const ABBREVIATIONS: Record<string, string> = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
};

/** The stream dictionary's filters, in order. */
function filtersOf(dict: string): string[] {
  const match = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dict);
  if (!match?.[1]) return [];
  return [...match[1].matchAll(/\/([^\s/<>[\]()]+)/g)].map((m) => ABBREVIATIONS[m[1] ?? ''] ?? m[1] ?? '');
}

function inflate(data: Uint8Array, limit: number): Uint8Array {
  try {
    // raw, past the 2-byte zlib header: PDF.js ignores the checksum, and a truncated stream gives what it has
    return inflateRawSync(data.subarray(2), { maxOutputLength: limit + 1, finishFlush: constants.Z_SYNC_FLUSH });
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new TooLarge();
    throw error;
  }
}

/** How many bytes LZW data decodes to (counting only, PDF's variant with early change), at most `limit`. */
function lzwSize(data: Uint8Array, limit: number): number {
  const lengths: number[] = [];
  let width = 9;
  let next = 258;
  let previous = -1;
  let size = 0;
  let bits = 0;
  let buffer = 0;
  for (const byte of data) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      buffer &= (1 << bits) - 1;
      if (code === 256) {
        width = 9;
        next = 258;
        previous = -1;
        continue;
      }
      if (code === 257) return size;
      const length = code < 256 ? 1 : (lengths[code] ?? (previous < 0 ? 1 : lengthOf(previous) + 1));
      size += length;
      if (size > limit) throw new TooLarge();
      if (previous >= 0 && next < 4096) lengths[next++] = lengthOf(previous) + 1;
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
  }
  return size;

  function lengthOf(code: number) {
    return code < 256 ? 1 : (lengths[code] ?? 1);
  }
}

function runLength(data: Uint8Array, limit: number): Uint8Array {
  const out: number[] = [];
  for (let at = 0; at < data.length; ) {
    const n = data[at] ?? 128;
    if (n === 128) break;
    const run = n < 128 ? n + 1 : 257 - n;
    if (out.length + run > limit) throw new TooLarge();
    if (n < 128) out.push(...data.subarray(at + 1, at + 1 + run));
    else for (let i = 0; i < run; i++) out.push(data[at + 1] ?? 0);
    at += n < 128 ? run + 1 : 2;
  }
  return Uint8Array.from(out);
}

function asciiHex(data: Uint8Array): Uint8Array {
  const hex = latin1(data)
    .replace(/>.*$/s, '')
    .replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
}

function ascii85(data: Uint8Array): Uint8Array {
  const text = latin1(data).replace(/~>.*$/s, '').replace(/\s/g, '');
  const out: number[] = [];
  let group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((v, d) => v * 85 + d, 0);
    out.push(...[24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).slice(0, count));
    group = [];
  };
  for (const char of text) {
    if (char === 'z' && group.length === 0) out.push(0, 0, 0, 0);
    else {
      group.push(char.charCodeAt(0) - 33);
      if (group.length === 5) flush(4);
    }
  }
  if (group.length > 1) flush(group.length - 1);
  return Uint8Array.from(out);
}

/**
 * What `data` decodes to through `filters` (its size, and its bytes unless only counted), at most `limit`; null when it
 * cannot be told.
 */
function decode(data: Uint8Array, filters: string[], limit: number): { size: number; bytes?: Uint8Array } | null {
  let bytes = data;
  for (const [index, filter] of filters.entries()) {
    switch (filter) {
      case 'FlateDecode':
        bytes = inflate(bytes, limit);
        break;
      case 'RunLengthDecode':
        bytes = runLength(bytes, limit);
        break;
      case 'ASCIIHexDecode':
        bytes = asciiHex(bytes);
        break;
      case 'ASCII85Decode':
        bytes = ascii85(bytes);
        break;
      case 'LZWDecode':
        // counted, not decoded: a filter after it cannot be followed
        return index === filters.length - 1 ? { size: lzwSize(bytes, limit) } : null;
      default:
        return null;
    }
    if (bytes.byteLength > limit) throw new TooLarge();
  }
  return { size: bytes.byteLength, bytes };
}

const TOO_MUCH = `Its streams decode to more than ${MAX_PDF_STREAM_BYTES / MB} MB, each counted as often as it is used`;

/**
 * Why the PDF `bytes` must not be read (its streams decode to too much), or null when it may. A
 * stream used N times (one content stream drawn by many pages, or listed many times in a page's
 * contents) is read by PDF.js N times, so it counts N times: uses are its references, found in the
 * file and in its object streams.
 */
export function pdfSizeProblem(bytes: Uint8Array): string | null {
  const text = latin1(bytes);
  const streams = /\bstream\r?\n/g;
  const sizes = new Map<string, number>();
  const referencing = [text];
  let total = 0;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    // the dictionary before it, from its object's start (looked for in a bounded window: no rescans)
    const window = text.slice(Math.max(0, match.index - 4096), match.index);
    const objectAt = window.lastIndexOf('obj');
    const dict = window.slice(objectAt + 1);
    const end = text.indexOf('endstream', start);
    streams.lastIndex = end < 0 ? text.length : end;
    if (!dict.trimEnd().endsWith('>>') || /\/Subtype\s*\/Image\b/.test(dict)) continue;
    const data = bytes.subarray(start, end < 0 ? bytes.length : end);
    const ratioLimit = Math.max(GRACE_BYTES, data.byteLength * MAX_RATIO);
    const left = MAX_PDF_STREAM_BYTES - total;
    let decoded: ReturnType<typeof decode>;
    try {
      decoded = decode(data, filtersOf(dict), Math.min(left, ratioLimit));
    } catch (error) {
      if (!(error instanceof TooLarge)) continue; // damaged or encrypted: PDF.js judges it
      return ratioLimit < left ? 'It is compressed far more than a document can be' : TOO_MUCH;
    }
    if (!decoded) continue;
    total += decoded.size;
    const id = /(\d+)\s+(\d+)\s+$/.exec(window.slice(0, Math.max(0, objectAt)));
    if (id) sizes.set(`${Number(id[1])} ${Number(id[2])}`, decoded.size);
    if (/\/Type\s*\/ObjStm\b/.test(dict) && decoded.bytes) referencing.push(latin1(decoded.bytes));
  }
  const uses = new Map<string, number>();
  for (const source of referencing)
    for (const ref of source.matchAll(/(\d+)\s+(\d+)\s+R\b/g)) {
      const id = `${Number(ref[1])} ${Number(ref[2])}`;
      if (sizes.has(id)) uses.set(id, (uses.get(id) ?? 0) + 1);
    }
  let used = 0;
  for (const [id, size] of sizes) used += size * Math.max(1, uses.get(id) ?? 0);
  return used > MAX_PDF_STREAM_BYTES ? TOO_MUCH : null;
}
