import { siteOf } from '@/lib/page/site-name';
import { markOnce } from '../app/mark-once';
import { POPUP_MARKS } from './popup-marks';

/** The popup's HTML skeleton, shown until React renders (entrypoints/popup/index.html). */
export const SHELL_SELECTOR = '[data-popup-shell]';

/**
 * The tab's title and site as PreviewCard renders them with no image, built without React: the popup's
 * first script paints them as soon as the browser answers, while React and the form are still loading
 * (React then replaces the shell with the same card). Text only through textContent: a tab's title is
 * the page's to choose.
 */
export function previewCardElement(title: string, url: string): HTMLElement {
  const site = siteOf(url);
  const el = (tag: string, className: string, text?: string) => {
    const node = document.createElement(tag);
    node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  };
  const card = el('div', 'preview-card');
  const placeholder = el('div', 'preview-image preview-placeholder', site.charAt(0).toUpperCase());
  placeholder.setAttribute('aria-hidden', 'true');
  const text = el('div', 'preview-text');
  const siteLine = el('p', 'preview-site', site);
  siteLine.title = url;
  text.append(el('p', 'preview-title', title.trim() || 'Untitled'), siteLine);
  card.append(placeholder, text);
  return card;
}

/**
 * Shows the tab in the popup's HTML shell and resolves once that frame is painted (marked visible as the
 * frame is drawn), so what runs next (loading React) cannot hold the paint back.
 */
export function paintTabPreview(tab: { title: string; url: string }, root: ParentNode = document): Promise<void> {
  root.querySelector(`${SHELL_SELECTOR} .preview-card`)?.replaceWith(previewCardElement(tab.title, tab.url));
  return new Promise((painted) =>
    requestAnimationFrame(() => {
      markOnce(POPUP_MARKS.visible);
      setTimeout(painted);
    }),
  );
}
