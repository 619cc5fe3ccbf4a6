import { styleSource } from '../../http/html';
import { PUBLIC_STYLE } from '../public-pages/page-style';

/** The prompt page's own rules, on top of the public pages' style sheet (both allowed by their hashes). */
export const PROMPT_STYLE = [
  '.run{display:grid;gap:.75rem;max-width:40rem;align-items:stretch;flex-direction:column}',
  '.run label{display:grid;gap:.25rem;font-weight:600}',
  'textarea,select{font:inherit;padding:.4rem .6rem;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--text)}',
  'textarea{min-height:6rem;resize:vertical}',
  '.button{display:inline-block;justify-self:start;padding:.4rem .9rem;border:1px solid var(--line);border-radius:6px;background:var(--card);text-decoration:none}',
  '.run button{justify-self:start}',
  '.error{margin:0;color:#b42318;font-weight:600}',
  '@media (prefers-color-scheme:dark){.error{color:#ff9b8f}}',
  '.prompt-text,.answer-text{white-space:pre-wrap;overflow-wrap:anywhere;background:var(--card);border:1px solid var(--line);border-radius:8px;padding:1rem;margin:.5rem 0 0;font:inherit}',
  '.signup{display:none;position:fixed;inset:0;background:rgb(0 0 0/.5);padding:1rem}',
  '.signup:target{display:grid;place-items:center}',
  '.signup>div{background:var(--card);color:var(--text);border-radius:8px;padding:1.5rem;max-width:28rem}',
].join('');

/**
 * Headers of the prompt pages: the public pages' policy (nothing runs, nothing remote but https images, forms post
 * only here) with this page's style sheet allowed too; never cached (an answer is the visitor's own).
 */
export const PROMPT_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; img-src 'self' https:; style-src ${styleSource(PUBLIC_STYLE)} ${styleSource(PROMPT_STYLE)}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;
