/**
 * A small PDF must not make the server work for long or hold much memory (the reader's process bounds
 * its time and heap, chat-file-pdf-reader.test.ts, but not decoded buffers): streams that decode to far more than they
 * store (a Flate bomb),
 * too much decoded altogether, too many pages, or too much text are refused naming why, before or
 * while reading, instead of read whole.
 */
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { type ChatFile, chatFileUploadResponseSchema } from '../../lib/api/contract';
import { MAX_PDF_STREAM_BYTES } from '../../server/features/chat-files/pdf-size';
import { MAX_PDF_PAGES } from '../../server/features/chat-files/pdf-text';
import { pdfOf, pdfStream } from '../fixtures/documents';
import { chatUser, setupFakeProvider } from './chat-helpers';
import { expectError, setupTestServer } from './harness';

// Generous, for the server and each test alike: these files are refused for their size, not their time, and a
// loaded machine reads them slowly (CI once took over 30 s for the long one, which takes 2 s when quiet).
const SLOW_MACHINE_MS = 120_000;
const t = setupTestServer({ pdfRead: { ms: SLOW_MACHINE_MS } });
const fake = setupFakeProvider();
const MB = 1024 * 1024;

async function upload(token: string, modelId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  form.append('modelId', String(modelId));
  const res = await fetch(`${t.url}/api/upload-chat-files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const show = (text: string) => `BT /F1 12 Tf 72 720 Td (${text}) Tj ET\n`;

/** One page per content stream. */
const pdfOfPages = (contents: Buffer[]) =>
  pagesPdf(
    contents,
    contents.map((_, i) => i),
  );

/**
 * A PDF whose page i draws content stream `drawn[i]` (an index into `contents`); objects: catalog, pages, font,
 * contents, pages.
 */
function pagesPdf(contents: Buffer[], drawn: number[]) {
  const firstPage = 4 + contents.length;
  const kids = drawn.map((_, i) => `${firstPage + i} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${drawn.length} >>`,
    FONT,
    ...contents,
    ...drawn.map(
      (content) =>
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${4 + content} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    ),
  ]);
}

/**
 * Compressed off the event loop: this process also runs the server, and seconds of synchronous compression on a busy
 * machine outlast its kept-alive connections' timeout, so the next request went out on a socket the server was
 * closing (ECONNRESET).
 */
const flate = async (content: Buffer) => pdfStream('/Filter /FlateDecode', await promisify(deflate)(content));

describe('PDF chat files that would make the server work hard', { timeout: SLOW_MACHINE_MS }, () => {
  it('refuses a stream that inflates far more than a document does (a Flate bomb), naming why; a compressed PDF reads', async () => {
    const { token, modelId } = await chatUser(t, fake);
    // 64 MB of spaces after a line of text, in about 64 KB
    const bomb = pdfOfPages([await flate(Buffer.concat([Buffer.from(show('Hello')), Buffer.alloc(64 * MB, 0x20)]))]);
    expect(bomb.length).toBeLessThan(128 * 1024);
    const refused = expectError(await upload(token, modelId, bomb, 'bomb.pdf'), 400);
    expect(refused.message).toBe('files[0] (bomb.pdf): It is compressed far more than a document can be');

    const fine = await upload(
      token,
      modelId,
      pdfOfPages([await flate(Buffer.from(show('Compressed and fine')))]),
      'ok.pdf',
    );
    expect(fine.status, JSON.stringify(fine.body)).toBe(201);
    expect(chatFileUploadResponseSchema.parse(fine.body).data[0]).toMatchObject({ format: 'pdf', chars: 19 });
  });

  it('refuses streams that together decode to more than the bound, each counted as often as it is drawn', async () => {
    const { token, modelId } = await chatUser(t, fake);
    // 1 MB streams (within the ratio allowed for any stream up to 1 MB), one more than the bound holds
    const count = MAX_PDF_STREAM_BYTES / MB + 1;
    const stream = (i: number) => flate(Buffer.concat([Buffer.from(show(`Page ${i}`)), Buffer.alloc(MB - 100, 0x20)]));
    const many = pdfOfPages(await Promise.all(Array.from({ length: count }, (_, i) => stream(i))));
    // one such stream drawn by as many pages, or listed as many times in one page's contents
    const first = await stream(0);
    const shared = pagesPdf([first], Array(count).fill(0));
    const listed = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [5 0 R] /Count 1 >>',
      FONT,
      first,
      `<< /Type /Page /Parent 2 0 R /Contents [${Array(count).fill('4 0 R').join(' ')}] /Resources << /Font << /F1 3 0 R >> >> >>`,
    ]);
    for (const [pdf, name] of [
      [many, 'many.pdf'],
      [shared, 'shared.pdf'],
      [listed, 'listed.pdf'],
    ] as const) {
      const refused = expectError(await upload(token, modelId, pdf, name), 400);
      expect(refused.message).toBe(
        `files[0] (${name}): Its streams decode to more than ${MAX_PDF_STREAM_BYTES / MB} MB, each counted as often as it is used`,
      );
    }
  });

  it('refuses a PDF of more pages than the bound before reading any, naming the count', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const content = pdfStream('', Buffer.from(show('Same page')));
    const pages = pagesPdf([content], Array(MAX_PDF_PAGES + 1).fill(0));
    const refused = expectError(await upload(token, modelId, pages, 'pages.pdf'), 400);
    expect(refused.message).toBe('files[0] (pages.pdf): It has 1,001 pages; a PDF may have at most 1,000');

    const [fine] = chatFileUploadResponseSchema.parse(
      (await upload(token, modelId, pagesPdf([content], Array(3).fill(0)), 'three.pdf')).body,
    ).data as ChatFile[];
    expect(fine).toMatchObject({ chars: 'Same page\n\n'.repeat(3).trim().length });
  });

  it('stops reading a PDF once its text is longer than a file may hold: 413 naming why', async () => {
    const { token, modelId } = await chatUser(t, fake);
    // 1.2 million letters that hardly compress, on one page
    const letters = randomBytes(1_200_000)
      .toString('base64')
      .replace(/[^A-Za-z]/g, 'a');
    const lines = letters.match(/.{1,100}/g)?.map(show) ?? [];
    const long = pdfOfPages([await flate(Buffer.from(lines.join('')))]);
    const refused = expectError(await upload(token, modelId, long, 'long.pdf'), 413);
    expect(refused.message).toBe('files[0] (long.pdf): Its text is longer than 1,000,000 characters');
  });
});
