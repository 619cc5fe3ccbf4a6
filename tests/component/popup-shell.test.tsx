import { render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { PopupSkeleton } from '@/components/popup/PopupStates';
import { PreviewCard } from '@/components/popup/PreviewCard';
import { POPUP_MARKS } from '@/components/popup/popup-marks';
import { paintTabPreview, previewCardElement, SHELL_SELECTOR } from '@/components/popup/tab-preview-shell';
import { loadPageHtml, shellMarkup } from './page-html';

const TAB = { title: '  Fish & <b>chips</b> | The Daily  ', url: 'https://www.daily.example/fish?x=1' };
const ACTIVE_TAB = { ...TAB, tabId: 1, favIconUrl: null, detected: { mediaType: 'Link' as const, mediaUrl: null } };

const loadShell = () => loadPageHtml('popup');
const popupShell = () => shellMarkup('data-popup-shell');

describe("the popup's shell (painted before React loads)", () => {
  afterEach(() => {
    document.body.innerHTML = '';
    performance.clearMarks(POPUP_MARKS.visible);
  });

  test('is the card React renders for the tab, so nothing changes when React replaces it', () => {
    const { container } = render(<PreviewCard title={TAB.title} url={TAB.url} image={null} />);
    expect(previewCardElement(TAB.title, TAB.url).outerHTML).toBe(container.innerHTML);
    // The same for a title the tab leaves empty.
    const untitled = render(<PreviewCard title=" " url="https://a.example/" image={null} />);
    expect(previewCardElement(' ', 'https://a.example/').outerHTML).toBe(untitled.container.innerHTML);
  });

  test("the HTML's skeleton is React's, before and after the tab is painted in: the popup neither jumps nor resizes", async () => {
    loadShell();
    expect(popupShell()).toBe(render(<PopupSkeleton />).container.innerHTML);
    await paintTabPreview(TAB);
    expect(popupShell()).toBe(render(<PopupSkeleton tab={ACTIVE_TAB} />).container.innerHTML);
  });

  test("shows the tab's title as text, never as markup", () => {
    const card = previewCardElement(TAB.title, TAB.url);
    expect(card.querySelector('b')).toBeNull();
    expect(card.querySelector('.preview-title')?.textContent).toBe('Fish & <b>chips</b> | The Daily');
    expect(card.querySelector('.preview-site')?.textContent).toBe('daily.example');
  });

  test('paints into the shell and marks the title and address visible once the frame is drawn', async () => {
    loadShell();
    const painted = paintTabPreview(TAB);
    expect(document.querySelector(`${SHELL_SELECTOR} .preview-title`)?.textContent).toBe(
      'Fish & <b>chips</b> | The Daily',
    );
    await painted;
    expect(performance.getEntriesByName(POPUP_MARKS.visible, 'mark')).toHaveLength(1);
  });
});
