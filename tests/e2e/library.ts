import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ElementHandle, Page } from 'puppeteer';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { type ExtensionBrowser, emulateTheme, extensionPath, openExtensionPage } from './browser';
import type { E2eEnvironment } from './environment';
import { signInOverApi, signUpAndSignIn } from './flows';
import { SCREENSHOTS, startPanelEnvironment } from './panel';

/**
 * The library journeys' shared set-up (library*.test.ts, one subject a file so that two workers share them evenly): a
 * server whose house models the fake provider answers (the "Chat about…", Suggest tags and Flash cards cases ask them),
 * a signed-in user, their recipes, and the checks each view gets (axe in both themes, a screenshot of each).
 */

export const USER = { username: 'librarian', email: 'librarian@example.test', password: 'correct horse battery' };

const AXE_SOURCE = readFileSync(
  fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)),
  'utf8',
);

/**
 * axe's critical and serious findings on `page` as it stands, one line each. `colourOnly`: only its rules that read
 * colours (color-contrast, link-in-text-block: those enabled by default and tagged cat.color).
 */
async function blockingViolations(page: Page, colourOnly: boolean): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (onlyColour) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const { rules } = (axe as unknown as { _audit: { rules: { id: string; enabled: boolean; tags: string[] }[] } })
      ._audit;
    const colourRules = rules.filter((rule) => rule.enabled && rule.tags.includes('cat.color')).map((rule) => rule.id);
    const results = await axe.run(document, {
      resultTypes: ['violations'],
      ...(onlyColour ? { runOnly: { type: 'rule', values: colourRules } } : {}),
    });
    return results.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  }, colourOnly);
}

/**
 * Screenshots `page` in both themes, and returns what axe finds blocking in either. The dark theme changes colours
 * only (assets/tokens.css: light-dark() values; no stylesheet or script of the pages reads prefers-color-scheme), so
 * there axe runs only its colour rules: the others would answer as they did in the light theme.
 */
export async function shootAndScan(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await emulateTheme(page, theme);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${SCREENSHOTS}library-${name}-${theme}.png` });
    found.push(...(await blockingViolations(page, theme === 'dark')).map((v) => `${theme}: ${v}`));
  }
  await emulateTheme(page, 'light');
  return found;
}

/**
 * The build with the optional `bookmarks` permission granted at install. Chromium's prompt for
 * `permissions.request()` is browser UI that neither CDP nor Puppeteer can answer (headless, it waits unanswered), and
 * Chromium answers a request for a permission the extension holds at once, without a prompt: so the library's click
 * runs as it does for a user who chose Allow.
 */
export function buildWithBookmarksGranted(): string {
  const copy = mkdtempSync(join(tmpdir(), 'trove-e2e-bookmarks-'));
  cpSync(extensionPath, copy, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'));
  manifest.permissions.push('bookmarks');
  manifest.optional_permissions = manifest.optional_permissions.filter((p: string) => p !== 'bookmarks');
  writeFileSync(join(copy, 'manifest.json'), JSON.stringify(manifest));
  return copy;
}

export interface LibraryEnvironment {
  env: E2eEnvironment;
  ctx: ExtensionBrowser;
  fake: FakeProvider;
  /** The user's own calls, straight through the API: [server, username, password]. */
  api: readonly [string, string, string];
  close(): Promise<void>;
}

/** The environment, signed in as USER; `moreEnv` and `browserOptions` as startPanelEnvironment takes them. */
export async function startLibraryEnvironment(
  name: string,
  browserOptions?: Parameters<typeof startPanelEnvironment>[2],
  moreEnv?: Record<string, string>,
): Promise<LibraryEnvironment> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const fake = await startFakeProvider();
  const env = await startPanelEnvironment(name, fake, browserOptions, moreEnv);
  await signUpAndSignIn(env.ctx, env.server.url, USER);
  return {
    env,
    ctx: env.ctx,
    fake,
    api: [env.server.url, USER.username, USER.password],
    close: async () => {
      await env.close();
      await fake.close();
    },
  };
}

/**
 * USER's recipes, saved over the API as another device of theirs would: Recipes › Desserts and Travel (empty),
 * `tarts` lemon tarts ("Zest two lemons", take 1 the oldest) alternating between Desserts and Recipes, then
 * "Almond paste notes" (the only gem whose text says marzipan), unfiled.
 */
export async function saveRecipes(serverUrl: string, tarts = 60) {
  const jwt = await signInOverApi(serverUrl, USER.username, USER.password);
  const create = async (path: string, data: Record<string, unknown>) => {
    const made = await fetch(`${serverUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify({ data }),
    });
    if (!made.ok) throw new Error(`POST ${path} failed: ${made.status} ${await made.text()}`);
    return ((await made.json()) as { data: { id: number } }).data;
  };
  const recipes = await create('collections', { name: 'Recipes' });
  const desserts = await create('collections', { name: 'Desserts', parentId: recipes.id });
  await create('collections', { name: 'Travel' });
  for (let n = 1; n <= tarts; n++)
    await create('gems', {
      title: `Lemon tart, take ${n}`,
      url: `https://cooking.example.test/tart-${n}`,
      text: `Zest two lemons.\n\nBake at 180 degrees for ${n} minutes.`,
      collectionId: n % 2 ? desserts.id : recipes.id,
    });
  await create('gems', {
    title: 'Almond paste notes',
    url: 'https://cooking.example.test/almond',
    text: 'Grind blanched almonds with sugar until it turns into marzipan.',
  });
}

/** A library tab at 1280 × 800, once its sidebar shows. */
export async function openLibrary(ctx: ExtensionBrowser): Promise<Page> {
  const library = await openExtensionPage(ctx, 'library.html');
  await library.setViewport({ width: 1280, height: 800 });
  await library.waitForSelector('.library-sidebar');
  return library;
}

/**
 * Drags `source` onto `target` with the mouse, and lets go only once the target says a drag is held over it (its
 * `data-drop-over`, components/library/use-tree-dnd.ts). Chrome starts a drag on a move after the press; Puppeteer's
 * own `drop()` moves once and lets go at once, which on a busy machine can come before the drag began: no drop.
 */
export async function dragOnto(page: Page, source: ElementHandle, target: ElementHandle) {
  const from = await source.clickablePoint();
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const to = await target.clickablePoint();
  const held = () => target.evaluate((el) => el.closest('[data-drop-over]') !== null);
  for (let move = 0; !(await held()); move++) {
    if (move === 50) throw new Error('dragOnto: the drag never reached its target');
    // a pixel either way, so that each move is one Chrome delivers
    await page.mouse.move(to.x, to.y + (move % 2), { steps: 4 });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.mouse.up();
}

/** The import dialog's figures, as "label: value" lines. */
export const importFigures = (page: Page) =>
  page.$$eval('.import-dialog .import-figures dt', (dts) =>
    dts.map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
  );
