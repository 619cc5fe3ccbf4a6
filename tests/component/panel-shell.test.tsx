import { render } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, test } from 'vitest';
import { SHELL_COMPOSER_SELECTOR } from '@/components/chat/composer/composer-handover';
import { PanelSkeleton } from '@/components/chat/PanelSkeleton';
import { loadPageHtml, shellMarkup } from './page-html';

describe("the side panel's shell (typeable before React loads)", () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  test("the HTML's skeleton is React's, so nothing moves when React replaces it", () => {
    loadPageHtml('sidepanel');
    expect(document.querySelector(SHELL_COMPOSER_SELECTOR)).not.toBeNull();
    const markup = shellMarkup('data-panel-shell');
    document.body.innerHTML = '';
    const { container } = render(
      <Provider>
        <PanelSkeleton />
      </Provider>,
    );
    expect(markup).toBe(container.innerHTML);
  });
});
