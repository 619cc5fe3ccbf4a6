import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { ElementHandle } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { feedbacks, feedbackTags, tags, users } from '../../server/db/schema';
import { type ExtensionBrowser, openPopup } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { backgroundWorker, clickMenuItem, signUpInOptions } from './flows';

const PNG_PATH = fileURLToPath(new URL('../../public/icon/32.png', import.meta.url));

async function readFeedback(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db
      .select({ feedback: feedbacks, author: users.username })
      .from(feedbacks)
      .innerJoin(users, eq(users.id, feedbacks.authorId));
    const tagRows = await database.db
      .select({ feedbackId: feedbackTags.feedbackId, tag: tags.name })
      .from(feedbackTags)
      .innerJoin(tags, eq(tags.id, feedbackTags.tagId));
    return rows.map((r) => ({
      ...r,
      tags: tagRows
        .filter((t) => t.feedbackId === r.feedback.id)
        .map((t) => t.tag)
        .sort(),
    }));
  } finally {
    await database.close();
  }
}

describe('report a bug from the popup', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;

  beforeAll(async () => {
    env = await startE2eEnvironment('report');
    ctx = env.ctx;
    const options = await signUpInOptions(ctx, env.server.url, {
      username: 'reporter',
      email: 'reporter@example.test',
      password: 'correct horse battery',
    });
    await options.close();
  });

  afterAll(() => env?.close());

  it('files a report with tags and an image, stored with isExtension and a working image link', async () => {
    const pageUrl = `${env.site.url}/docs-page.html`;
    const page = await ctx.browser.newPage();
    await page.goto(pageUrl);
    const popup = await openPopup(ctx, page);
    await popup.locator('::-p-text(Report a bug)').click();
    await popup.waitForSelector('[role="dialog"]');
    expect(await popup.$eval('#report-url', (el) => (el as HTMLInputElement).value)).toBe(pageUrl);
    // Within Chrome's 600 px popup: the fields scroll inside the dialog, Submit stays in view without scrolling the
    // page.
    const fit = await popup.evaluate(() => {
      const submit = document.querySelector('[role="dialog"] button[type="submit"]')?.getBoundingClientRect();
      return {
        scrollHeight: document.documentElement.scrollHeight,
        innerHeight,
        submitBottom: submit?.bottom ?? Infinity,
      };
    });
    console.log('report dialog in the popup:', fit);
    expect(fit.scrollHeight).toBeLessThanOrEqual(600);
    expect(fit.submitBottom).toBeLessThanOrEqual(fit.innerHeight);
    // Focus is in the dialog, on its first field.
    expect(await popup.evaluate(() => document.activeElement?.id)).toBe('report-title');
    expect(await popup.$eval('#report-category', (el) => (el as HTMLSelectElement).value)).toBe('Bug');

    await popup.type('#report-title', 'Code blocks lose their language');
    await popup.type('#report-description', 'Saving the docs page drops the ts fence.');
    await popup.type('#report-tags', 'popup');
    await popup.keyboard.press('Enter');
    await popup.type('#report-tags', 'markdown,');
    await popup.waitForFunction(() => document.querySelectorAll('.chip').length === 2);

    const fileInput = (await popup.$('#report-attachments')) as ElementHandle<HTMLInputElement>;
    await fileInput.uploadFile(PNG_PATH);
    await popup.waitForSelector('.thumb-uploaded');

    await popup.click('[role="dialog"] button[type="submit"]');
    await popup.waitForSelector('.toast-success');
    expect(await popup.$eval('.toast-success', (el) => el.textContent)).toBe('Report has been submitted');
    expect(await popup.$('[role="dialog"]')).toBeNull();
    await popup.close().catch(() => {});
    await page.close();

    await env.stopServer();
    const [stored, ...others] = await readFeedback(env.dataDir);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      author: 'reporter',
      tags: ['markdown', 'popup'],
      feedback: {
        title: 'Code blocks lose their language',
        description: 'Saving the docs page drops the ts fence.',
        url: pageUrl,
        category: 'Bug',
        isExtension: true,
        diagnostics: expect.objectContaining({ extensionVersion: '0.1.0', os: expect.stringMatching(/^linux/) }),
      },
    });
    const [link] = stored?.feedback.imageLinks ?? [];
    expect(stored?.feedback.imageLinks).toHaveLength(1);

    await env.startServer();
    const image = await fetch(link as string);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(readFileSync(PNG_PATH))).toBe(true);
  });

  it('opens the dialog from the right-click menu without treating it as a save (no badge, no notification, no error)', async () => {
    const pageUrl = `${env.site.url}/docs-page.html`;
    const page = await ctx.browser.newPage();
    await page.goto(pageUrl);
    await page.bringToFront();
    const opened = ctx.browser.waitForTarget(
      (t) => t.url().includes('/options.html') && t.url().endsWith('#report-bug'),
    );
    expect(await clickMenuItem(ctx, { menuItemId: 'trove-report-bug', pageUrl })).toBeNull();
    const options = await (await opened).page();
    await options?.waitForSelector('[role="dialog"]');
    expect(await options?.$eval('#report-url', (el) => (el as HTMLInputElement).value)).toBe(pageUrl);

    const worker = await backgroundWorker(ctx);
    const state = await worker.evaluate(async () => {
      // Runs in the service worker, where `chrome` exists.
      const api = (
        globalThis as unknown as {
          chrome: {
            storage: { session: { get(key: string): Promise<{ recentErrors?: string[] }> } };
            action: { getBadgeText(details: object): Promise<string> };
            notifications: { getAll(): Promise<Record<string, boolean>> };
          };
        }
      ).chrome;
      const { recentErrors } = await api.storage.session.get('recentErrors');
      return {
        badge: await api.action.getBadgeText({}),
        notifications: Object.keys(await api.notifications.getAll()),
        recentErrors: recentErrors ?? [],
      };
    });
    expect(state).toEqual({ badge: '', notifications: [], recentErrors: [] });
    await options?.close();
    await page.close();
  });
});
