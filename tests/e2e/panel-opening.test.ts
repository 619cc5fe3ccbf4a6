import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import type { ExtensionBrowser } from './browser';
import type { E2eEnvironment } from './environment';
import { signUpAndSignIn } from './flows';
import { answerTo, ask, grantTab, openPanel, providerBodies, SCREENSHOTS, shoot, startPanelEnvironment } from './panel';

/**
 * The side panel's composer takes typing from its first frame, before React has loaded (its HTML's
 * composer; entrypoints/sidepanel/main.ts): in real Chromium with the built extension, the real server
 * and the fake provider, a question typed and sent then is kept and asked about the page once it can be.
 */

const USER = { username: 'openuser', email: 'open@example.test', password: 'correct horse battery' };

/**
 * Opens the panel for `tabId` with React held back, as on a slow machine: the panel's first script loads
 * React from its first animation frame, whose callback waits for `release()`.
 */
async function openPanelHeld(
  ctx: ExtensionBrowser,
  tabId: number,
): Promise<{ panel: Page; release: () => Promise<void> }> {
  const panel = await ctx.browser.newPage();
  await panel.setViewport({ width: 400, height: 800 });
  await panel.evaluateOnNewDocument(() => {
    const scope = window as unknown as { troveRelease: () => void };
    const frame = window.requestAnimationFrame.bind(window);
    let held: FrameRequestCallback | null = null;
    window.requestAnimationFrame = (callback) => {
      if (held) return frame(callback);
      held = callback;
      return 0;
    };
    scope.troveRelease = () => {
      window.requestAnimationFrame = frame;
      if (held) frame(held);
    };
  });
  await panel.goto(`chrome-extension://${ctx.extensionId}/sidepanel.html?tabId=${tabId}`);
  return {
    panel,
    release: () => panel.evaluate(() => (window as unknown as { troveRelease: () => void }).troveRelease()),
  };
}

/**
 * Opens the panel for `tabId` recording, from page load, each state it shows in turn: 'skeleton' while it
 * opens, then its title and how many questions it shows.
 */
async function openPanelRecording(ctx: ExtensionBrowser, tabId: number): Promise<Page> {
  const panel = await ctx.browser.newPage();
  await panel.setViewport({ width: 400, height: 800 });
  await panel.evaluateOnNewDocument(() => {
    const states: string[] = [];
    (window as unknown as { troveStates: string[] }).troveStates = states;
    const record = () => {
      const main = document.querySelector('main.chat-panel');
      if (!main) return;
      const state = main.classList.contains('panel-skeleton')
        ? 'skeleton'
        : `${main.querySelector('.chat-title')?.textContent} / ${main.querySelectorAll('.turn .question').length} turns`;
      if (states.at(-1) !== state) states.push(state);
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await panel.goto(`chrome-extension://${ctx.extensionId}/sidepanel.html?tabId=${tabId}`);
  return panel;
}

const composerBox = (panel: Page) =>
  panel.$eval('.composer-input', (el) => {
    const { x, y, width, height } = el.getBoundingClientRect();
    return { x, y, width, height };
  });

describe('the side panel, opening', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let fake: FakeProvider;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    fake = await startFakeProvider();
    env = await startPanelEnvironment('panel-opening', fake);
    ctx = env.ctx;
    await signUpAndSignIn(ctx, env.server.url, USER);
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('takes a question typed before React has loaded, and asks it about the page once it can', async () => {
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    const { panel, release } = await openPanelHeld(ctx, await grantTab(ctx, article));

    await panel.locator('[data-panel-shell] .composer-input').click();
    await panel.keyboard.type('Who voted against?');
    await panel.keyboard.press('Enter');
    expect(await panel.$eval('.composer-input', (el) => (el as HTMLTextAreaElement).value)).toBe('Who voted against?');
    expect(await panel.$('[data-panel-shell]')).not.toBeNull();
    const shellBox = await composerBox(panel);
    await shoot(panel, 'opening');

    const since = fake.requests.length;
    fake.script({ chunks: ['Two members ', 'voted against.'] });
    await release();
    expect(await answerTo(panel, 'Who voted against?')).toBe('Two members voted against.');
    expect(providerBodies(fake, since)[0]).toContain('six hours of public comment');
    expect(await panel.$('[data-panel-shell]')).toBeNull();
    // React's composer is where the first one was: nothing the user was typing in moved.
    expect(await composerBox(panel)).toEqual(shellBox);
    // The composer React drew has the focus the user gave the first one, and is empty again.
    expect(
      await panel.evaluate(
        () =>
          document.activeElement?.matches('.composer-input') && !(document.activeElement as HTMLTextAreaElement).value,
      ),
    ).toBe(true);
    await panel.close();
    await article.close();
  });

  it('reopened on a chat, goes from its skeleton straight to the chat with its turns', async () => {
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    const tabId = await grantTab(ctx, article);
    const first = await openPanel(ctx, tabId);
    fake.script({ chunks: ['The budget ', 'passed.'] });
    await ask(first, 'What passed?');
    expect(await answerTo(first, 'What passed?')).toBe('The budget passed.');
    await first.close();

    const panel = await openPanelRecording(ctx, tabId);
    expect(await answerTo(panel, 'What passed?')).toBe('The budget passed.');
    await shoot(panel, 'reopened');
    const states = await panel.evaluate(() => (window as unknown as { troveStates: string[] }).troveStates);
    // The chat the panel showed last (the earlier test's, when it ran first, holds this question too).
    const shown = states.at(-1) ?? '';
    expect(shown).toMatch(/ \/ [1-9]\d* turns$/);
    expect(shown).not.toMatch(/^New chat/);
    expect(states).toEqual(['skeleton', shown]);
    await panel.close();
    await article.close();
  });
});
