import { mkdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { collections, gems, gemTags, tags, users } from '../../server/db/schema';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { type ExtensionBrowser, emulateTheme, openPopup, submitPopupForm } from './browser';
import type { E2eEnvironment } from './environment';
import { callOverApi, createOverApi, getOverApi, signUpInOptions } from './flows';
import { SCREENSHOTS, startPanelEnvironment } from './panel';

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
  // The house model answers from it: the popup's suggested tags.
  let fake: FakeProvider;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    fake = await startFakeProvider();
    env = await startPanelEnvironment('save', fake);
    ctx = env.ctx;
    articleUrl = `${env.site.url}/news-article.html`;
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

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

    await submitPopupForm(popup);
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

  it('suggests tags once the form is up; an accepted one is saved as added by the AI', async () => {
    const account = [env.server.url, 'e2ealice', 'correct horse battery'] as const;
    await createOverApi(...account, 'tags', { tag: 'sourdough' });
    // Suggestions use the model chosen for them (Options → Suggestions when saving): here the house model.
    const models = (await getOverApi(...account, 'user-models')) as {
      data: { id: number; type: string; inactiveReason: string | null }[];
    };
    const house = models.data.find((m) => m.type === 'Text' && m.inactiveReason === null);
    await callOverApi(...account, 'PUT', 'suggestions/settings', { modelId: house?.id });
    const since = fake.requests.length;
    let answer = () => {};
    fake.script({
      chunks: ['{"tags": ["sourdough", "high altitude"], "collection": "Baking"}'],
      lastChunkAfter: new Promise<void>((resolve) => {
        answer = resolve;
      }),
    });
    const post = await ctx.browser.newPage();
    await post.goto(`${env.site.url}/blog-post.html`);
    const popup = await openPopup(ctx, post);
    // Filled in, the form already holds the suggestions' place: the Save button does not move when they come.
    await popup.waitForSelector('form[aria-busy="false"] .suggested [role="status"]');
    const saveTop = () => popup.$eval('.save-button', (button) => button.getBoundingClientRect().top);
    const saveTopBefore = await saveTop();
    answer();
    const accept = await popup.waitForSelector('button[aria-label="Add suggested tag sourdough"]');
    await popup.waitForSelector('button[aria-label="Add suggested collection Baking (new)"]');
    expect(await saveTop()).toBe(saveTopBefore);
    // The model chose from the user's own tags nearest the page.
    expect(JSON.stringify(fake.requests[since]?.body)).toContain('- sourdough');
    expect(await textOf(popup, 'button[aria-label="Add suggested tag high altitude (new)"]')).toBe('high altitudenew');
    for (const theme of ['light', 'dark'] as const) {
      await emulateTheme(popup, theme);
      await popup.screenshot({ path: `${SCREENSHOTS}popup-suggested-tags-${theme}.png` });
    }
    await emulateTheme(popup, 'light');
    // The row is wider than the popup: its far edge fades; scrolled to its end, the near edge instead.
    const edges = () =>
      popup.$eval('.suggested', (row) => [row.hasAttribute('data-more-before'), row.hasAttribute('data-more-after')]);
    expect(await edges()).toEqual([false, true]);
    await popup.$eval('.suggested', (row) => row.scrollTo({ left: row.scrollWidth }));
    await popup.waitForFunction(() => document.querySelector('.suggested')?.hasAttribute('data-more-before'));
    expect(await edges()).toEqual([true, false]);
    await accept?.click();
    await popup.click('button[aria-label="Dismiss suggested tag high altitude"]');
    await popup.waitForFunction(() => !document.querySelector('fieldset[aria-label="Suggested tags"]'));
    expect(
      await popup.$$eval('ul[aria-label="Tags"] .chip', (chips) => chips.map((c) => c.firstChild?.textContent)),
    ).toEqual(['sourdough']);
    await submitPopupForm(popup);
    await popup.waitForSelector('.alert-success');
    await popup.close().catch(() => {});
    await post.close();

    await env.stopServer();
    const database = await openDatabase({ dataDir: env.dataDir });
    try {
      const rows = await database.db
        .select({ title: gems.title, tag: tags.name, addedByAi: gemTags.addedByAi })
        .from(gemTags)
        .innerJoin(tags, eq(tags.id, gemTags.tagId))
        .innerJoin(gems, eq(gems.id, gemTags.gemId))
        .where(eq(tags.name, 'sourdough'));
      expect(rows).toEqual([
        { title: expect.stringMatching(/^Sourdough at altitude/), tag: 'sourdough', addedByAi: true },
      ]);
    } finally {
      await database.close();
    }
  });
});
