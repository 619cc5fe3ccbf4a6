import { setTimeout as sleep } from 'node:timers/promises';
import { deflateSync } from 'node:zlib';
import { pdfOf, pdfStream } from '../fixtures/documents';

/** PDFs that are small and pass pdf-size.ts's checks, yet would hold PDF.js for long or grow its heap far. */

const MB = 1024 * 1024;
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const flate = (content: string | Buffer) => pdfStream('/Filter /FlateDecode', deflateSync(content));

/**
 * One page drawing form X0 `draws` times: the form is just under 1 MB of `q Q` (within the ratio
 * any stream of up to 1 MB may have) and one letter of text, so PDF.js parses it whole for each draw
 * (a form with no text is skipped after the first), each draw a letter. 50 draws take seconds.
 */
export function repeatedFormPdf(draws: number): Buffer {
  const form = `${'q Q\n'.repeat((MB - 100) / 4)}BT /F1 12 Tf (a) Tj ET\n`;
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> /XObject << /X0 5 0 R >> >> >>',
    flate(`BT /F1 12 Tf 72 720 Td (Drawn) Tj ET\n${'/X0 Do\n'.repeat(draws)}`),
    pdfStream(
      '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> >> /Filter /FlateDecode',
      deflateSync(form),
    ),
    FONT,
  ]);
}

/**
 * One page whose text is one TJ array of `streams` × 1 MB of numbers, split over as many content
 * streams (PDF.js reads a page's streams as one): PDF.js holds each number in one JavaScript array,
 * 60 streams (130 KB of PDF) about 30 million of them, far past a 256 MB heap.
 */
export function hugeArrayPdf(streams: number): Buffer {
  const numbers = '1 2 3 4 5 6 7 8 '.repeat((MB - 100) / 16);
  const contents = Array.from({ length: streams }, (_, i) =>
    flate(`${i === 0 ? 'BT /F1 12 Tf 72 720 Td [(A) ' : ''}${numbers}${i === streams - 1 ? '(B)] TJ ET' : ''}`),
  );
  const refs = contents.map((_, i) => `${5 + i} 0 R`).join(' ');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [${refs}] /Resources << /Font << /F1 4 0 R >> >> >>`,
    FONT,
    ...contents,
  ]);
}

/** Uploads one PDF as a chat file for `modelId`. */
export async function uploadPdf(url: string, token: string, modelId: number, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  form.append('modelId', String(modelId));
  const res = await fetch(`${url}/api/upload-chat-files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

/**
 * Uploads `bytes` and, until it is answered, asks GET /api/health every few milliseconds: the answer, and how
 * many health answers came while the server read the PDF (none, or one or two before it began, when
 * reading holds the server).
 */
export async function uploadWhileAsking(url: string, token: string, modelId: number, bytes: Buffer, name: string) {
  let answered = false;
  const upload = uploadPdf(url, token, modelId, bytes, name).finally(() => {
    answered = true;
  });
  let health = 0;
  while (!answered) {
    const res = await fetch(`${url}/api/health`);
    if (res.status === 200 && !answered) health++;
    await res.body?.cancel();
    await sleep(20); // leaves the machine's cores to the reading
  }
  return { ...(await upload), health };
}
