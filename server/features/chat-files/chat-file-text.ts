import type { ChatFileFormat } from '../../../lib/api/chat-files-contract';
import { cleanText } from '../../../lib/api/clean-text';
import { decodeText } from './chat-file-sniff';
import { docxSizeProblem } from './docx-size';
import { MAX_HTML_DEPTH, nestsDeeperThan } from './html-depth';
import { type PdfReading, readPdf } from './pdf-read';

/**
 * The text of a chat document, extracted on the server: PDF pages by unpdf in a process of its
 * own (pdf-read.ts, for `pdf`'s user within its limits), DOCX by mammoth to HTML and HTML to Markdown by the page
 * extracts' rules, text as it is.
 * Cleaned as request text is (lib/api/clean-text.ts): a document's text may hold NUL (a PDF font can
 * map a glyph to U+0000) or lone surrogates, which PostgreSQL cannot store.
 * The extractors load on first use (tens of MB a server that is never sent a document need not hold).
 * Throws a plain Error with a reason fit for the user when the file cannot be read.
 */
export async function extractChatText(bytes: Uint8Array, format: ChatFileFormat, pdf: PdfReading): Promise<string> {
  return cleanText(await rawText(bytes, format, pdf));
}

async function rawText(bytes: Uint8Array, format: ChatFileFormat, pdf: PdfReading): Promise<string> {
  switch (format) {
    case 'pdf':
      return readPdf(bytes, pdf);
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

async function htmlText(html: string): Promise<string> {
  if (nestsDeeperThan(html)) throw new Error(`Its elements nest more than ${MAX_HTML_DEPTH} deep`);
  const { htmlToMarkdown } = await import('../../../lib/page/extract');
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
