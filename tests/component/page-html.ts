import { readFileSync } from 'node:fs';

/**
 * An extension page's HTML (entrypoints/<page>/index.html) in the document, as the browser shows it before any script
 * runs.
 */
export function loadPageHtml(page: 'popup' | 'sidepanel') {
  const html = readFileSync(`entrypoints/${page}/index.html`, 'utf8');
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}

/**
 * The markup of the page's shell (the element with attribute `marker`) as React would render it: no marker, no
 * whitespace between tags.
 */
export function shellMarkup(marker: string): string {
  const shell = document.querySelector(`[${marker}]`)?.cloneNode(true) as HTMLElement;
  shell.removeAttribute(marker);
  return shell.outerHTML.replace(/>\s+</g, '><');
}
