import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { collections, gems, gemTags, tags, users } from '../../server/db/schema';
import { type ExtensionBrowser, openPopup } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { signUpInOptions } from './flows';

const ARTICLE_TITLE = 'Council approves $48M seawall after late-night vote';

async function inputValue(page: Page, selector: string) {
  await page.waitForSelector(selector);
  return page.$eval(selector, (el) => (el as HTMLInputElement).value);
}

async function textOf(page: Page, selector: string) {
  return page.$eval(selector, (el) => el.textContent ?? '');
}

async function readSavedGems(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db
      .select({
        id: gems.id,
        title: gems.title,
        url: gems.url,
        description: gems.description,
        image: gems.image,
        collection: collections.name,
        owner: users.username,
      })
      .from(gems)
      .innerJoin(collections, eq(collections.id, gems.collectionId))
      .innerJoin(users, eq(users.id, gems.ownerId));
    const tagRows = await database.db
      .select({ gemId: gemTags.gemId, tag: tags.name })
      .from(gemTags)
      .innerJoin(tags, eq(tags.id, gemTags.tagId));
    return rows.map((r) => ({
      ...r,
      tags: tagRows
        .filter((t) => t.gemId === r.id)
        .map((t) => t.tag)
        .sort(),
    }));
  } finally {
    await database.close();
  }
}

describe('save the current page from the toolbar popup', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let articleUrl: string;

  beforeAll(async () => {
    env = await startE2eEnvironment('save');
    ctx = env.ctx;
    articleUrl = `${env.site.url}/news-article.html`;
  });

  afterAll(() => env?.close());

  it('signs up in the options page', async () => {
    const options = await signUpInOptions(ctx, env.server.url, {
      username: 'e2ealice',
      email: 'alice@example.test',
      password: 'correct horse battery',
    });
    expect(await textOf(options, '.signed-in-as')).toBe('Signed in as e2ealice (alice@example.test)');
    await options.close();
  });

  it('saves the page into a new collection with two tags', async () => {
    const article = await ctx.browser.newPage();
    await article.goto(articleUrl);
    const popup = await openPopup(ctx, article);

    await popup.waitForSelector('form[aria-busy="false"]');
    expect(await inputValue(popup, '#gem-title')).toBe(ARTICLE_TITLE);
    expect(await inputValue(popup, '#gem-description')).toMatch(/^After six hours of public comment/);
    expect(await textOf(popup, '.preview-title')).toBe(ARTICLE_TITLE);
    // The address and image are behind "Details".
    expect(await popup.$('#gem-url')).toBeNull();
    await popup.click('::-p-text(Details)');
    expect(await inputValue(popup, '#gem-url')).toBe(articleUrl);
    expect(await inputValue(popup, '#gem-image')).toBe(
      'https://static.harborledger.test/media/2024/05/seawall-hero-1200.jpg',
    );
    expect(await inputValue(popup, 'input#gem-collection')).toBe('Unfiltered');

    await popup.click('input#gem-collection', { count: 3 });
    await popup.type('input#gem-collection', 'Civic news');
    await popup.click('::-p-text(Create collection “Civic news”)');
    await popup.waitForFunction(
      () => (document.querySelector('input#gem-collection') as HTMLInputElement | null)?.value === 'Civic news',
    );
    await popup.waitForFunction(() => !(document.querySelector('input#gem-collection') as HTMLInputElement).disabled);

    await popup.type('input#gem-tags', 'infrastructure');
    await popup.keyboard.press('Enter');
    await popup.type('input#gem-tags', 'local politics,');
    expect(await popup.$$eval('.chip', (chips) => chips.map((c) => c.firstChild?.textContent))).toEqual([
      'infrastructure',
      'local politics',
    ]);

    await popup.click('button[type="submit"]');
    await popup.waitForSelector('.alert-success');
    expect(await textOf(popup, '.alert-success')).toBe('Saved in Civic news.');
    await popup.close().catch(() => {});
    await article.close();
  });

  it('says "already saved" when the popup is opened on the same page again', async () => {
    const article = await ctx.browser.newPage();
    await article.goto(`${articleUrl}#comments`);
    const popup = await openPopup(ctx, article);
    await popup.waitForSelector('.alert-info');
    expect(await textOf(popup, '.alert-info')).toMatch(/^Already saved in Civic news on /);
    expect(await popup.$('::-p-text(Delete)')).not.toBeNull();
    expect(await textOf(popup, 'button[type="submit"]')).toBe('Update gem');
    expect(await popup.$$eval('.chip', (chips) => chips.map((c) => c.firstChild?.textContent))).toEqual([
      'infrastructure',
      'local politics',
    ]);
    await popup.close().catch(() => {});
    await article.close();
  });

  it('stored the gem with those values, and it survives a server restart', async () => {
    await env.stopServer();
    // The user's gems (the server's starter prompts are gems of its own "Trove starters" account).
    const stored = (await readSavedGems(env.dataDir)).filter((gem) => gem.owner === 'e2ealice');
    expect(stored).toEqual([
      expect.objectContaining({
        title: ARTICLE_TITLE,
        url: articleUrl,
        image: 'https://static.harborledger.test/media/2024/05/seawall-hero-1200.jpg',
        collection: 'Civic news',
        owner: 'e2ealice',
        tags: ['infrastructure', 'local politics'],
      }),
    ]);

    await env.startServer();
    const article = await ctx.browser.newPage();
    await article.goto(articleUrl);
    const popup = await openPopup(ctx, article);
    await popup.waitForSelector('.alert-info');
    expect(await textOf(popup, '.alert-info')).toMatch(/^Already saved in Civic news/);
    await popup.close().catch(() => {});
    await article.close();
  });
});
