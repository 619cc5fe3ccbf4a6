import type { Page } from 'puppeteer';
import { expect } from 'vitest';

export interface ComposerBarLayout {
  /** Each part the bar shows (attach, model, estimate, send) with its box, and whether its text is cut. */
  parts: { name: string; x: number; y: number; width: number; height: number; cut: boolean; text: string }[];
  /** The panel's width and the bar's right edge: the bar must not run past the panel. */
  pageWidth: number;
  barRight: number;
}

/**
 * The composer bar's parts as the browser laid them out. Runs as a string: Firefox's extension pages
 * refuse the `Function` a serialised callback would need (their CSP forbids eval).
 */
export async function composerBarLayout(panel: Page): Promise<ComposerBarLayout> {
  return panel.evaluate(`(() => {
    const bar = document.querySelector('.chat-panel:not(.panel-skeleton) .composer-bar');
    const shown = [...bar.children].filter((el) => el.getClientRects().length > 0);
    const parts = shown.map((el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      const text = el.querySelector('.model-button-name') ?? el;
      return {
        name: el.getAttribute('aria-label') || el.className,
        x, y, width, height,
        cut: text.scrollWidth > text.clientWidth + 1,
        text: el.textContent.trim(),
      };
    });
    return { parts, pageWidth: document.documentElement.clientWidth, barRight: bar.getBoundingClientRect().right };
  })()`) as Promise<ComposerBarLayout>;
}

/** The pairs of parts whose boxes overlap (by more than a rounding pixel). */
export function overlaps(layout: ComposerBarLayout): string[] {
  const found: string[] = [];
  layout.parts.forEach((a, i) => {
    for (const b of layout.parts.slice(i + 1)) {
      const x = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const y = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (x > 1 && y > 1) found.push(`${a.name} / ${b.name}`);
    }
  });
  return found;
}

/** The composer's tool tabs (Chat, Picture, Web search, Research) as laid out: each one's box and whether its label is cut. */
export async function toolTabsLayout(panel: Page): Promise<ComposerBarLayout> {
  return panel.evaluate(`(() => {
    const group = document.querySelector('.chat-panel:not(.panel-skeleton) .tool-choice');
    const parts = [...group.querySelectorAll('.ui-radio-segment')].map((el) => {
      const { x, y, width, height } = el.getBoundingClientRect();
      const label = el.querySelector('span');
      return {
        name: label.textContent.trim(),
        x, y, width, height,
        cut: label.scrollWidth > label.clientWidth + 1,
        text: label.textContent.trim(),
      };
    });
    return { parts, pageWidth: document.documentElement.clientWidth, barRight: group.getBoundingClientRect().right };
  })()`) as Promise<ComposerBarLayout>;
}

/** The composer bar in order (attach, model, estimate, Send), nothing overlapping, cut or past the panel's edge. */
export function expectComposerBarFits(layout: ComposerBarLayout) {
  expect(layout.parts.map((p) => p.text || p.name)).toEqual([
    expect.any(String),
    expect.stringContaining('Trove'),
    expect.stringMatching(/tokens/),
    'Send',
  ]);
  expect(overlaps(layout)).toEqual([]);
  expect(layout.parts.filter((p) => p.width < 1 || p.cut).map((p) => p.text)).toEqual([]);
  expect(layout.barRight).toBeLessThanOrEqual(layout.pageWidth);
}
