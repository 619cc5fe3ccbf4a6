import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MAX_PDF_STREAM_BYTES, pdfSizeProblem } from '../../server/features/chat-files/pdf-size';
import { makePdf, pdfOf, pdfStream } from '../fixtures/documents';

const MB = 1024 * 1024;
const BOMB = 'It is compressed far more than a document can be';
const spaces = (bytes: number) => Buffer.alloc(bytes, 0x20);
/** A PDF holding one stream with `dict` and `data` (not drawn: the check reads every stream). */
const withStream = (dict: string, data: Uint8Array) => pdfOf(['<< /Type /Catalog >>', pdfStream(dict, data)]);

describe('pdfSizeProblem', () => {
  it('passes an ordinary PDF and a stream compressed as documents are', () => {
    expect(pdfSizeProblem(makePdf('Hello'))).toBeNull();
    const text = Buffer.from('BT /F1 12 Tf 72 720 Td (Some words) Tj ET\n'.repeat(2000));
    expect(pdfSizeProblem(withStream('/Filter /FlateDecode', deflateSync(text)))).toBeNull();
  });

  it('finds a bomb through every filter it is wrapped in', () => {
    const bomb = deflateSync(spaces(16 * MB));
    expect(pdfSizeProblem(withStream('/Filter /FlateDecode', bomb))).toBe(BOMB);
    expect(pdfSizeProblem(withStream('/Filter /Fl', bomb))).toBe(BOMB);
    // each layer within the ratio, the two together far past it
    const twice = deflateSync(deflateSync(spaces(16 * MB)));
    expect(pdfSizeProblem(withStream('/Filter [/FlateDecode /FlateDecode]', twice))).toBe(BOMB);
    const hex = Buffer.from(`${bomb.toString('hex')}>`);
    expect(pdfSizeProblem(withStream('/Filter [/ASCIIHexDecode /FlateDecode]', hex))).toBe(BOMB);
    // run-length (2 bytes for 128) of deflated runs
    const runs = deflateSync(Buffer.from(Array.from({ length: 40_000 }, () => [129, 0x20]).flat()));
    expect(pdfSizeProblem(withStream('/Filter [/FlateDecode /RunLengthDecode]', runs))).toBe(BOMB);
  });

  it('bounds the streams together; leaves images (never decoded for text) alone', () => {
    const oneMb = pdfStream('/Filter /FlateDecode', deflateSync(spaces(MB)));
    const many = pdfOf(['<< /Type /Catalog >>', ...Array(MAX_PDF_STREAM_BYTES / MB + 1).fill(oneMb)]);
    expect(pdfSizeProblem(many)).toBe(
      `Its streams decode to more than ${MAX_PDF_STREAM_BYTES / MB} MB, each counted as often as it is used`,
    );
    const image =
      '/Type /XObject /Subtype /Image /Width 4096 /Height 4096 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode';
    expect(pdfSizeProblem(withStream(image, deflateSync(Buffer.alloc(16 * MB))))).toBeNull();
  });
});
