import { fileURLToPath } from 'node:url';
import type { ElementHandle, Page } from 'puppeteer';
import { FOLLOW_UPS_PROMPT } from '../../server/ai/chat-options';
import type { FakeProvider } from '../fake-provider/server';
import { type ExtensionBrowser, emulateTheme, openExtensionPage, openPopup } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { backgroundWorker } from './flows';

/**
 * The side panel's e2e helpers. The panel page is opened as a tab (`sidepanel.html?tabId=…`, the tab it
 * is about): headless Chromium has no side panel to show it in. The page is made readable the way a user
 * does it, with a click on the toolbar button (activeTab).
 */

/** An e2e environment whose house models are answered by the fake provider. */
export const startPanelEnvironment = (
  name: string,
  fake: FakeProvider,
  browserOptions?: Parameters<typeof startE2eEnvironment>[2],
  /** More server settings (e.g. where books are looked up). */
  moreEnv: Record<string, string> = {},
): Promise<E2eEnvironment> =>
  startE2eEnvironment(
    name,
    {
      TROVE_HOUSE_PROVIDER: 'openai-compatible',
      TROVE_HOUSE_BASE_URL: `${fake.url}/v1`,
      TROVE_HOUSE_API_KEY: 'house-key-e2e',
      ...moreEnv,
    },
    browserOptions,
  );

export const SCREENSHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));

/**
 * The chat requests the fake provider received since request number `since`, as text (system prompt
 * and messages). An answer with follow-up questions makes a second request, for the questions.
 */
export const providerBodies = (fake: FakeProvider, since = 0) =>
  fake.requests
    .slice(since)
    .filter((r) => r.path.includes('chat'))
    .map((r) => JSON.stringify(r.body));

async function activeTabId(ctx: ExtensionBrowser): Promise<number> {
  const worker = await backgroundWorker(ctx);
  return worker.evaluate(async () => {
    const scope = globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id: number }[]> } } };
    const [tab] = await scope.chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tab?.id ?? -1;
  });
}

/** Clicks the toolbar button on `page` (granting the extension that tab) and closes the popup. */
export async function grantTab(ctx: ExtensionBrowser, page: Page): Promise<number> {
  const popup = await openPopup(ctx, page);
  const tabId = await activeTabId(ctx);
  await popup.close();
  return tabId;
}

/** React's composer, not the one the panel's HTML shows until React loads. */
export const REACT_COMPOSER = '.chat-panel:not(.panel-skeleton) .composer-input';

export async function openPanel(ctx: ExtensionBrowser, tabId: number): Promise<Page> {
  const panel = await openExtensionPage(ctx, `sidepanel.html?tabId=${tabId}`);
  await panel.setViewport({ width: 400, height: 800 });
  await panel.waitForSelector(REACT_COMPOSER);
  return panel;
}

export async function ask(panel: Page, question: string) {
  const typed = () => panel.$eval('.composer-input', (box) => (box as HTMLTextAreaElement).value);
  // The question must be in the box before Enter: in a whole run the composer, drawn again after a tool or model was
  // chosen, once lost what was typed into it (the report showed it empty and no turn asked).
  for (let attempt = 1; ; attempt++) {
    await panel.locator('.composer-input').click();
    await panel.keyboard.type(question);
    const held = await typed();
    if (held === question) break;
    if (attempt === 3) throw new Error(`the composer holds "${held}" after "${question}" was typed three times`);
    await panel.$eval('.composer-input', (box) => (box as HTMLTextAreaElement).select());
    await panel.keyboard.press('Backspace');
  }
  await panel.keyboard.press('Enter');
}

/** The turn that asked `question`, once its shown answer has the status wanted: that answer's text. */
export async function answerTo(panel: Page, question: string, status = 'done') {
  const find = (q: string) =>
    [...document.querySelectorAll('.turn')].find((t) => t.querySelector('.question')?.textContent === q);
  await panel.waitForFunction(
    `(${find})(${JSON.stringify(question)})?.querySelector('.answer')?.getAttribute('data-status') === ${JSON.stringify(status)}`,
    { timeout: 30_000 },
  );
  return panel.evaluate(
    `(${find})(${JSON.stringify(question)})?.querySelector('.answer .md')?.textContent?.trim() ?? ''`,
  ) as Promise<string>;
}

/** Waits until the answer to `question` shows `text` (while it streams). */
export async function answerShows(panel: Page, question: string, text: string) {
  await panel.waitForFunction(
    (q, t) =>
      [...document.querySelectorAll('.turn')]
        .find((turn) => turn.querySelector('.question')?.textContent === q)
        ?.querySelector('.answer')
        ?.textContent?.includes(t),
    { timeout: 30_000 },
    question,
    text,
  );
}

/**
 * Waits until the fake provider has been asked for the follow-up questions to the answer to `question`. The server
 * asks for them after the answer's end (the panel shows it done first), and a script queued before that request
 * came would answer it instead of the next question.
 */
export async function followUpsAsked(fake: FakeProvider, question: string) {
  const asked = () =>
    fake.requests.some((request) => {
      const messages = (request.body as { messages?: unknown[] } | undefined)?.messages ?? [];
      const [asking, , last] = messages.slice(-3).map((message) => JSON.stringify(message));
      return last?.includes(FOLLOW_UPS_PROMPT) && asking?.includes(question);
    });
  for (let waited = 0; !asked(); waited += 50) {
    if (waited > 30_000) throw new Error(`the fake provider was never asked for follow-ups to "${question}"`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const MULTI_SWITCH = '::-p-aria([name="Multi select models"][role="switch"])';

export async function shoot(panel: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(panel, theme);
    await panel.screenshot({ path: `${SCREENSHOTS}sidepanel-${name}-${theme}.png` });
  }
  await emulateTheme(panel, 'light');
}

/**
 * Opens the last answer's options menu. The menu is offered once the answer is stored, and the turn is drawn again
 * then: a click that came just before lands on the button that was replaced, so it is clicked again until the menu
 * shows (a few times at most).
 */
export async function openLastAnswerOptions(panel: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await (await inLastTurn(panel, '.answer-options-trigger')).click();
    try {
      await panel.waitForSelector('.answer-options', { timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 4) throw error;
    }
  }
}

/**
 * Chooses `label` in the last answer's options menu and waits until `chosen` sees its outcome. A menu drawn again
 * between finding the button and clicking it (the redraw above, late on a busy machine) leaves the click on a
 * detached button or on the conversation beneath, and nothing chosen: then the menu is opened and chosen again.
 */
export async function chooseLastAnswerOption(
  panel: Page,
  label: string,
  chosen: () => Promise<unknown>,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await openLastAnswerOptions(panel);
    try {
      await (await panel.waitForSelector(`.answer-options button::-p-text(${label})`, { timeout: 5_000 }))?.click();
      await chosen();
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await panel.keyboard.press('Escape');
    }
  }
}

/** `selector` inside the conversation's last turn, once it is there (turns are not siblings: no `:last-of-type`). */
export async function inLastTurn(panel: Page, selector: string): Promise<ElementHandle<Element>> {
  const found = await panel.waitForFunction(
    (s) => [...document.querySelectorAll('.turn')].at(-1)?.querySelector(s),
    { timeout: 30_000 },
    selector,
  );
  return found as ElementHandle<Element>;
}
