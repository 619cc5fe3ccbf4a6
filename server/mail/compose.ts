import { isWebAddress } from '../../lib/api/web-address';
import { escapeHtml } from '../http/html';

/**
 * A message of a few paragraphs and one link, as plain text and as HTML with every text escaped: the link is the
 * only markup, and only http(s) addresses are made links (the caller builds them from the public base address).
 */
export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

export function composeMail(input: {
  subject: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  footer?: string;
}): ComposedMail {
  const { subject, paragraphs, link, footer } = input;
  if (link && !isWebAddress(link.href)) throw new Error(`a mail link must be http(s): ${link.href}`);
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.href}`] : []), ...(footer ? [`-- \n${footer}`] : [])]
    .join('\n\n')
    .concat('\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '',
    footer ? `<p style="color:#57606a;font-size:small">${escapeHtml(footer)}</p>` : '',
    '</body></html>',
  ].join('');
  return { subject, text, html };
}

/** An address under the server's public base (PUBLIC_URL, else the request's origin), e.g. `reset-password/abc`. */
export const publicLink = (base: string, path: string) => `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
