import { MAX_CHAT_FILE_TEXT } from '../../../lib/api/chat-file-text';

/** A document's text is longer than MAX_CHAT_FILE_TEXT (found before all of it was read). */
export class TextTooLong extends Error {
  constructor() {
    super(`Its text is longer than ${MAX_CHAT_FILE_TEXT.toLocaleString('en-US')} characters`);
  }
}

export const UNREADABLE_PDF = 'It could not be read as a PDF (damaged or encrypted?)';

export const PDF_TOO_BIG = 'The PDF needs too much memory to read';

/**
 * Whether the reader ran out of memory. Near its heap bound V8 either ends the process (its last words name
 * the heap, or the whole process, being out of memory, and aborts; the system's OOM killer sends SIGKILL and
 * says nothing) or, for one big array, throws a RangeError that PDF.js passes on by its message: a file's fault,
 * not damage.
 */
export const outOfMemory = {
  error: (error: unknown) => /allocation failed|out of memory/i.test((error as Error | undefined)?.message ?? ''),
  // PDF.js is JavaScript only: its process dies by a signal only when V8 gives up (an abort) or the system kills it.
  end: (signal: NodeJS.Signals | null, stderr: string) =>
    signal !== null || /allocation failed|out of memory/i.test(stderr),
};
