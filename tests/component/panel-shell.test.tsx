import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, test } from 'vitest';
import { SHELL_COMPOSER_SELECTOR } from '@/components/chat/composer/composer-handover';
import { PanelSkeleton } from '@/components/chat/PanelSkeleton';

const SHELL = '[data-panel-shell]';

/** The panel's HTML as the browser shows it before any script runs. */
function loadShell() {
  const html = readFileSync('entrypoints/sidepanel/index.html', 'utf8');
  document.body.innerHTML = new DOMParser().parseFromString(html, 'text/html').body.innerHTML;
}
const shellMarkup = () => {
  const main = document.querySelector(SHELL)?.cloneNode(true) as HTMLElement;
  main.removeAttribute('data-panel-shell');
  return main.outerHTML.replace(/>\s+</g, '><');
};

describe("the side panel's shell (typeable before React loads)", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  test("the HTML's skeleton is React's, so nothing moves when React replaces it", () => {
    loadShell();
    expect(document.querySelector(SHELL_COMPOSER_SELECTOR)).not.toBeNull();
    const markup = shellMarkup();
    document.body.innerHTML = '';
    const { container } = render(
      <Provider>
        <PanelSkeleton />
      </Provider>,
    );
    expect(markup).toBe(container.innerHTML);
  });
});
