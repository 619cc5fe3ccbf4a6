import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PdfReply } from './pdf-worker';
import { TextTooLong, UNREADABLE_PDF } from './text-errors';

/**
 * How long and how much memory one PDF's reading may take. PDF.js can be made to work far past what
 * pdf-size.ts bounds (a form drawn thousands of times from one small stream, an encrypted PDF's
 * streams, LZW followed by another filter), so each PDF is read in a worker thread of its own, ended
 * when it passes either bound: the server's thread goes on answering other requests meanwhile.
 */
export interface PdfReadLimits {
  /** 10 s: a 1,000-page PDF of text reads in about 2 s (5 s on a busy 2-core machine); a person waits no longer for an upload. */
  ms: number;
  /**
   * The worker's JavaScript heap (V8's old generation), 256 MB: PDF.js holds about 30 MB reading a
   * 1,000-page PDF. Decoded streams are buffers outside it, bounded by pdf-size.ts.
   */
  memoryMb: number;
}

export const PDF_READ_LIMITS: PdfReadLimits = { ms: 10_000, memoryMb: 256 };

export const PDF_TOO_SLOW = 'The PDF took too long to read';
export const PDF_TOO_BIG = 'The PDF needs too much memory to read';

/** The worker could not start or failed outside the PDF's reading: the server's fault, not the file's. */
export class PdfWorkerFailed extends Error {}

// Built (scripts/build-server.ts), pdf-worker.js sits beside this module's chunk; from the sources
// (vitest, `node --import tsx`), the worker loads the TypeScript through tsx as this thread does.
const fromSource = import.meta.url.endsWith('.ts');
const WORKER = new URL(fromSource ? './pdf-worker.ts' : './pdf-worker.js', import.meta.url);
const execArgv = () => (fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : []);

/** The text of the PDF `bytes`, read in a worker thread within `limits`; throws as pdf-text.ts does, or naming the bound passed. */
export function readPdf(bytes: Uint8Array, limits: PdfReadLimits = PDF_READ_LIMITS): Promise<string> {
  const copy = new Uint8Array(bytes); // handed over to the worker; the caller keeps `bytes` to store
  const worker = new Worker(WORKER, {
    workerData: copy,
    transferList: [copy.buffer],
    execArgv: execArgv(),
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb },
  });
  return new Promise((resolve, reject) => {
    let started = false;
    const timer = setTimeout(() => end(new Error(PDF_TOO_SLOW)), limits.ms);
    const end = (result: string | Error) => {
      clearTimeout(timer);
      worker.removeAllListeners();
      worker.on('error', () => {}); // anything it still says once ended
      void worker.terminate();
      if (typeof result === 'string') resolve(result);
      else reject(result);
    };
    worker.on('message', (message: 'ready' | PdfReply) => {
      if (message === 'ready') started = true;
      else if ('text' in message) end(message.text);
      else end(message.tooLong ? new TextTooLong() : new Error(message.problem));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') end(new Error(PDF_TOO_BIG));
      else end(failed(error.message));
    });
    worker.on('exit', (code) => end(failed(`it stopped (exit code ${code}) without an answer`)));
    // once started, a failure outside pdfText's own errors is PDF.js's on this file
    const failed = (why: string) => (started ? new Error(UNREADABLE_PDF) : new PdfWorkerFailed(`The PDF reader did not start: ${why}`));
  });
}
