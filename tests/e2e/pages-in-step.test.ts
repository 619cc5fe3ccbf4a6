import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, openExtensionPage } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { clickMenuItem, signUpInOptions } from './flows';
import { grantTab } from './panel';

/**
 * Extension pages open side by side stay in step (components/app/share-query-changes.ts): what the user
 * does on the options page shows in the side panel already open, with no reload.
 */
const USER = { username: 'stepuser', email: 'step@example.test', password: 'correct horse battery' };

describe('pages open together', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;

  beforeAll(async () => {
    env = await startE2eEnvironment('pages-in-step');
    ctx = env.ctx;
  });

  afterAll(async () => {
    await env?.close();
  });

  it('a side panel that asked the user to sign in shows the chat once they signed in on the options page, and asks again after a sign-out there', async () => {
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    const tabId = await grantTab(ctx, article);
    const panel: Page = await openExtensionPage(ctx, `sidepanel.html?tabId=${tabId}`);
    await panel.waitForSelector('::-p-text(Sign in to chat)');

    const options = await signUpInOptions(ctx, env.server.url, USER);
    await panel.waitForSelector('.composer-input', { timeout: 10_000 });
    expect(await panel.$('::-p-text(Sign in to chat)')).toBeNull();

    await options.bringToFront();
    await options.locator('button::-p-text(Sign out)').click();
    await options.waitForSelector('[role="tab"]::-p-text(Create account)');
    await panel.waitForSelector('::-p-text(Sign in to chat)', { timeout: 10_000 });
    expect(await panel.$('.composer-input')).toBeNull();
  });

  it('a save from the right-click menu shows at once in the options page already open', async () => {
    const options = await openExtensionPage(ctx, 'options.html');
    await options.locator('#signin-identifier').fill(USER.username);
    await options.locator('#signin-password').fill(USER.password);
    await options.locator('form[aria-label="Sign in"] button[type="submit"]').click();
    await options.waitForSelector('.signed-in-as');
    const gemCount = () => options.$$eval('.gem-list li', (items) => items.length);
    await options.waitForSelector('#gems .count');
    const before = await gemCount();

    const article = await ctx.browser.newPage();
    const pageUrl = `${env.site.url}/news-article.html`;
    await article.goto(pageUrl);
    const linkUrl = `${env.site.url}/blog-post.html?from=menu`;
    await clickMenuItem(ctx, { menuItemId: 'trove-save-link', linkUrl, pageUrl, frameId: 0 });
    // The options page is a background tab now, where requestAnimationFrame (Puppeteer's default polling) never runs.
    await options.waitForFunction(
      (n) => document.querySelectorAll('.gem-list li').length === n + 1,
      { timeout: 10_000, polling: 'mutation' },
      before,
    );
    expect(await gemCount()).toBe(before + 1);
  });
});
