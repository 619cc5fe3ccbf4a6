import { getDocumentProxy } from 'unpdf';
import { MAX_CHAT_FILE_TEXT } from '../../../lib/api/chat-file-text';
import { pdfSizeProblem } from './pdf-size';
import { outOfMemory, PDF_TOO_BIG, TextTooLong, UNREADABLE_PDF } from './text-errors';

/** The most pages a PDF may have: a document whose text fits MAX_CHAT_FILE_TEXT has far fewer. */
export const MAX_PDF_PAGES = 1000;

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/**
 * The PDF's text, page after page, by unpdf (PDF.js without a worker of its own; this runs in
 * the reader's process, pdf-worker.ts, see pdf-read.ts): its streams' decoded size is checked first (pdf-size.ts), its
 * pages counted, and each page's text read as a stream, stopping once the text is longer than
 * MAX_CHAT_FILE_TEXT. Throws a plain Error with a reason fit for the user, or TextTooLong.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const problem = pdfSizeProblem(bytes);
  if (problem) throw new Error(problem);
  let pdf: PdfDocument;
  try {
    // errors only: a destroyed document's unfinished page would warn
    pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  } catch (error) {
    throw unreadable(error);
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) {
      const count = (n: number) => n.toLocaleString('en-US');
      throw new Error(`It has ${count(pdf.numPages)} pages; a PDF may have at most ${count(MAX_PDF_PAGES)}`);
    }
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pageText(pdf, number, MAX_CHAT_FILE_TEXT - length);
      length += page.length;
      if (length > MAX_CHAT_FILE_TEXT) throw new TextTooLong();
      pages.push(page.trim());
    }
    return pages.filter(Boolean).join('\n\n');
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** Page `number`'s text, as unpdf's extractText makes it; read no further than just past `room` characters. */
export async function pageText(pdf: PdfDocument, number: number, room: number): Promise<string> {
  let text = '';
  try {
    const reader = (await pdf.getPage(number)).streamTextContent().getReader();
    while (text.length <= room) {
      const chunk = await reader.read();
      if (chunk.done) return text;
      for (const item of chunk.value.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    }
    // Read far enough: the rest is called off. Left unread, PDF.js's task waits for a reader that no longer reads,
    // and destroying the document waits for that task: the reader would never answer (until its time bound).
    await reader.cancel(new Error('Read far enough'));
  } catch (error) {
    throw unreadable(error);
  }
  return text;
}

/**
 * Why PDF.js failed, for the user: too big to read in the reader's memory, else damaged; PDF.js's own error as the
 * cause.
 */
const unreadable = (error: unknown) =>
  new Error(outOfMemory.error(error) ? PDF_TOO_BIG : UNREADABLE_PDF, { cause: error });
