import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gem } from '../../lib/api/contract';
import { type ExtensionBrowser, emulateTheme, openPopup } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { backgroundWorker, clickMenuItem, fetchGem, fetchGems, signInOverApi, signUpAndSignIn } from './flows';
import { GEM_PNG, startTestSite } from './test-site';

const SCREENSHOTS = fileURLToPath(new URL('../../test-output/screenshots/', import.meta.url));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const USER = { username: 'clicker', email: 'clicker@example.test', password: 'correct horse battery' };

interface ShownNotice {
  id: string;
  title: string;
  message: string;
  buttons: string[];
}

/**
 * Records the notifications the background asks the browser for from now on (system notifications cannot be looked
 * at from the test): `chrome.notifications.create` is wrapped in the service worker and still shows them.
 */
async function watchNotifications(ctx: ExtensionBrowser) {
  const worker = await backgroundWorker(ctx);
  await worker.evaluate(() => {
    type Create = (options: { title: string; message: string; buttons?: { title: string }[] }) => Promise<string>;
    const scope = globalThis as unknown as {
      chrome: { notifications: { create: Create } };
      shownNotices?: ShownNotice[];
      createNotice?: Create;
    };
    scope.shownNotices = [];
    scope.createNotice ??= scope.chrome.notifications.create.bind(scope.chrome.notifications);
    const create = scope.createNotice;
    scope.chrome.notifications.create = async (options) => {
      const id = await create(options);
      scope.shownNotices?.push({
        id,
        title: options.title,
        message: options.message,
        buttons: options.buttons?.map((b) => b.title) ?? [],
      });
      return id;
    };
  });
  return {
    shown: () => worker.evaluate(() => (globalThis as unknown as { shownNotices: ShownNotice[] }).shownNotices),
    /** Clicks button `index` of notification `id`, as the browser's onButtonClicked would. */
    click: (id: string, index: number) =>
      worker.evaluate(
        (noticeId, button) =>
          (
            globalThis as unknown as { trove: { onNoticeButton(i: string, b: number): Promise<void> } }
          ).trove.onNoticeButton(noticeId, button),
        id,
        index,
      ),
  };
}

/** Selects the text of an element, as a person dragging over it would. */
async function selectText(page: Page, selector: string) {
  await page.$eval(selector, (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
  });
}

