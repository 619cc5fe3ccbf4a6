import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import type { ExtensionBrowser } from './browser';
import type { E2eEnvironment } from './environment';
import { signUpAndSignIn } from './flows';
import {
  answerShows,
  answerTo,
  ask,
  grantTab,
  openPanel,
  providerBodies,
  SCREENSHOTS,
  shoot,
  startPanelEnvironment,
} from './panel';

/**
 * The side panel while it is busy, as a new user meets it in real Chromium with the built extension, the real server
 * and the fake provider: it opens ready for a question, a question sent while an answer streams is queued (and can
 * be taken back), Enter right after an answer's text works while its follow-up questions are still on their way, and
 * the end of the last answer is in view.
 */

const USER = { username: 'busyuser', email: 'busy@example.test', password: 'correct horse battery' };

/** The queued questions' texts, top to bottom. */
const queued = (panel: Page) => panel.$$eval('.queued-question-text', (items) => items.map((item) => item.textContent));

/** Bottom of `selector` in the last turn and of the conversation's scroller, in the page's pixels. */
const bottoms = (panel: Page, selector: string) =>
  panel.evaluate((s) => {
    const last = [...document.querySelectorAll('.turn')].at(-1)?.querySelector(s);
    const scroller = document.querySelector('.message-list');
    return {
      element: last?.getBoundingClientRect().bottom ?? null,
      scroller: scroller?.getBoundingClientRect().bottom,
    };
  }, selector);

describe('the side panel, busy', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let fake: FakeProvider;
  let panel: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    fake = await startFakeProvider();
    env = await startPanelEnvironment('side-panel-busy', fake);
    ctx = env.ctx;
    await signUpAndSignIn(ctx, env.server.url, USER);
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    panel = await openPanel(ctx, await grantTab(ctx, article));
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && panel && !panel.isClosed())
      await panel.screenshot({
        path: `${SCREENSHOTS}sidepanel-busy-failed-${task.name.slice(0, 30).replace(/\W+/g, '-')}.png`,
      });
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('opens with the question box focused', async () => {
    expect(await panel.evaluate(() => document.activeElement?.matches('.composer-input') ?? false)).toBe(true);
    // Typing straight away writes the question.
    await panel.keyboard.type('Hello');
    expect(await panel.$eval('.composer-input', (el) => (el as HTMLTextAreaElement).value)).toBe('Hello');
    await panel.$eval('.composer-input', (el) => {
      (el as HTMLTextAreaElement).select();
    });
    await panel.keyboard.press('Backspace');
  });

  it('queues a question sent while an answer streams, lets one be taken back, and sends the rest when it ends', async () => {
    const since = fake.requests.length;
    // the first answer's end is held until the queue has been looked at: however busy the machine, it is still
    // streaming while the questions wait
    let endAnswer = () => {};
    const answerEnds = new Promise<void>((resolve) => {
      endAnswer = resolve;
    });
    fake.script(
      { chunks: ['The council ', 'met for ', 'six hours ', 'and voted.'], delayMs: 100, lastChunkAfter: answerEnds },
      { chunks: ['["Who voted against?"]'] },
      { chunks: ['Two members did.'] },
      { chunks: ['[]'] },
    );
    await ask(panel, 'What happened at the meeting?');
    await answerShows(panel, 'What happened at the meeting?', 'The council');
    await ask(panel, 'Who voted against?');
    await ask(panel, 'Never mind this one');
    await panel.waitForFunction(() => document.querySelectorAll('.queued-question').length === 2);
    expect(await queued(panel)).toEqual(['Who voted against?', 'Never mind this one']);
    expect(await panel.$eval('.composer-input', (el) => (el as HTMLTextAreaElement).value)).toBe('');
    await shoot(panel, 'queued');
    await panel.locator('::-p-aria(Remove queued question: Never mind this one)').click();
    expect(await queued(panel)).toEqual(['Who voted against?']);
    endAnswer();

    expect(await answerTo(panel, 'Who voted against?')).toBe('Two members did.');
    expect(await queued(panel)).toEqual([]);
    const asked = providerBodies(fake, since).join('\n');
    expect(asked).toContain('Who voted against?');
    expect(asked).not.toContain('Never mind this one');
  });

  it('takes the next question while the follow-up questions are still being asked for, and shows them after', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const since = fake.requests.length;
    fake.script(
      { chunks: ['Construction starts ', 'in spring.'] },
      { chunks: ['["How long will it take?", "What will it cost?"]'], lastChunkAfter: held },
      { chunks: ['About 48 million.'] },
      { chunks: ['[]'] },
    );
    await ask(panel, 'When does building start?');
    expect(await answerTo(panel, 'When does building start?')).toBe('Construction starts in spring.');
    // The follow-up request is held: Enter now sends the next question all the same.
    await ask(panel, 'And the cost?');
    expect(await answerTo(panel, 'And the cost?')).toBe('About 48 million.');
    expect(providerBodies(fake, since).some((body) => body.includes('And the cost?'))).toBe(true);
    release();
    await panel.waitForFunction(
      () =>
        [...document.querySelectorAll('.turn')]
          .find((t) => t.querySelector('.question')?.textContent === 'When does building start?')
          ?.querySelector('.answer-followups')?.textContent === 'How long will it take?What will it cost?',
      { timeout: 30_000 },
    );
  });

  it('shows the end of the last answer, its follow-up questions and sources in view', async () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `Point ${i + 1} of the plan is explained here at some length.\n\n`,
    );
    fake.script({ chunks: long }, { chunks: ['["What is point 3?", "Who pays?", "When is the vote?"]'] });
    await ask(panel, 'Explain the plan in detail');
    await answerTo(panel, 'Explain the plan in detail');
    await panel.waitForFunction(
      () => [...document.querySelectorAll('.turn')].at(-1)?.querySelector('.answer-followups') !== null,
      { timeout: 30_000 },
    );
    // Layout settles (the answer re-measured) before it is judged.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { element, scroller } = await bottoms(panel, '.answer-followups');
    expect(element).not.toBeNull();
    expect(element ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual((scroller ?? 0) + 1);

    // A long next question grows the question box (and shrinks the conversation): the end stays in view.
    const boxHeight = () => panel.$eval('.composer-input', (el) => el.getBoundingClientRect().height);
    const before = await boxHeight();
    await panel.locator('.composer-input').click();
    for (let line = 1; line <= 8; line++) {
      await panel.keyboard.type(`Line ${line} of a long question`);
      await panel.keyboard.down('Shift');
      await panel.keyboard.press('Enter');
      await panel.keyboard.up('Shift');
    }
    expect((await boxHeight()) - before).toBeGreaterThan(100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const grown = await bottoms(panel, '.answer-followups');
    expect(grown.element ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual((grown.scroller ?? 0) + 1);
    await shoot(panel, 'end-in-view');
  });
});
