import { parentPort, workerData } from 'node:worker_threads';
import { pdfText } from './pdf-text';
import { TextTooLong } from './text-errors';

/**
 * A worker thread's entry (started by pdf-read.ts, built as its own file by scripts/build-server.ts):
 * reads the text of the PDF it is given (`workerData`, its bytes) and posts one PdfReply.
 */
export type PdfReply = { text: string } | { problem: string; tooLong: boolean };

parentPort?.postMessage('ready');
let reply: PdfReply;
try {
  reply = { text: await pdfText(workerData as Uint8Array) };
} catch (error) {
  reply = { problem: (error as Error).message, tooLong: error instanceof TextTooLong };
}
parentPort?.postMessage(reply);
