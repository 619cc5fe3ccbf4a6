import { escapeHtml, styleSource } from '../../http/html';

/** The shell of the operator's pages (password reset, invitations): plain HTML, no script. */

const STYLE = [
  ':root{color-scheme:light dark}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:Canvas;color:CanvasText}',
  'main{max-width:28rem;margin:3rem auto;padding:0 1rem}',
  'h1{font-size:1.5rem;margin:0 0 1rem}',
  'label{display:block;font-weight:600;margin:1rem 0 .25rem}',
  'input{box-sizing:border-box;width:100%;font:inherit;padding:.5rem;border:1px solid GrayText;border-radius:6px}',
  'button{margin-top:1.25rem;font:inherit;padding:.5rem 1rem;border-radius:6px;border:0;background:#0b57d0;color:#fff}',
  '.error{color:#b3261e;font-weight:600}@media (prefers-color-scheme:dark){.error{color:#f2b8b5}}',
  'code{font-size:1.125rem;user-select:all;overflow-wrap:anywhere}',
].join('');

/** Nothing may load but the page's own style sheet, nothing may run, and a form may post only back here. */
export const OPERATOR_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src ${styleSource(STYLE)}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
} as const;

/** A whole page; `body` is HTML the caller built with escapeHtml. */
export const htmlPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · Trove</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
