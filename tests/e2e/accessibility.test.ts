import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'puppeteer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { type ExtensionBrowser, openExtensionPage, openPopup } from './browser';
import { type E2eEnvironment, startE2eEnvironment } from './environment';
import { backgroundWorker, signUpInOptions } from './flows';

/**
 * axe-core in real Chromium against every extension page, in the light and the dark theme: the options
 * page signed out (first run) and signed in (AI settings loaded), the Report Bug dialog opened from it,
 * and the popup on a test page. No critical or serious violation is allowed; every violation of any
 * impact is printed (rule id, impact, count, targets) and written, with a screenshot of what was scanned,
 * to test-output/axe/ so that before/after figures can be reported.
 */

const AXE_SOURCE = readFileSync(
  fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)),
  'utf8',
);
const OUTPUT = fileURLToPath(new URL('../../test-output/axe/', import.meta.url));
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Waits until the finite animations and transitions (the dialog rising in, a theme's colour change) are over. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((a) => a.finished.catch(() => {})));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/**
 * Runs axe on the page as it stands. The source goes in through the DevTools protocol (page.evaluate),
 * which extension pages' CSP (script-src 'self') does not block, unlike an inline <script>.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    // axe's default rules (WCAG 2.x A and AA, best practices) plus the experimental ones, such as
    // label-content-name-mismatch; the AAA rules (enhanced contrast) stay off.
    const experimental = axe.getRules(['experimental']).filter((rule) => !rule.tags.includes('wcag2aaa'));
    const rules = Object.fromEntries(experimental.map((rule) => [rule.ruleId, { enabled: true }]));
    const results = await axe.run(document, { resultTypes: ['violations'], rules });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}

/** Every scan's findings, for the summary printed at the end. */
const summary: Record<string, Record<string, number>> = {};

/** Scans `page` in both themes, prints and stores what axe found, and returns the critical and serious ones. */
async function scan(page: Page, name: string): Promise<string[]> {
  const blocking: string[] = [];
  for (const theme of THEMES) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    await settle(page);
    const violations = await axeViolations(page);
    const label = `${name} (${theme})`;
    record(label, theme, name, violations);
    await page.screenshot({ path: `${OUTPUT}${name}-${theme}.png` });
    for (const v of violations) {
      if (v.impact === 'critical' || v.impact === 'serious')
        blocking.push(`${label}: ${v.impact} ${v.id} ×${v.targets.length} ${v.targets.join(' | ')}`);
    }
  }
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  return blocking;
}

function record(label: string, theme: Theme, name: string, violations: Violation[]) {
  const byImpact: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations) byImpact[v.impact ?? 'minor'] = (byImpact[v.impact ?? 'minor'] ?? 0) + v.targets.length;
  summary[label] = byImpact;
  const lines = violations.map(
    (v) => `  [${v.impact}] ${v.id} ×${v.targets.length}: ${v.help}\n    ${v.targets.join('\n    ')}`,
  );
  console.log(
    `axe: ${label}: ${violations.length ? `${violations.length} rule(s) violated\n${lines.join('\n')}` : 'no violations'}`,
  );
  writeFileSync(`${OUTPUT}${name}-${theme}.json`, `${JSON.stringify(violations, null, 2)}\n`);
}

