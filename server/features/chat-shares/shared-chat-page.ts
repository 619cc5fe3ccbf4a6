import { answerLabel } from '../../../lib/chat/turns';
import { escapeHtml, styleSource } from '../../http/html';
import { pictureFileName, type SharedChat } from './chat-shares';

/**
 * The page a chat's share link shows: plain, self-contained HTML with no scripts, every text of the
 * chat escaped (answers are shown as their text, never rendered as markdown), styled by one inline
 * style sheet that the Content-Security-Policy allows by its hash and nothing else.
 */

const STYLE = [
  'body{margin:0;background:#f7f7f8;color:#1f2328;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}',
  'main{max-width:48rem;margin:0 auto;padding:2rem 1rem}',
  'h1{font-size:1.5rem;margin:0 0 .25rem}',
  'h2{font-size:.875rem;margin:0 0 .25rem;color:#57606a}',
  '.meta{color:#57606a;font-size:.875rem;margin:0 0 2rem}',
  'section{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:0 0 1rem}',
  'pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit;margin:0 0 1rem}',
  'pre:last-child{margin:0}',
  'img{max-width:100%;height:auto;border-radius:6px;margin:0 .5rem 1rem 0}',
  'footer{color:#57606a;font-size:.75rem;margin-top:2rem}',
].join('');

/**
 * Headers of the page: nothing but its own style sheet and this server's pictures may load, nothing may run,
 * and nothing about it leaks on.
 */
export const SHARED_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; img-src 'self'; style-src ${styleSource(STYLE)}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  // A link turned off must stop working at once, so no copy is kept anywhere.
  'Cache-Control': 'no-store',
} as const;

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** A date as `<time>`: readable text (UTC), the exact instant in `datetime`. */
const time = (date: Date) => `<time datetime="${date.toISOString()}">${escapeHtml(dateFormat.format(date))}</time>`;

type SharedTurn = SharedChat['turns'][number];

/** One answer: who answered and when, its text, pictures and web sources. */
function renderAnswer(token: string, answer: SharedTurn['answers'][number], index: number, count: number): string {
  const stopped = answer.status === 'stopped' ? ' (stopped)' : '';
  return [
    `<h2>${escapeHtml(answerLabel(answer, index, count))} (${escapeHtml(answer.model)}) · ${time(answer.createdAt)}${stopped}</h2>`,
    answer.answer ? `<pre>${escapeHtml(answer.answer)}</pre>` : '',
    ...(answer.images ?? []).map((p) => {
      const file = pictureFileName(p.url);
      // Relative to the page (/shared/chats/{token}), so it also holds under a PUBLIC_URL with a path.
      const src = file && `${encodeURIComponent(token)}/pictures/${encodeURIComponent(file)}`;
      return src ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(answer.userText)}">` : '';
    }),
    answer.results?.length
      ? `<h2>Sources</h2><pre>${answer.results.map((r, i) => escapeHtml(`${i + 1}. ${r.title} — ${r.url}`)).join('\n')}</pre>`
      : '',
  ].join('');
}

/** One question and its answers (one, or several: regenerated, or from several models). */
function renderTurn(token: string, turn: SharedTurn): string {
  return [
    '<section>',
    '<h2>Question</h2>',
    `<pre>${escapeHtml(turn.question)}</pre>`,
    ...turn.answers.map((answer, i) => renderAnswer(token, answer, i, turn.answers.length)),
    '</section>',
  ].join('');
}

/** The whole page of a shared chat. */
export function renderSharedChat(chat: SharedChat): string {
  const title = escapeHtml(chat.title);
  const turns = chat.turns.length
    ? chat.turns.map((turn) => renderTurn(chat.token, turn)).join('\n')
    : '<section><pre>No answers yet.</pre></section>';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${title}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${title}</h1>`,
    `<p class="meta">A chat shared from Trove, started ${time(chat.createdAt)}. Read-only.</p>`,
    turns,
    '<footer>Shared with a link: anyone who has it can read this page until its owner turns the link off.</footer>',
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
