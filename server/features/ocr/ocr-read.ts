import { fork } from 'node:child_process';
import { readerModule } from '../chat-files/reader-module';
import { createTurns } from '../chat-files/reading-turns';
import { type OcrReply, OVER_MEMORY_EXIT } from './ocr-reply';

/**
 * How long and how much memory one image's recognition may take. Each image is read in a process of its own (as PDFs
 * are, features/chat-files/pdf-read.ts), killed once it answers or passes a bound, so a hostile or huge image costs
 * the server nothing but that process.
 */
export interface OcrLimits {
  /**
   * 60 s from when the process has loaded tesseract: a screenshot full of text takes 1 to 3 s on a quiet 2-core
   * machine, but several times that while the test suite loads it.
   */
  ms: number;
  /** The whole process's memory (resident), 512 MB: tesseract with the English model takes ~150 MB before an image. */
  memoryMb: number;
}

export const OCR_LIMITS: OcrLimits = { ms: 60_000, memoryMb: 512 };

/** Why an image's text could not be read: said on the gem's sheet and by POST /api/ocre. */
export class OcrFailed extends Error {}
export const OCR_TOO_SLOW = 'Reading the text of this image took too long';
export const OCR_TOO_BIG = 'Reading the text of this image needed too much memory';
/** The process could not start (tesseract missing or broken): the server's fault. */
export const OCR_NOT_STARTED = 'The text reader did not start';

/** How long the process may take to load tesseract and its English model (1 to 2 s on a quiet machine). */
const START_MS = 60_000;

// ocr-worker.js beside this module's chunk once built, ocr-worker.ts from the sources
const READER = readerModule('ocr-worker', import.meta.url);

/** One recognition at a time per server copy (each takes a core and up to `memoryMb`); 50 may wait. */
const inTurn = createTurns({ atOnce: 1, waitingEach: 50, waiting: 200 });

/** The text of the image `bytes` (PNG, JPEG, GIF or WEBP), once `who` has a turn; throws OcrFailed saying why not. */
export interface Recognized {
  text: string;
  /** Tesseract's mean word confidence, 0 to 100. */
  confidence: number;
}

export function recognizeText(bytes: Uint8Array, who: string, limits: OcrLimits = OCR_LIMITS): Promise<Recognized> {
  return inTurn(who, () => readInProcess(bytes, limits));
}

/**
 * The reader runs tesseract's WebAssembly as V8's baseline (Liftoff) code only: a process that reads one image does not
 * earn back V8's optimising of the functions that run hot (background threads, at each start). Measured on the two
 * screenshots of tests/fixtures/ocr, one process each: 3.9 s of CPU in all instead of 3.1 (same texts).
 */
const BASELINE_WASM_ONLY = '--liftoff-only';

/**
 * Node's compile cache, when the server has one (NODE_COMPILE_CACHE, a folder, no secret): tesseract.js's JavaScript is
 * then compiled once, not by every reader (a further 0.3 s of CPU per image).
 */
const compileCache = () =>
  process.env.NODE_COMPILE_CACHE ? { NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE } : {};

function readInProcess(bytes: Uint8Array, limits: OcrLimits): Promise<Recognized> {
  const reader = fork(READER.path, [], {
    execArgv: [
      ...READER.execArgv,
      BASELINE_WASM_ONLY,
      `--max-old-space-size=${Math.max(32, Math.floor(limits.memoryMb / 2))}`,
    ],
    // none of the server's settings (its secret, provider keys) go to the process reading a stranger's image
    env: { TROVE_OCR_MEMORY_MB: String(limits.memoryMb), ...compileCache() },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  reader.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr = (stderr + chunk.toString()).slice(0, 4096);
  });
  return new Promise((resolve, reject) => {
    let started = false;
    let timer = setTimeout(() => end(new Error(`${OCR_NOT_STARTED} within ${START_MS} ms`)), START_MS);
    const end = (result: Recognized | Error) => {
      clearTimeout(timer);
      for (const event of ['message', 'close', 'error']) reader.removeAllListeners(event);
      reader.on('error', () => {});
      reader.kill('SIGKILL');
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    reader.on('message', (message: 'ready' | OcrReply) => {
      if (message === 'ready') {
        started = true;
        clearTimeout(timer);
        timer = setTimeout(() => end(new OcrFailed(OCR_TOO_SLOW)), limits.ms);
        reader.send(bytes);
      } else if ('text' in message) end(message);
      else {
        console.warn(`[trove] an image's text could not be read: ${message.problem}`);
        end(new OcrFailed('The text of this image could not be read'));
      }
    });
    reader.on('error', (error) => started || end(new Error(`${OCR_NOT_STARTED}: ${error.message}`)));
    reader.on('close', (code, signal) => {
      if (code === OVER_MEMORY_EXIT || /heap out of memory/i.test(stderr)) return end(new OcrFailed(OCR_TOO_BIG));
      const why = `it ended (${signal ?? `exit code ${code}`}): ${stderr.trim().split('\n').slice(-3).join(' / ')}`;
      console.warn(`[trove] the text reader ${why}`);
      end(
        started ? new OcrFailed('The text of this image could not be read') : new Error(`${OCR_NOT_STARTED}: ${why}`),
      );
    });
  });
}
