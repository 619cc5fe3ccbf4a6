/**
 * Each PDF is read in a process of its own (server/features/chat-files/pdf-read.ts) within a time and a memory
 * bound, so a small PDF that passes pdf-size.ts's checks yet would hold PDF.js for minutes, or grow its
 * heap past the bound, is refused naming why, while the server goes on answering; normal PDFs read.
 */
import { describe, expect, it, vi } from 'vitest';
import { chatFileUploadResponseSchema } from '../../lib/api/contract';
import { makePdf } from '../fixtures/documents';
import { chatUser, setupFakeProvider } from './chat-helpers';
import { expectError, setupTestServer } from './harness';
import { hugeArrayPdf, repeatedFormPdf, uploadPdf, uploadWhileAsking } from './pdf-helpers';

const fake = setupFakeProvider();
// a short bound, so the test need not wait 10 s; the form below would take minutes
const quick = setupTestServer({ pdfRead: { ms: 2000 } });
// A low memory bound, within which a normal PDF still reads (pdf-read.ts: a 1,000-page one needs ~50 MB): PDF.js reaches
// it in about a second of CPU, the default 256 MB in about nine. Time enough to reach it.
const patient = setupTestServer({ pdfRead: { ms: 120_000, memoryMb: 32 } });

async function expectReads(t: typeof quick, token: string, modelId: number) {
  const fine = await uploadPdf(t.url, token, modelId, makePdf('Still reads'), 'fine.pdf');
  expect(fine.status, JSON.stringify(fine.body)).toBe(201);
  expect(chatFileUploadResponseSchema.parse(fine.body).data[0]).toMatchObject({ format: 'pdf', chars: 11 });
}

describe('PDF chat files read in a process of their own', () => {
  it('stops a form drawn thousands of times at the time bound: 400 naming why; the server answers meanwhile', async () => {
    const { token, modelId } = await chatUser(quick, fake);
    const pdf = repeatedFormPdf(5000);
    expect(pdf.length).toBeLessThan(10_000);
    const refused = await uploadWhileAsking(quick.url, token, modelId, pdf, 'forms.pdf');
    expect(expectError(refused, 400).message).toBe('files[0] (forms.pdf): The PDF took too long to read');
    // read on the server's thread, it would answer none while reading
    expect(refused.health).toBeGreaterThanOrEqual(10);
    await expectReads(quick, token, modelId);
  });

  it("refuses a damaged PDF naming it so, and logs PDF.js's own reason for the operator", async () => {
    const { token, modelId } = await chatUser(quick, fake);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const damaged = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> endobj\n%%EOF');
      const refused = await uploadPdf(quick.url, token, modelId, damaged, 'damaged.pdf');
      expect(expectError(refused, 400).message).toBe(
        'files[0] (damaged.pdf): It could not be read as a PDF (damaged or encrypted?)',
      );
      const logged = warn.mock.calls.map((call) => String(call[0]));
      expect(logged).toContainEqual(
        expect.stringMatching(/^\[trove\] a PDF was refused \(It could not.*; PDF\.js: \w+/),
      );
    } finally {
      warn.mockRestore();
    }
  });

  // reaching the bound takes PDF.js seconds on a busy machine
  it('stops a PDF whose reading grows one array past the memory bound: 400 naming why; the server lives on', {
    timeout: 120_000,
  }, async () => {
    const { token, modelId } = await chatUser(patient, fake);
    const pdf = hugeArrayPdf(12);
    expect(pdf.length).toBeLessThan(200_000);
    const refused = await uploadWhileAsking(patient.url, token, modelId, pdf, 'numbers.pdf');
    expect(expectError(refused, 400).message).toBe('files[0] (numbers.pdf): The PDF needs too much memory to read');
    expect(refused.health).toBeGreaterThanOrEqual(10);
    await expectReads(patient, token, modelId);
  });
});
