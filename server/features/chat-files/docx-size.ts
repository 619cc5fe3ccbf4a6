import { inflateRawSync } from 'node:zlib';

/**
 * A DOCX is a ZIP: a few kilobytes can inflate to gigabytes of XML, which the Word reader (mammoth)
 * would hold and parse whole, stopping the server. Before it reads one, every part is inflated here
 * with a bound (never trusting the sizes the ZIP declares): the XML parts together at most
 * MAX_DOCX_XML_BYTES, all parts at most MAX_DOCX_BYTES, and a part past GRACE_BYTES at most
 * MAX_RATIO times its compressed size (Apache POI's zip-bomb rule).
 */

const MB = 1024 * 1024;
/** The document's XML parts (text, styles…), inflated: far more than a 1,000,000-character text needs. */
export const MAX_DOCX_XML_BYTES = 16 * MB;
/** Every part, pictures included, inflated. */
export const MAX_DOCX_BYTES = 100 * MB;
const MAX_RATIO = 100;
const GRACE_BYTES = MB;

const DAMAGED = 'It could not be read as a Word document (damaged?)';
const tooLarge = (what: string, limit: number) => `Its ${what} inflate to more than ${limit / MB} MB`;

interface Entry {
  name: string;
  method: number;
  data: Uint8Array;
}

/** The ZIP's entries from its central directory, or null when it is not a ZIP this reader knows. */
function entriesOf(bytes: Uint8Array): Entry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = Buffer.from(bytes.subarray(at + 46, at + 46 + nameLength)).toString('utf8');
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (local + 30 > bytes.length || view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + compressed > bytes.length) return null;
    entries.push({ name, method, data: bytes.subarray(start, start + compressed) });
  }
  return entries;
}

/** How many bytes `entry` inflates to, reading at most `limit` (more is Infinity); null when it cannot be read. */
function inflatedSize(entry: Entry, limit: number): number | null {
  let size: number;
  if (entry.method === 0) size = entry.data.byteLength;
  else if (entry.method !== 8) return null;
  else {
    try {
      size = inflateRawSync(entry.data, { maxOutputLength: Math.max(1, limit) }).byteLength;
    } catch (error) {
      return (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? Number.POSITIVE_INFINITY : null;
    }
  }
  return size > limit ? Number.POSITIVE_INFINITY : size;
}

/** Why the DOCX `bytes` must not be read (too large once inflated, or damaged), or null when it may. */
export function docxSizeProblem(bytes: Uint8Array): string | null {
  const entries = entriesOf(bytes);
  if (!entries) return DAMAGED;
  let xml = 0;
  let all = 0;
  for (const entry of entries) {
    const isXml = !entry.name.startsWith('word/media/');
    const ratioLimit = Math.max(GRACE_BYTES, entry.data.byteLength * MAX_RATIO);
    const left = Math.min(MAX_DOCX_BYTES - all, isXml ? MAX_DOCX_XML_BYTES - xml : Number.POSITIVE_INFINITY);
    const size = inflatedSize(entry, Math.min(left, ratioLimit));
    if (size === null) return DAMAGED;
    if (size > ratioLimit && ratioLimit < left)
      return `It is compressed far more than a document can be (${entry.name.slice(0, 80)})`;
    all += size;
    if (isXml) xml += size;
    if (xml > MAX_DOCX_XML_BYTES) return tooLarge('text parts', MAX_DOCX_XML_BYTES);
    if (all > MAX_DOCX_BYTES) return tooLarge('parts', MAX_DOCX_BYTES);
  }
  return null;
}