describe('axe-core finds no critical or serious violation, light and dark', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let options: Page;
  let fake: FakeProvider;

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    [env, fake] = await Promise.all([startE2eEnvironment('a11y'), startFakeProvider()]);
    ctx = env.ctx;
  });

  afterAll(async () => {
    console.log(
      `axe summary (nodes by impact):\n${Object.entries(summary)
        .map(
          ([label, c]) =>
            `  ${label}: critical ${c.critical}, serious ${c.serious}, moderate ${c.moderate}, minor ${c.minor}`,
        )
        .join('\n')}`,
    );
    await env?.close();
    await fake?.close();
  });

  it('the options page on first run (signed out)', async () => {
    const firstRun = await openExtensionPage(ctx, 'options.html');
    await firstRun.waitForSelector('#server-url');
    await firstRun.waitForSelector('.first-run');
    await firstRun.waitForSelector('[role="tab"]');
    expect(await scan(firstRun, 'options-first-run')).toEqual([]);
    await firstRun.close();
  });

  it('the options page signed in, with the AI settings loaded and usable models offering "Make default"', async () => {
    options = await signUpInOptions(ctx, env.server.url, {
      username: 'axe',
      email: 'axe@example.test',
      password: 'correct horse battery',
    });
    await options.waitForSelector('#ai-settings .ai-model');
    // A Groq key (the fake provider as its base URL) makes Groq's models usable, so they offer "Make default".
    await options.type('#ai-key-groq', 'gsk-e2e-axe-key-1234');
    await options.type('#ai-base-url-groq', `${fake.url}/v1`);
    await options.click('button[aria-label="Save Groq key"]');
    await options.waitForSelector('#ai-settings .ai-model[data-provider="Groq"] button');
    await options.waitForSelector('#gems');
    await options.waitForFunction(() => !document.querySelector('[aria-busy="true"], .spinner'));
    expect(await scan(options, 'options-signed-in')).toEqual([]);
  });

  it('the Account section: profile, password rules, sign-ins, blocked sites, deletion', async () => {
    await options.type('#password-new', 'abcdefg1');
    await options.type('#blocked-host', 'not a host');
    await options.locator('button::-p-text(Delete my account)').click();
    await options.waitForSelector('.session-list li');
    await options.evaluate(() => document.querySelector('#account .account-settings')?.scrollIntoView());
    expect(await scan(options, 'options-account')).toEqual([]);
    await options.evaluate(() => document.querySelector('#account .account-sessions')?.scrollIntoView());
    expect(await scan(options, 'options-account-sessions')).toEqual([]);
    await options.locator('form[aria-label="Delete your account"] button::-p-text(Cancel)').click();
    await options.evaluate(() => window.scrollTo(0, 0));
  });

  it('the Administration section: registration, users with a reset link and a confirm step, an invitation', async () => {
    // A second account (the first, axe, is the admin) gives a row with Disable and Delete…
    const signUp = await fetch(`${env.server.url}/api/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'member', email: 'member@example.test', password: 'correct horse battery' }),
    });
    expect(signUp.status).toBe(201);
    await options.reload();
    await options.waitForSelector('#administration .admin-table tbody:nth-of-type(2)');
    await options.locator('#administration button::-p-text(Delete member…)').click();
    await options.locator('#administration tbody:nth-of-type(2) button::-p-text(Reset link)').click();
    await options.waitForSelector('#administration .admin-table .admin-link');
    await options.type('#invite-email', 'guest@example.test');
    await options.locator('#administration button::-p-text(Create invitation)').click();
    await options.waitForSelector('#administration .admin-invitations li');
    await options.waitForFunction(() => !document.querySelector('#administration [aria-busy="true"]'));
    await options.evaluate(() => document.querySelector('#administration')?.scrollIntoView());
    expect(await scan(options, 'options-admin')).toEqual([]);
    await options.evaluate(() => document.querySelector('#administration .admin-invitations')?.scrollIntoView());
    expect(await scan(options, 'options-admin-invitations')).toEqual([]);
    await options.evaluate(() => window.scrollTo(0, 0));
  });

  it('the Report Bug dialog, opened from the options page', async () => {
    await options.locator('button::-p-text(Report a bug)').click();
    await options.waitForSelector('[role="dialog"] #report-title');
    await options.waitForFunction(() => !document.querySelector('[role="dialog"] .spinner'));
    expect(await scan(options, 'report-bug-dialog')).toEqual([]);
    await options.close();
  });

  it('the popup, fresh, on a test page', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${env.site.url}/news-article.html`);
    const popup = await openPopup(ctx, page);
    await popup.waitForSelector('button[type="submit"]');
    await popup.waitForFunction(() => !document.querySelector('.spinner'));
    const blocking = await scan(popup, 'popup-fresh');
    await popup.close().catch(() => {});
    await page.close();
    expect(blocking).toEqual([]);
  });

  /** The side panel of the tab in front (a test page), its page read. */
  async function panelOnActiveTab() {
    const worker = await backgroundWorker(ctx);
    const tabId = await worker.evaluate(async () => {
      const scope = globalThis as unknown as { chrome: { tabs: { query(q: object): Promise<{ id: number }[]> } } };
      return (await scope.chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0]?.id ?? -1;
    });
    const panel = await openExtensionPage(ctx, `sidepanel.html?tabId=${tabId}`);
    await panel.setViewport({ width: 400, height: 800 });
    await panel.waitForSelector('.page-chip-fit');
    return panel;
  }

  it('the side panel: an answer with code and a table, the model picker, the settings menu, the chat options, the history, the chat reopened on another page', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${env.site.url}/news-article.html`);
    (await openPopup(ctx, page)).close().catch(() => {});
    const panel = await panelOnActiveTab();
    // Make a Groq model (usable: its key was added above) the default, through the picker.
    await panel.locator('.model-button').click();
    await panel.locator('[role="option"]::-p-text(Llama 3.3 70B)').click();
    await panel.waitForFunction(() => !document.querySelector('[role="dialog"]'));
    fake.script({
      chunks: [
        '## The vote\n\nThe council voted **5-2**.\n\n',
        '| Member | Vote |\n| --- | --- |\n| Ortega | Yes |\n| Patel | No |\n\n',
        '```ts\nconst seawall = { cost: 48_000_000 };\n```\n',
      ],
    });
    await panel.locator('.composer-input').click();
    await panel.keyboard.type('Summarise the vote');
    await panel.keyboard.press('Enter');
    await panel.waitForSelector('.answer[data-status="done"] table');
    await panel.waitForSelector('.answer[data-status="done"] pre code span');
    const blocking = [...(await scan(panel, 'sidepanel-answer'))];

    await panel.locator('.model-button').click();
    await panel.waitForSelector('[role="listbox"]');
    blocking.push(...(await scan(panel, 'sidepanel-model-picker')));
    await panel.keyboard.press('Escape');
    await panel.waitForFunction(() => !document.querySelector('[role="dialog"]'));

    await panel.locator('button[aria-label="Chat settings"]').click();
    await panel.waitForSelector('[role="menu"]');
    blocking.push(...(await scan(panel, 'sidepanel-settings-menu')));
    await panel.keyboard.press('Escape');

    await panel.locator('.answer-options-trigger').click();
    await panel.waitForSelector('.answer-options');
    blocking.push(...(await scan(panel, 'sidepanel-chat-options')));
    await panel.keyboard.press('Escape');

    await panel.locator('button[aria-label="Chat history"]').click();
    await panel.waitForSelector('.history-item');
    blocking.push(...(await scan(panel, 'sidepanel-history')));
    await panel.keyboard.press('Escape');
    await panel.close();

    // On another page, the chat opened from history shows its own page's chip beside the page attached now.
    const other = await ctx.browser.newPage();
    await other.goto(`${env.site.url}/blog-post.html`);
    (await openPopup(ctx, other)).close().catch(() => {});
    const reopened = await panelOnActiveTab();
    await reopened.locator('button[aria-label="Chat history"]').click();
    await reopened.locator('.history-item').click();
    await reopened.waitForSelector('.chat-page-chip');
    await reopened.waitForSelector('.answer[data-status="done"] table');
    blocking.push(...(await scan(reopened, 'sidepanel-reopened-chat')));
    await reopened.close();
    await other.close();
    await page.close();
    expect(blocking).toEqual([]);
  });
});