describe('right-click saves', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let page: Page;
  let pageUrl: string;
  const deleteOverApi = async (serverUrl: string, path: string) => {
    const jwt = await signInOverApi(serverUrl, USER.username, USER.password);
    const res = await fetch(`${serverUrl}/api/${path}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(res.status).toBe(200);
  };
  const saved = async (mediaType: Gem['media_type']) =>
    (await fetchGems(env.server.url, USER.username, USER.password)).data.filter((g) => g.media_type === mediaType);

  beforeAll(async () => {
    env = await startE2eEnvironment('menu');
    ctx = env.ctx;
    await signUpAndSignIn(ctx, env.server.url, USER);
    pageUrl = `${env.site.url}/capture-e2e.html`;
    page = await ctx.browser.newPage();
    await page.goto(pageUrl);
    // A right-click grants the extension this tab (activeTab); the toolbar button grants the same.
    const popup = await openPopup(ctx, page);
    await popup.close();
    await page.bringToFront();
  });

  afterAll(() => env?.close());

  it('saves an image with its bytes, alt text and size', async () => {
    const srcUrl = `${env.site.url}/assets/gem.png`;
    const outcome = await clickMenuItem(ctx, { menuItemId: 'trove-save-image', srcUrl, pageUrl, frameId: 0 });
    expect(outcome).toMatchObject({ status: 'saved' });
    const [gem] = await saved('Image');
    expect(gem).toMatchObject({
      title: 'The Trove gem',
      url: pageUrl,
      description: 'A purple gem',
      media: { mediaUrl: srcUrl, alt: 'A purple gem', width: 128, height: 128 },
    });
    // The image was copied to the server, so the gem outlives the page.
    expect(gem?.image).toMatch(new RegExp(`^${env.server.url}/uploads/[A-Za-z0-9_-]{22}\\.png$`));
    const stored = await fetch(gem?.image as string);
    expect(Buffer.from(await stored.arrayBuffer()).equals(readFileSync(GEM_PNG))).toBe(true);
  });

  it('saves an image it may not read (another origin, no CORS) by its address', async () => {
    const other = await startTestSite();
    try {
      const srcUrl = `${other.url}/assets/gem.png`;
      const outcome = await clickMenuItem(ctx, { menuItemId: 'trove-save-image', srcUrl, pageUrl, frameId: 0 });
      expect(outcome).toMatchObject({ status: 'saved' });
      const gem = (await saved('Image')).find((g) => g.media.mediaUrl === srcUrl);
      // Not on this page, so nothing describes it: the title falls back to the page's.
      expect(gem).toMatchObject({
        image: srcUrl,
        url: pageUrl,
        title: 'Image from Field notes: parsing logs with Python',
      });
    } finally {
      await other.close();
    }
  });

  it('saves selected code with its whitespace and the block’s language', async () => {
    await selectText(page, '#code');
    const selectionText = await page.evaluate(() => document.getSelection()?.toString());
    await clickMenuItem(ctx, { menuItemId: 'trove-save-code', selectionText, pageUrl, frameId: 0 });
    const [gem] = await saved('Code');
    // Exactly what the browser selected (Chromium leaves out the block's final newline), indentation kept.
    expect(selectionText).toBe(
      'def parse(line):\n    level, _, message = line.partition(" ")\n    return {"level": level, "message": message.rstrip()}',
    );
    expect(gem?.media).toEqual({ language: 'python', code: selectionText });
    expect(gem?.title).toBe('python code from Field notes: parsing logs with Python');
    expect(gem?.url).toBe(pageUrl);
  });

  it('saves a selection as a quote and a link with its text as title', async () => {
    await selectText(page, '#quote');
    await clickMenuItem(ctx, {
      menuItemId: 'trove-save-selection',
      selectionText: 'ignored when the page can be read',
      pageUrl,
      frameId: 0,
    });
    const [quote] = await saved('Quote');
    expect(quote && (await fetchGem(env.server.url, USER.username, USER.password, quote.id))).toMatchObject({
      title: 'Logs are letters your past self wrote to your future self.',
      text: 'Logs are letters your past self wrote to your future self.',
      url: pageUrl,
    });

    const linkUrl = `${env.site.url}/news-article.html`;
    await clickMenuItem(ctx, { menuItemId: 'trove-save-link', linkUrl, pageUrl, frameId: 0 });
    const [link] = await saved('Link');
    expect(link).toMatchObject({ title: 'the seawall story', url: linkUrl });
  });

  it('two saves at once on one page each read their own element', async () => {
    // Each reading of the page carries its own request: when they shared one page global, one could take the other's.
    const srcUrl = `${env.site.url}/assets/gem.png`;
    const linkUrl = `${env.site.url}/news-article.html`;
    const before = { images: (await saved('Image')).length, links: (await saved('Link')).length };
    // The link was saved by the test before: saved again, it would be found instead (see 'saving twice').
    const earlier = (await saved('Link')).find((g) => g.url === linkUrl);
    if (earlier) await deleteOverApi(env.server.url, `gems/${earlier.id}`);
    before.links -= earlier ? 1 : 0;
    await Promise.all([
      clickMenuItem(ctx, { menuItemId: 'trove-save-image', srcUrl, pageUrl, frameId: 0 }),
      clickMenuItem(ctx, { menuItemId: 'trove-save-link', linkUrl, pageUrl, frameId: 0 }),
    ]);
    const [images, links] = [await saved('Image'), await saved('Link')];
    expect([images.length, links.length]).toEqual([before.images + 1, before.links + 1]);
    expect(images[0]).toMatchObject({
      title: 'The Trove gem',
      media: { alt: 'A purple gem', width: 128, height: 128 },
    });
    expect(links[0]).toMatchObject({ title: 'the seawall story', url: linkUrl });
  });

  it('saves the page with its article text, read by Readability as built for the store (the page restored between passes)', async () => {
    const storyUrl = `${env.site.url}/sidebar-story.html`;
    await page.goto(storyUrl);
    await (await openPopup(ctx, page)).close();
    await page.bringToFront();
    await clickMenuItem(ctx, { menuItemId: 'trove-save-page', pageUrl: storyUrl, frameId: 0 });
    const listed = (await fetchGems(env.server.url, USER.username, USER.password)).data.find((g) => g.url === storyUrl);
    const gem = listed && (await fetchGem(env.server.url, USER.username, USER.password, listed.id));
    expect(gem?.title).toBe("The lighthouse keeper's logbook");
    expect(gem?.text).toContain('Every night for forty years, Agnes Morrow wrote three lines in the logbook');
    expect(gem?.text).toContain('went back to oiling the hinges of the gallery door');
  });

  it('saving the same link twice makes one gem: the second notification says it is already saved', async () => {
    const linkUrl = `${env.site.url}/news-article.html?twice=1`;
    const notices = await watchNotifications(ctx);
    const first = await clickMenuItem(ctx, { menuItemId: 'trove-save-link', linkUrl, pageUrl, frameId: 0 });
    const second = await clickMenuItem(ctx, { menuItemId: 'trove-save-link', linkUrl, pageUrl, frameId: 0 });
    const gem = (first as { gem: Gem }).gem;
    expect(second).toMatchObject({ status: 'saved', existing: true, gem: { id: gem.id } });
    expect((await saved('Link')).filter((g) => g.url === linkUrl).map((g) => g.id)).toEqual([gem.id]);
    const shown = await notices.shown();
    expect(shown.map((n) => [n.title, n.buttons])).toEqual([
      ['Saved to Trove', ['Open', 'Undo']],
      ['Already in Trove', ['Open']],
    ]);

    // Undo from the first notification removes the gem.
    await notices.click(shown[0]?.id ?? '', 1);
    expect((await saved('Link')).filter((g) => g.url === linkUrl)).toEqual([]);
    expect((await notices.shown()).at(-1)?.title).toBe('Save undone');
  });

  it('"Save page" on a page already saved makes no second gem', async () => {
    const storyUrl = `${env.site.url}/sidebar-story.html`;
    const atStory = async () =>
      (await fetchGems(env.server.url, USER.username, USER.password)).data.filter((g) => g.url === storyUrl);
    const before = await atStory();
    expect(before).toHaveLength(1);
    const notices = await watchNotifications(ctx);
    const outcome = await clickMenuItem(ctx, { menuItemId: 'trove-save-page', pageUrl: storyUrl, frameId: 0 });
    expect(outcome).toMatchObject({ status: 'saved', existing: true, gem: { id: before[0]?.id } });
    expect((await atStory()).map((g) => g.id)).toEqual(before.map((g) => g.id));
    expect((await notices.shown()).map((n) => [n.title, n.message, n.buttons])).toEqual([
      [
        'Already in Trove',
        "“The lighthouse keeper's logbook” was already saved in Unfiltered: nothing new was made.",
        ['Open'],
      ],
    ]);
  });

  it('saves a screenshot of the tab as an Image gem, from the popup and from the menu, its image a PNG on the server', async () => {
    await page.goto(pageUrl);
    const popup = await openPopup(ctx, page);
    await emulateTheme(popup, 'light');
    await popup.locator('footer button::-p-text(Save screenshot)').click();
    const toast = await popup.waitForSelector('.toast-success');
    expect(await toast?.evaluate((el) => el.textContent)).toContain('Screenshot saved');
    // The toast never covers the footer whose buttons it reports on.
    const { toastBottom, footerTop } = await popup.evaluate(() => ({
      toastBottom: document.querySelector('.toast-success')?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY,
      footerTop: document.querySelector('footer')?.getBoundingClientRect().top ?? 0,
    }));
    expect(toastBottom).toBeLessThan(footerTop);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await popup.screenshot({ path: `${SCREENSHOTS}popup-screenshot-saved-light.png` });
    await emulateTheme(popup, 'dark');
    await popup.screenshot({ path: `${SCREENSHOTS}popup-screenshot-saved-dark.png` });
    await popup.close();
    await page.bringToFront();
    const outcome = await clickMenuItem(ctx, { menuItemId: 'trove-save-screenshot', pageUrl, frameId: 0 });
    expect(outcome).toMatchObject({ status: 'saved', gem: { media_type: 'Image', media: { screenshot: true } } });

    const shots = (await saved('Image')).filter((g) => g.media.screenshot);
    expect(shots).toHaveLength(2);
    for (const gem of shots) {
      expect(gem).toMatchObject({ title: 'Screenshot of Field notes: parsing logs with Python', url: pageUrl });
      expect(gem.media.width).toBeGreaterThan(100);
      expect(gem.media.height).toBeGreaterThan(100);
      expect(gem.image).toMatch(new RegExp(`^${env.server.url}/uploads/[A-Za-z0-9_-]{22}\\.png$`));
      const stored = Buffer.from(await (await fetch(gem.image as string)).arrayBuffer());
      expect(stored.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(stored.length).toBeGreaterThan(1000);
    }
  });
});
