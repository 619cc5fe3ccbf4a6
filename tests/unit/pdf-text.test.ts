/**
 * A PDF page's text read only in part (server/features/chat-files/pdf-text.ts stops once a file's text passes its bound):
 * the rest is called off, so the document can be let go of. Left unread, PDF.js's task waited for it to be
 * taken and destroying the document never ended: the reader answered nothing until its time bound.
 */
import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { pageText } from '../../server/features/chat-files/pdf-text';
import { pdfOf, pdfStream } from '../fixtures/documents';

/** A one-page PDF of `letters` letters that hardly compress, 100 to a line. */
function pdfOfLetters(letters: number) {
  const text = randomBytes(letters)
    .toString('base64')
    .replace(/[^A-Za-z]/g, 'a')
    .slice(0, letters);
  const lines = (text.match(/.{1,100}/g) ?? []).map((line) => `BT /F1 12 Tf 72 720 Td (${line}) Tj ET\n`);
  return new Uint8Array(
    pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
      pdfStream('/Filter /FlateDecode', deflateSync(Buffer.from(lines.join('')))),
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> >>',
    ]),
  );
}

describe('pageText', () => {
  it('reads a page no further than just past its room, and the document can then be let go of', {
    timeout: 30_000,
  }, async () => {
    const pdf = await getDocumentProxy(pdfOfLetters(200_000), { verbosity: 0 });
    const text = await pageText(pdf, 1, 1000);
    expect(text.length).toBeGreaterThan(1000);
    expect(text.length).toBeLessThan(100_000);
    // Never ends if the page's text stream was left unread (the test then fails by its timeout).
    await pdf.loadingTask.destroy();
  });
});
