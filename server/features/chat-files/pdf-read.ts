import { fork } from 'node:child_process';
import type { PdfReply } from './pdf-worker';
import { readerModule } from './reader-module';
import { createTurns } from './reading-turns';
import { outOfMemory, PDF_TOO_BIG, TextTooLong, UNREADABLE_PDF } from './text-errors';

/**
 * How long and how much memory one PDF's reading may take. PDF.js can be made to work far past what
 * pdf-size.ts bounds (a form drawn thousands of times from one small stream, an encrypted PDF's
 * streams, LZW followed by another filter), so each PDF is read in a process of its own, killed once
 * it passes either bound: the server goes on answering other requests meanwhile.
 *
 * A process, not a worker thread: a worker's heap limit (resourceLimits) is kept only on a best-effort
 * basis, and a worker that grows one array past it (PDF.js parsing a content stream's array of
 * millions of numbers, a 130 KB PDF) aborts the whole server (nodejs/node#47224). A process that
 * passes its --max-old-space-size aborts alone.
 */
export interface PdfReadLimits {
  /**
   * 30 s, from when the reader has loaded PDF.js: a 1,000-page PDF of text (as many pages and
   * characters as a PDF may have) reads in about 4 s on a busy 2-core machine, but took over 10 s
   * while the test suite loaded the machine. The reader is a process of its own: a long read holds up
   * only PDFs waiting for a reader, and the bound is there for files that would never end.
   */
  ms: number;
  /**
   * The reader's JavaScript heap (V8's old generation), 256 MB: reading that 1,000-page PDF needs
   * about 50 MB (it fails at 32). Decoded streams are buffers outside it, bounded by pdf-size.ts.
   */
  memoryMb: number;
}

export const PDF_READ_LIMITS: PdfReadLimits = { ms: 30_000, memoryMb: 256 };

/** Who a PDF is read for (readers are shared fairly between users) and within which limits (unset: PDF_READ_LIMITS). */
export interface PdfReading {
  userId: number;
  limits?: PdfReadLimits;
}

/** How long the reader may take to load PDF.js: far more than it takes on a busy machine (1 to 2 s). */
const START_MS = 30_000;

export const PDF_TOO_SLOW = 'The PDF took too long to read';
export const PDF_READERS_BUSY = 'Trove is reading too many PDFs right now; try again in a few seconds';
export const OWN_PDFS_WAITING = 'Too many of your PDFs are waiting to be read; try again once they are done';

/** The reader could not start: the server's fault, not the file's (a 500). */
export class PdfWorkerFailed extends Error {}

// pdf-worker.js beside this module's chunk once built, pdf-worker.ts from the sources
const READER = readerModule('pdf-worker', import.meta.url);

/**
 * At most 2 PDFs are read at once (each reader may take `memoryMb` and a core), shared fairly between
 * users: a freed reader goes to the waiting user with the fewest PDFs being read, so one user's flood of
 * uploads never holds up another's PDF for more than one read. Up to 6 of one user's PDFs wait their turn,
 * 16 in all; past that the upload is refused (NoTurnLeft, a 503) instead of starting a process per request.
 */
const inTurn = createTurns({ atOnce: 2, waitingEach: 6, waiting: 16 });

/**
 * The text of the PDF `bytes`, read in a process of its own within the limits (once its user has a turn),
 * killed once it answers or passes a bound. Throws as pdf-text.ts does, or naming the bound passed.
 */
export function readPdf(bytes: Uint8Array, { userId, limits = PDF_READ_LIMITS }: PdfReading): Promise<string> {
  return inTurn(String(userId), () => readInProcess(bytes, limits));
}

function readInProcess(bytes: Uint8Array, limits: PdfReadLimits): Promise<string> {
  const reader = fork(READER.path, [], {
    execArgv: [...READER.execArgv, `--max-old-space-size=${limits.memoryMb}`],
    env: {}, // none of the server's settings (its secret, provider keys) go to the process reading a stranger's file
    serialization: 'advanced', // bytes as bytes
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  reader.stderr?.on('data', (chunk: Buffer) => {
    // its first words say why it ended (V8's fatal error, an uncaught error); a native stack trace follows
    if (stderr.length < 4096) stderr = (stderr + chunk.toString()).slice(0, 4096);
  });
  return new Promise((resolve, reject) => {
    let started = false;
    const notStarted = (why: string) => new PdfWorkerFailed(`The PDF reader did not start: ${why}`);
    let timer = setTimeout(() => end(notStarted(`not within ${START_MS} ms`)), START_MS);
    const end = (result: string | Error) => {
      clearTimeout(timer);
      for (const event of ['message', 'close', 'error']) reader.removeAllListeners(event);
      reader.on('error', () => {}); // whatever it still says once ended
      reader.kill('SIGKILL');
      if (typeof result === 'string') resolve(result);
      else reject(result);
    };
    reader.on('message', (message: 'ready' | PdfReply) => {
      if (message === 'ready') {
        started = true;
        clearTimeout(timer);
        timer = setTimeout(() => end(new Error(PDF_TOO_SLOW)), limits.ms);
        reader.send(bytes);
      } else if ('text' in message) end(message.text);
      else {
        if (message.cause) console.warn(`[trove] a PDF was refused (${message.problem}); PDF.js: ${message.cause}`);
        end(message.tooLong ? new TextTooLong() : new Error(message.problem));
      }
    });
    // once started, an error (a send to a reader that just ended) is followed by its 'close'
    reader.on('error', (error) => started || end(notStarted(error.message)));
    // 'close', not 'exit': its stderr (which names an out-of-memory end) has then all arrived
    reader.on('close', (code, signal) => {
      const lines = stderr.split('\n').filter((line) => line.trim());
      const said = lines.find((line) => /FATAL|Error\b/.test(line)) ?? lines.slice(-3).join(' / ');
      const why = `it ended (${signal ?? `exit code ${code}`}): ${said.trim()}`;
      if (!started) return end(notStarted(why));
      console.warn(`[trove] the PDF reader ${why}`);
      end(new Error(outOfMemory.end(signal, stderr) ? PDF_TOO_BIG : UNREADABLE_PDF));
    });
  });
}
