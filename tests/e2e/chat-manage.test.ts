import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeProvider } from '../fake-provider/server';
import { startFakeProvider } from '../fake-provider/server';
import type { ExtensionBrowser } from './browser';
import type { E2eEnvironment } from './environment';
import { callOverApi, getOverApi, signUpAndSignIn } from './flows';
import { answerTo, ask, grantTab, openPanel, providerBodies, SCREENSHOTS, shoot, startPanelEnvironment } from './panel';

/**
 * Renaming and deleting chats from the side panel's history, and a brand voice written from scratch in the panel then
 * used in an answer, in real Chromium with the built extension and the real server; screenshots of the rename field,
 * the confirm step and the new voice's form, light and dark.
 */
const USER = { username: 'chatkeeper', email: 'keeper@example.test', password: 'correct horse battery' };

describe('the chat history’s Rename and Delete', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let fake: FakeProvider;
  let panel: Page;
  const chatTitles = async () =>
    (
      (await getOverApi(env.server.url, USER.username, USER.password, 'chats/history')) as { data: { title: string }[] }
    ).data.map((c) => c.title);
  const shownTitles = () =>
    panel.$$eval('.history-collections .history-item .history-title', (titles) => titles.map((t) => t.textContent));

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    fake = await startFakeProvider();
    env = await startPanelEnvironment('chat-manage', fake);
    ctx = env.ctx;
    await signUpAndSignIn(ctx, env.server.url, USER);
    for (const title of ['Tide tables for the spring', 'Harbour map'])
      await callOverApi(env.server.url, USER.username, USER.password, 'POST', 'chats', { title });
    const page = await ctx.browser.newPage();
    await page.goto(`${env.site.url}/news-article.html`);
    panel = await openPanel(ctx, await grantTab(ctx, page));
    await panel.locator('::-p-aria([name="Chat history"][role="button"])').click();
    await panel.waitForSelector('.history-collections .history-item');
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('renames a chat in place', async () => {
    expect(await shownTitles()).toEqual(['Harbour map', 'Tide tables for the spring']);
    await panel.locator('::-p-aria([name="Chat actions: Tide tables for the spring"])').click();
    await panel.locator('::-p-aria([name="Rename"][role="menuitem"])').click();
    const field = await panel.waitForSelector('::-p-aria([name="New chat title"])');
    await panel.waitForFunction((el) => document.activeElement === el, {}, field);
    await panel.keyboard.type('Spring tides');
    await shoot(panel, 'history-rename');
    await panel.keyboard.press('Enter');
    await panel.waitForFunction(
      () => document.querySelector('.history-collections .history-item .history-title')?.textContent === 'Spring tides',
    );
    expect(await chatTitles()).toEqual(['Spring tides', 'Harbour map']);
  });

  it('deletes a chat after the confirm step', async () => {
    await panel.locator('::-p-aria([name="Chat actions: Harbour map"])').click();
    await panel.locator('::-p-aria([name="Delete"][role="menuitem"])').click();
    await panel.waitForSelector('::-p-aria([name="Delete chat"][role="button"])');
    await shoot(panel, 'history-delete-confirm');
    await panel.locator('::-p-aria([name="Delete chat"][role="button"])').click();
    await panel.waitForFunction(() => document.querySelectorAll('.history-collections .history-item').length === 1);
    expect(await shownTitles()).toEqual(['Spring tides']);
    expect(await chatTitles()).toEqual(['Spring tides']);
  });

  it('writes a brand voice in the panel and answers in it: the provider receives its tone and sample', async () => {
    await panel.keyboard.press('Escape');
    await panel.waitForFunction(() => !document.querySelector('.history-collections'));
    await panel.locator('::-p-aria([name="Attach"][role="button"])').click();
    await panel.locator('::-p-aria([name="Select Brand Voice"][role="menuitem"])').click();
    await panel.locator('::-p-aria([name="New brand voice"][role="button"])').click();
    const form = '::-p-aria([name="New brand voice"][role="form"])';
    await panel.locator(`${form} ::-p-aria([name="Name"])`).fill('Harbourmaster');
    await panel
      .locator(`${form} ::-p-aria([name="Tone of voice"])`)
      .fill('Gruff, nautical, never more than two sentences.');
    await panel.locator(`${form} ::-p-aria([name="Sample text"])`).fill('Tide turns at six. Mind the cranes.');
    await shoot(panel, 'voice-new');
    await panel.locator(`${form} ::-p-aria([name="Create"][role="button"])`).click();
    await panel.locator('.voices-pick::-p-text(Harbourmaster)').click();
    await panel.waitForSelector('.voices-pick[aria-pressed="true"]');
    await shoot(panel, 'voice-picked');
    const voices = (await getOverApi(env.server.url, USER.username, USER.password, 'brand-voices')) as {
      data: { name: string; sampleText: string }[];
    };
    expect(voices.data).toMatchObject([{ name: 'Harbourmaster', sampleText: 'Tide turns at six. Mind the cranes.' }]);

    await panel.keyboard.press('Escape');
    await panel.waitForFunction(() => !document.querySelector('.voices-panel'));
    const since = fake.requests.length;
    fake.script({ chunks: ['Aye. ', 'Six sharp.'] }, { chunks: ['[]'] });
    await ask(panel, 'When does the tide turn?');
    expect(await answerTo(panel, 'When does the tide turn?')).toBe('Aye. Six sharp.');
    const [asked] = providerBodies(fake, since);
    expect(asked).toContain('Write in this brand voice (\\"Harbourmaster\\")');
    expect(asked).toContain('Gruff, nautical, never more than two sentences.');
    expect(asked).toContain('Tide turns at six. Mind the cranes.');
  });
});
