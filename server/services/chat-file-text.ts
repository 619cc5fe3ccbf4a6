import { type ChatFileFormat, MAX_CHAT_FILE_TEXT } from '../../lib/api/chat-files-contract';
import { cleanText } from '../../lib/api/clean-text';
import { decodeText } from './chat-file-sniff';
import { docxSizeProblem } from './docx-size';
import { MAX_HTML_DEPTH, nestsDeeperThan } from './html-depth';
import { pdfSizeProblem } from './pdf-size';

/**
 * The text of a chat document, extracted on the server: PDF pages by unpdf (PDF.js without a
 * worker, so on the server's thread: bounded, see pdfText), DOCX by mammoth to HTML and HTML to
 * Markdown by the page extracts' rules, text as it is.
 * Cleaned as request text is (lib/api/clean-text.ts): a document's text may hold NUL (a PDF font can
 * map a glyph to U+0000) or lone surrogates, which PostgreSQL cannot store.
 * The extractors load on first use (tens of MB a server that is never sent a document need not hold).
 * Throws a plain Error with a reason fit for the user when the file cannot be read.
 */
export async function extractChatText(bytes: Uint8Array, format: ChatFileFormat): Promise<string> {
  return cleanText(await rawText(bytes, format));
}

async function rawText(bytes: Uint8Array, format: ChatFileFormat): Promise<string> {
  switch (format) {
    case 'pdf':
      return pdfText(bytes);
    case 'docx':
      return docxText(bytes);
    case 'html':
      return htmlText(textOf(bytes));
    case 'txt':
    case 'md':
    case 'csv':
      return textOf(bytes).replace(/^\uFEFF/, '');
    default:
      throw new Error(`${format} has no text`);
  }
}

function textOf(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (text === null) throw new Error('It is not UTF-8 text');
  return text;
}

/** The most pages a PDF may have: a document whose text fits MAX_CHAT_FILE_TEXT has far fewer. */
export const MAX_PDF_PAGES = 1000;

/** A document's text is longer than MAX_CHAT_FILE_TEXT (found before all of it was read). */
export class TextTooLong extends Error {
  constructor() {
    super(`Its text is longer than ${MAX_CHAT_FILE_TEXT.toLocaleString('en-US')} characters`);
  }
}

const UNREADABLE_PDF = 'It could not be read as a PDF (damaged or encrypted?)';

type PdfDocument = Awaited<ReturnType<typeof import('unpdf').getDocumentProxy>>;

/**
 * The PDF's text, page after page: its streams' decoded size is checked first (pdf-size.ts), its
 * pages counted, and each page's text read as a stream, stopping once the text is longer than
 * MAX_CHAT_FILE_TEXT. Destroying the document then ends PDF.js's work on it: a page's text is made only
 * as fast as it is read, so none goes on in the background.
 */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const problem = pdfSizeProblem(bytes);
  if (problem) throw new Error(problem);
  const { getDocumentProxy } = await import('unpdf');
  let pdf: PdfDocument;
  try {
    // PDF.js takes the buffer over: give it a copy
    // errors only: a destroyed document's unfinished page would warn
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch {
    throw new Error(UNREADABLE_PDF);
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
async function pageText(pdf: PdfDocument, number: number, room: number): Promise<string> {
  let text = '';
  try {
    const reader = (await pdf.getPage(number)).streamTextContent().getReader();
    while (text.length <= room) {
      const chunk = await reader.read();
      if (chunk.done) break;
      for (const item of chunk.value.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    }
  } catch {
    throw new Error(UNREADABLE_PDF);
  }
  return text;
}

async function htmlText(html: string): Promise<string> {
  if (nestsDeeperThan(html)) throw new Error(`Its elements nest more than ${MAX_HTML_DEPTH} deep`);
  const { htmlToMarkdown } = await import('../../lib/page/extract');
  return htmlToMarkdown(html);
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const problem = docxSizeProblem(bytes);
  if (problem) throw new Error(problem);
  let html: string;
  const { default: mammoth } = await import('mammoth');
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(bytes) })).value;
  } catch {
    throw new Error('It could not be read as a Word document (damaged?)');
  }
  return htmlText(html);
}
