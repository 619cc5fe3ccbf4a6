import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../fake-provider/server';
import { type ExtensionBrowser, focusWhenShown, openExtensionPage } from './browser';
import type { E2eEnvironment } from './environment';
import { createOverApi, getOverApi, saveGemOverApi } from './flows';
import {
  type LibraryEnvironment,
  openLibrary,
  saveRecipes,
  shootAndScan,
  startLibraryEnvironment,
  USER,
} from './library';
import { answerTo, ask, providerBodies, REACT_COMPOSER, shoot } from './panel';

/**
 * The library's selections and what the house models do from it (the fake provider answers): tags put on every gem a
 * search matches and taken off again, tags the model suggests, flash cards from a gem's text, and the side panel's chat
 * about a gem or about a search's results. One browser for all cases, in order.
 */

describe('the library page, selections and the AI', () => {
  let setup: LibraryEnvironment;
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let library: Page;
  // The house models answer from it: Suggest tags, Flash cards and the "Chat about…" cases.
  let fake: FakeProvider;
  let panel: Page;

  beforeAll(async () => {
    setup = await startLibraryEnvironment('library-ai');
    ({ env, ctx, fake } = setup);
    await saveRecipes(env.server.url);
    // The gem "Chat about these results" finds beside the almond paste (library.test.ts saves it from the popup and
    // gives it this title).
    await saveGemOverApi(...setup.api, {
      title: 'Seawall vote, annotated',
      url: 'https://news.example.test/seawall',
      text: 'The city council approved a $48M seawall after a late-night vote.',
    });
    library = await openLibrary(ctx);
  }, 240_000);

  afterAll(async () => {
    await setup?.close();
  });

  it('selects all gems that match a search, tags them in one job, and Undo takes the tags off; Suggest tags on one gem adds the AI’s', async () => {
    const api = [env.server.url, USER.username, USER.password] as const;
    await createOverApi(...api, 'tags', { tag: 'preserves' });
    for (let n = 1; n <= 50; n++)
      await saveGemOverApi(...api, {
        title: `Plum jam, jar ${n}`,
        url: `https://pantry.example.test/plum-${n}`,
        text: 'Plum jam with two lemons.',
      });
    const tagged = async () =>
      ((await getOverApi(...api, 'filter-search?q=tag%3Apreserves&perPage=1')) as { total: number }).total;
    await library.reload();
    await library.waitForSelector('.library-row-open');
    await focusWhenShown(library, '.library-row-open');
    await library.keyboard.press('/');
    await library.keyboard.type('lemons');
    await library.keyboard.press('Enter');
    // The 60 tarts and the 50 jars say "lemons"; the first 50 are loaded.
    await library.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '110 gems');
    await focusWhenShown(library, '.library-row-open');
    // The bar's code loads on this first selection: the link to select more must come with the bar, not before it
    // (it moved down under the click when the bar came).
    await library.evaluate(() => {
      new MutationObserver((_changes, observer) => {
        if (!document.querySelector('.library-selection-more')) return;
        document.body.dataset.moreCame = document.querySelector('.bulk-bar') ? 'with the bar' : 'before the bar';
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await library.keyboard.press('x');
    const came = await library.waitForFunction(() => document.body.dataset.moreCame);
    expect(await came.jsonValue()).toBe('with the bar');
    await library.locator('.library-selection button::-p-text(Select all shown)').click();
    await library.locator('.library-selection button::-p-text(Select all 110 gems that match)').click();
    await library.waitForFunction(() => document.querySelector('.bulk-bar-count')?.textContent === '110 gems selected');
    expect(await shootAndScan(library, 'bulk-selected')).toEqual([]);
    const tag = await library.$eval('.bulk-bar select[aria-label="Tag"] option:nth-child(2)', (o) => o.textContent);
    expect(tag).toBe('preserves');
    await library.select(
      '.bulk-bar select[aria-label="Tag"]',
      await library.$eval(
        '.bulk-bar select[aria-label="Tag"] option:nth-child(2)',
        (o) => (o as HTMLOptionElement).value,
      ),
    );
    await library.waitForSelector('.bulk-bar-result ::-p-text(Tagged: 110 gems)');
    expect(await tagged()).toBe(110);
    // The list was fetched again: the first row shows its new tag.
    await library.waitForFunction(() =>
      [...document.querySelectorAll('.library-row .library-tags li')].some((li) => li.textContent === '#preserves'),
    );
    expect(await shootAndScan(library, 'bulk-done')).toEqual([]);
    await library.locator('.bulk-bar-result button::-p-text(Undo)').click();
    await library.waitForSelector('.bulk-bar-result ::-p-text(Undone)');
    expect(await tagged()).toBe(0);
    await library.keyboard.press('Escape');
    await library.waitForFunction(() => document.querySelector('.bulk-bar') === null);

    // Suggest tags on a gem chosen by hand: the house model picks the user's "preserves" and a new "citrus".
    await focusWhenShown(library, '.library-row-open');
    await library.keyboard.press('x');
    await library.waitForFunction(() => document.querySelector('.bulk-bar-count')?.textContent === '1 gem selected');
    fake.script({ chunks: ['{"tags": ["preserves", "citrus"], "collection": null}'] });
    await library.locator('.bulk-bar button::-p-text(Suggest tags…)').click();
    await library.waitForSelector('.suggest-tags input[aria-label="citrus (new)"]');
    expect(await shootAndScan(library, 'suggest-tags')).toEqual([]);
    await library.locator('.suggest-tags button::-p-text(Add 2 tags)').click();
    await library.waitForSelector('.bulk-bar-result ::-p-text(Tagged as suggested: 1 gem)');
    const citrus = await getOverApi(...api, 'filter-search?q=tag%3Acitrus%20tag%3Apreserves&perPage=1');
    expect((citrus as { total: number }).total).toBe(1);
    await library.locator('.bulk-bar-result button::-p-text(Undo)').click();
    await library.waitForSelector('.bulk-bar-result ::-p-text(Undone)');
    expect(await tagged()).toBe(0);
    await library.keyboard.press('Escape');
    await library.waitForFunction(() => document.querySelector('.bulk-bar') === null);
  });

  it("the sheet's Flash cards tab generates cards from the gem's text through the house model; a card flips", async () => {
    const page = await openExtensionPage(ctx, 'library.html');
    await page.setViewport({ width: 1280, height: 800 });
    await page.waitForSelector('.library-row-open');
    await focusWhenShown(page, '.library-row-open');
    await page.keyboard.press('/');
    await page.keyboard.type('marzipan');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('.library-row-title').length === 1);
    await page.locator('.library-row-open').click();
    await page.waitForFunction(
      () => document.querySelector('#library-sheet-heading')?.textContent === 'Almond paste notes',
    );
    await page.locator('.library-sheet [role="tab"]::-p-text(Flash cards)').click();
    const since = fake.requests.length;
    const cards = {
      cards: [
        { front: 'What is ground with sugar?', back: 'Blanched almonds' },
        { front: 'What does it turn into?', back: 'Marzipan' },
      ],
    };
    fake.script({ chunks: JSON.stringify(cards).match(/[\s\S]{1,16}/g) ?? [] });
    await page.locator('.library-sheet button::-p-text(Generate flash cards)').click();
    await page.waitForSelector('.study-card');
    expect(await page.$eval('.study-card', (el) => el.textContent)).toBe('QuestionWhat is ground with sugar?');
    expect(providerBodies(fake, since)[0]).toContain('Grind blanched almonds with sugar');
    await page.click('.study-card');
    expect(await page.$eval('.study-card', (el) => el.textContent)).toBe('AnswerBlanched almonds');
    await page.$eval('.study-cards', (el) => el.scrollIntoView({ block: 'end' }));
    expect(await shootAndScan(page, 'flash-cards')).toEqual([]);
    // the keys: → shows the next card's question, Space flips it
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    expect(await page.$eval('.study-card', (el) => el.textContent)).toBe('AnswerMarzipan');
    await page.close();
  });

  it('"Chat about it" in the sheet opens the side panel on a new chat with that gem as context; the answer reads it', async () => {
    // a fresh library tab: the whole list, no search or sheet left by the cases before
    library = await openExtensionPage(ctx, 'library.html');
    await library.setViewport({ width: 1280, height: 800 });
    await library.waitForSelector('.library-row-open');
    await focusWhenShown(library, '.library-row-open');
    await library.keyboard.press('/');
    await library.keyboard.type('marzipan');
    await library.keyboard.press('Enter');
    await library.waitForFunction(() => document.querySelectorAll('.library-row-title').length === 1);
    await library.locator('.library-row-open').click();
    await library.waitForFunction(
      () => document.querySelector('#library-sheet-heading')?.textContent === 'Almond paste notes',
    );
    const opened = ctx.browser.waitForTarget((t) => t.url().endsWith('/sidepanel.html'), { timeout: 15_000 });
    await library.locator('.library-sheet button::-p-text(Chat about it)').click();
    panel = (await (await opened).asPage()) as Page;
    await panel.setViewport({ width: 400, height: 800 });
    await panel.waitForSelector(REACT_COMPOSER);
    const chips = '[aria-label="Chosen gems and collections"] .attached-file-name';
    await panel.waitForFunction((s) => document.querySelector(s)?.textContent === 'Almond paste notes', {}, chips);
    expect(await panel.$eval('.page-chip-note', (el) => el.textContent)).toBe(
      "This tab is Trove's library: the chat is about the gems it sent, not a page.",
    );

    const since = fake.requests.length;
    fake.script({ chunks: ['It turns almonds ', 'into marzipan.'] });
    await ask(panel, 'What does this gem make?');
    expect(await answerTo(panel, 'What does this gem make?')).toBe('It turns almonds into marzipan.');
    expect(providerBodies(fake, since)[0]).toContain('Grind blanched almonds with sugar until it turns into marzipan.');
    await shoot(panel, 'library-gem');
  });

  it('"Chat about these results" sends the search to the open panel: a new chat whose answer reads the gems it finds', async () => {
    await library.bringToFront();
    await library.keyboard.press('Escape');
    await focusWhenShown(library, '.library-row-open');
    await library.keyboard.press('/');
    await library.keyboard.down('Control');
    await library.keyboard.press('a');
    await library.keyboard.up('Control');
    await library.keyboard.type('marzipan OR council');
    await library.keyboard.press('Enter');
    await library.waitForFunction(() => document.querySelector('.library-results-count')?.textContent === '2 gems');
    expect(await shootAndScan(library, 'chat-results')).toEqual([]);
    await library.locator('button::-p-text(Chat about these results)').click();
    const chip = '[aria-label="Chosen gems and collections"] .attached-file';
    await panel.waitForFunction(
      (s) => document.querySelector(s)?.textContent === 'marzipan OR councilSearch · 2 gems×',
      {},
      chip,
    );
    // A new chat: the question before is not on screen.
    expect(await panel.$$eval('.turn', (turns) => turns.length)).toBe(0);

    const since = fake.requests.length;
    fake.script({ chunks: ['Marzipan and a seawall.'] });
    await ask(panel, 'What are these about?');
    expect(await answerTo(panel, 'What are these about?')).toBe('Marzipan and a seawall.');
    const sent = providerBodies(fake, since)[0];
    expect(sent).toContain('Grind blanched almonds with sugar until it turns into marzipan.');
    expect(sent).toContain('found by the search \\"marzipan OR council\\" \\"Seawall vote, annotated\\"');
    await shoot(panel, 'library-results');
    await panel.close();
  });
});
