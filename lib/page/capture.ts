import { captureImage, captureLink, type ImageCapture, type LinkCapture } from './capture-elements';
import { blockLanguage, detectLanguage } from './code-language';
import { detectPageMediaType, type PageMediaType } from './media-type';

// What the context-menu "save" actions read from the page. Like extract.ts, everything here is a pure
// function of the Document it is given (no window/location globals, the document is never mutated), so it
// runs in the injected capture script (entrypoints/capture.ts) and on jsdom fixtures alike.

export { captureImage, captureLink, type ImageCapture, type LinkCapture } from './capture-elements';
export type { PageMediaType } from './media-type';

/** What the background asks the injected capture script for (the argument of `globalThis.__troveCapture`). */
export type CaptureRequest =
  | { kind: 'selection' }
  | { kind: 'code' }
  | { kind: 'link'; linkUrl: string }
  | { kind: 'image'; srcUrl: string }
  | { kind: 'media' };
export type CaptureKind = CaptureRequest['kind'];

export interface SelectionCapture {
  /** The selected text, whitespace as the browser gives it (newlines and indentation inside <pre> kept). */
  text: string;
  /** The selected markup (scripts/styles dropped; wrapped in its <pre>/<code> when inside one). Not sanitised. */
  html: string;
}

export interface CodeCapture {
  /** The selected text, whitespace preserved exactly. */
  code: string;
  language: string | null;
  /** 'class': declared by the enclosing code block's markup; 'detected': guessed from the text. */
  languageSource: 'class' | 'detected' | null;
}

/** The result for each request kind; the script's completion value is `CaptureResult<kind> | null`. */
export interface CaptureResults {
  selection: SelectionCapture | null;
  code: CodeCapture | null;
  link: LinkCapture;
  image: ImageCapture;
  media: PageMediaType;
}
export type CaptureResult<K extends CaptureKind = CaptureKind> = CaptureResults[K];

/** The extension's isolated world of a page once the capture script ran: the capture, called with each request. */
export type CaptureScope = { __troveCapture?: (request: CaptureRequest) => CaptureResult | null };

/** Runs one capture request against `doc`; null for a missing or malformed request. */
export function runCapture<K extends CaptureKind>(
  doc: Document,
  request: Extract<CaptureRequest, { kind: K }>,
  pageUrl: string,
): CaptureResults[K];
export function runCapture(doc: Document, request: unknown, pageUrl: string): CaptureResult | null;
export function runCapture(doc: Document, request: unknown, pageUrl: string): CaptureResult | null {
  if (typeof request !== 'object' || request === null) return null;
  const req = request as Partial<Record<string, unknown>>;
  switch (req.kind) {
    case 'selection':
      return captureSelection(doc);
    case 'code':
      return captureCode(doc);
    case 'link':
      return typeof req.linkUrl === 'string' ? captureLink(doc, req.linkUrl) : null;
    case 'image':
      return typeof req.srcUrl === 'string' ? captureImage(doc, req.srcUrl) : null;
    case 'media':
      return detectPageMediaType(doc, pageUrl, doc.contentType);
    default:
      return null;
  }
}

interface RawSelection {
  text: string;
  ranges: Range[];
  /** Set when the selection is inside a <textarea>/<input> (not part of the DOM selection in every browser). */
  control: Element | null;
}

/** The selection's text and ranges, or null when nothing (or only whitespace) is selected. */
function readSelection(doc: Document): RawSelection | null {
  const selection = doc.getSelection();
  const ranges: Range[] = [];
  for (let i = 0; selection && i < selection.rangeCount; i++) ranges.push(selection.getRangeAt(i));
  const text = selection?.toString() ?? '';
  if (text.trim()) return { text, ranges, control: null };
  // Firefox (and Chrome in some cases) leaves selections in form controls out of getSelection().
  const control = doc.activeElement;
  const tag = control?.tagName.toLowerCase();
  if (control && (tag === 'textarea' || tag === 'input')) {
    try {
      const field = control as HTMLTextAreaElement;
      const { selectionStart: start, selectionEnd: end } = field;
      const value = start !== null && end !== null && end > start ? field.value.slice(start, end) : '';
      if (value.trim()) return { text: value, ranges: [], control };
    } catch {
      // Input types without a text selection (e.g. number) throw in some browsers.
    }
  }
  return null;
}

const closestElement = (node: Node | null, selector: string): Element | null => {
  const el = node && (node.nodeType === 1 ? (node as Element) : node.parentElement);
  return el?.closest(selector) ?? null;
};

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ENTITIES[c] ?? c);

/** The markup of one range: cloned (the page is untouched), without scripts, wrapped in its <code>/<pre>. */
function rangeHtml(doc: Document, range: Range): string {
  let wrapper: Element = doc.createElement('div');
  wrapper.append(range.cloneContents());
  for (const el of wrapper.querySelectorAll('script, style, noscript, template')) el.remove();
  const code = closestElement(range.commonAncestorContainer, 'code');
  const pre = closestElement(range.commonAncestorContainer, 'pre');
  for (const host of code && pre && code.contains(pre) ? [pre, code] : [code, pre]) {
    if (!host) continue;
    const shell = host.cloneNode(false) as Element;
    shell.append(...wrapper.childNodes);
    wrapper = doc.createElement('div');
    wrapper.append(shell);
  }
  return wrapper.innerHTML;
}

/** The current selection with its whitespace preserved, and its markup; null when nothing is selected. */
export function captureSelection(doc: Document): SelectionCapture | null {
  const selection = readSelection(doc);
  if (!selection) return null;
  const html = selection.control
    ? escapeHtml(selection.text)
    : selection.ranges.map((range) => rangeHtml(doc, range)).join('');
  return { text: selection.text, html };
}

/**
 * The code block the selection belongs to: the <pre> (or <code>) containing it, else the first <pre> it
 * partly covers (a selection running from a paragraph into a block).
 */
function findBlock(ranges: Range[]): { block: Element; inside: boolean } | null {
  for (const range of ranges) {
    const inner =
      closestElement(range.commonAncestorContainer, 'pre') ?? closestElement(range.commonAncestorContainer, 'code');
    if (inner) return { block: inner, inside: true };
  }
  for (const range of ranges) {
    const edge = closestElement(range.startContainer, 'pre') ?? closestElement(range.endContainer, 'pre');
    if (edge) return { block: edge, inside: false };
    const root = closestElement(range.commonAncestorContainer, '*');
    const covered = [...(root?.querySelectorAll('pre') ?? [])].find((pre) => range.intersectsNode(pre));
    if (covered) return { block: covered, inside: false };
  }
  return null;
}

/**
 * The selected code (whitespace exact) and its language. Inside (or partly covering) a code block the
 * language is the block's declared one (see `blockLanguage`); otherwise it is detected from the text —
 * the whole block's text when the selection lies within one, for more context — see `detectLanguage`.
 */
export function captureCode(doc: Document): CodeCapture | null {
  const selection = readSelection(doc);
  if (!selection) return null;
  const found = findBlock(selection.ranges);
  const declared = found ? blockLanguage(found.block) : null;
  if (declared) return { code: selection.text, language: declared, languageSource: 'class' };
  const preformatted = Boolean(selection.control?.tagName.toLowerCase() === 'textarea' || found?.block.closest('pre'));
  const sample = found?.inside ? (found.block.textContent ?? selection.text) : selection.text;
  const detected = detectLanguage(sample, preformatted);
  return { code: selection.text, language: detected, languageSource: detected ? 'detected' : null };
}
