import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import type { ExtensionBrowser } from './browser';
import type { E2eEnvironment } from './environment';
import { createOverApi, getOverApi, signUpAndSignIn } from './flows';
import { answerTo, grantTab, openPanel, providerBodies, SCREENSHOTS, shoot, startPanelEnvironment } from './panel';

/**
 * Prompts in the side panel, in real Chromium with the built extension, the real server and the fake
 * AI provider: a three-part prompt queue picked from '/', and a prompt edited in the rich-text editor.
 */

const USER = { username: 'queueuser', email: 'queue@example.test', password: 'correct horse battery' };
const PARTS = ['List three harbor facts.', 'Pick the most surprising one.', 'Write a headline about it.'];

/** The queue panel's items as "label: status". */
const queueItems = (panel: Page) =>
  panel.$$eval('.prompt-queue-item', (items) =>
    items.map((li) => `${li.querySelector('.prompt-queue-label')?.textContent}: ${li.getAttribute('data-status')}`),
  );

describe('prompts in the side panel', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let fake: FakeProvider;
  let panel: Page;
  /** The prompt the editor test edits. */
  let pierNotice: { id: number };

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    fake = await startFakeProvider();
    env = await startPanelEnvironment('prompt-queue', fake);
    ctx = env.ctx;
    await signUpAndSignIn(ctx, env.server.url, USER);
    // Made before the panel first lists prompts (it keeps a listed page for 30 s).
    await createOverApi(env.server.url, USER.username, USER.password, 'prompts', {
      title: 'Harbor headline in three steps',
      text: PARTS.join('\n---\n'),
    });
    pierNotice = await createOverApi(env.server.url, USER.username, USER.password, 'prompts', {
      title: 'Pier notice',
      text: 'Announce the pier reopening',
    });
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    panel = await openPanel(ctx, await grantTab(ctx, article));
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && panel && !panel.isClosed())
      await panel.screenshot({
        path: `${SCREENSHOTS}prompt-queue-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png`,
      });
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('runs a three-part prompt queue picked from "/": three answers in order, each part’s status shown', async () => {
    const since = fake.requests.length;
    // Each answer is followed by its follow-up questions (a request of their own, before the answer ends).
    const followUps = { chunks: ['["Why eels?", "Which harbor?", "Since when?"]'] };
    // The first two answers stay open until the test has read each part's status, whatever the machine's load.
    const firstRead = Promise.withResolvers<void>();
    const secondRead = Promise.withResolvers<void>();
    fake.script(
      { chunks: ['Tides, ', 'cranes ', 'and eels.'], delayMs: 300, endAfter: firstRead.promise },
      followUps,
      { chunks: ['The eels, ', 'surely.'], delayMs: 300, endAfter: secondRead.promise },
      followUps,
      { chunks: ['Eels Run ', 'the Harbor'], delayMs: 300 },
      followUps,
    );
    await panel.locator('.composer-input').click();
    await panel.keyboard.type('/');
    await panel.locator('.prompt-item::-p-text(Harbor headline in three steps)').click();

    // The drawer closes; the queue above the composer sends the first part.
    await panel.waitForSelector('.prompt-queue');
    await panel.waitForFunction(() => !document.querySelector('.prompts-panel'));
    await panel.waitForSelector('.prompt-queue-item[data-status="loading"]');
    expect(await queueItems(panel)).toEqual([`${PARTS[0]}: loading`, `${PARTS[1]}: pending`, `${PARTS[2]}: pending`]);
    firstRead.resolve();
    await panel.waitForFunction(
      () => document.querySelectorAll('.prompt-queue-item')[1]?.getAttribute('data-status') === 'loading',
      { timeout: 30_000 },
    );
    expect(await queueItems(panel)).toEqual([`${PARTS[0]}: done`, `${PARTS[1]}: loading`, `${PARTS[2]}: pending`]);
    await shoot(panel, 'prompt-queue-running');
    secondRead.resolve();

    expect(await answerTo(panel, PARTS[2] ?? '')).toBe('Eels Run the Harbor');
    expect(await answerTo(panel, PARTS[0] ?? '')).toBe('Tides, cranes and eels.');
    expect(await answerTo(panel, PARTS[1] ?? '')).toBe('The eels, surely.');
    await panel.waitForSelector('.prompt-queue-summary::-p-text(All 3 parts answered)');
    expect(await queueItems(panel)).toEqual(PARTS.map((part) => `${part}: done`));
    const questions = await panel.$$eval('.turn .question', (els) => els.map((el) => el.textContent));
    expect(questions.slice(-3)).toEqual(PARTS);

    // Each part reached the provider after the previous answer, in order, the earlier turns with it.
    const bodies = providerBodies(fake, since).filter((body) => !body.includes('follow-up questions the user could'));
    expect(bodies).toHaveLength(3);
    bodies.forEach((body, i) => {
      expect(body).toContain(PARTS[i]);
      if (i > 0) expect(body).toContain(PARTS[i - 1]);
    });
    await shoot(panel, 'prompt-queue-done');
    await panel.locator('button[aria-label="Dismiss prompt queue"]').click();
    await panel.waitForFunction(() => !document.querySelector('.prompt-queue'));
  });

  it('edits a prompt in the editor (bold and a list), Update, and the list holds the edit', async () => {
    await panel.locator('.composer-input').click();
    await panel.keyboard.type('/');
    await panel.locator('button[aria-label="Options for Pier notice"]').click();
    await panel.locator('[role="menuitem"]::-p-text(Edit)').click();
    const editor = await panel.waitForSelector('.prompt-editor-text');
    await editor?.click();
    await panel.keyboard.down('Control');
    await panel.keyboard.press('a');
    await panel.keyboard.up('Control');
    await panel.locator('button[aria-label="Bold"]').click();
    await panel.locator('button[aria-label="Bulleted list"]').click();
    await panel.waitForSelector('.prompt-editor-text ul li strong::-p-text(Announce the pier reopening)');
    await shoot(panel, 'prompt-editor');
    await panel.locator('.prompt-editor-actions button::-p-text(Update)').click();

    // Back in the list once saved; picking the prompt now inserts the edited text.
    await panel.waitForFunction(() => !document.querySelector('.prompt-editor'));
    await panel.locator('.prompt-item::-p-text(Pier notice)').click();
    await panel.waitForFunction(() => !document.querySelector('.prompts-panel'));
    const draft = await panel.$eval('.composer-input', (el) => (el as HTMLTextAreaElement).value);
    expect(draft).toBe('- **Announce the pier reopening**');
    const saved = (await getOverApi(env.server.url, USER.username, USER.password, `prompts/${pierNotice.id}`)) as {
      data: { text: string; expander: { text: string }[] };
    };
    expect(saved.data.text).toBe('- **Announce the pier reopening**');
    expect(saved.data.expander[0]?.text).toContain('<ul><li><p><strong>Announce the pier reopening</strong>');
  });
});
