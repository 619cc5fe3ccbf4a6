import { getResolvedPDFJS } from 'unpdf';
import { pdfText } from './pdf-text';
import { TextTooLong } from './text-errors';

/**
 * The PDF reader's process (started by pdf-read.ts; built as its own file by scripts/build-server.ts):
 * loads PDF.js, says 'ready', reads the text of the one PDF it is then sent (its bytes) and answers
 * with a PdfReply.
 */
export type PdfReply = { text: string } | { problem: string; tooLong: boolean; cause?: string };

const send = (message: 'ready' | PdfReply) => process.send?.(message);

process.once('message', async (bytes: Uint8Array) => {
  let reply: PdfReply;
  try {
    // it arrives as a Buffer, which PDF.js refuses
    reply = { text: await pdfText(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch (error) {
    const { message, cause } = error as Error;
    // PDF.js's own words, for the server's log only
    reply = {
      problem: message,
      tooLong: error instanceof TextTooLong,
      cause: cause === undefined ? undefined : String(cause),
    };
  }
  send(reply);
});
process.once('disconnect', () => process.exit()); // the server ended
await getResolvedPDFJS();
send('ready');
