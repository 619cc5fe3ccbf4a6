import { mkdirSync } from 'node:fs';
import type { Page } from 'puppeteer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PANEL_MARKS } from '../../components/chat/panel-marks';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { type ExtensionBrowser, openExtensionPage } from './browser';
import type { E2eEnvironment } from './environment';
import { callOverApi, fetchGems, signUpAndSignIn } from './flows';
import {
  answerTo,
  ask,
  grantTab,
  inLastTurn,
  openPanel,
  REACT_COMPOSER,
  SCREENSHOTS,
  shoot,
  startPanelEnvironment,
} from './panel';

/**
 * The composer's tools in real Chromium with the built extension, the real server and the fake provider: the user's
 * OpenAI key points at the fake, whose Responses API searches the web and reasons, and whose images API draws;
 * then the user's own OpenAI-compatible endpoint (the fake again), added in the options, answers in the panel.
 */

const USER = { username: 'tooluser', email: 'tools@example.test', password: 'correct horse battery' };
const SOURCES = [
  { title: 'Harbor Town tide tables', url: 'https://tides.example/harbor' },
  { title: 'Coastal almanac', url: 'https://almanac.example/coast' },
];

async function chooseTool(panel: Page, name: string) {
  await panel.locator(`.tool-choice label::-p-text(${name})`).click();
  const chosen = () => document.querySelector('.tool-choice input:checked')?.parentElement?.textContent;
  await panel.waitForFunction(`(${chosen})() === ${JSON.stringify(name)}`, { timeout: 5_000 }).catch(async () => {
    throw new Error(`${name} was clicked, but the tool chosen is ${await panel.evaluate(chosen)}`);
  });
}

/** Opens the model picker and picks the model named `name` (saved as the default for the tool). */
async function pickModel(panel: Page, name: string) {
  await panel.locator('.model-button').click();
  await panel.waitForSelector('[role="listbox"]');
  await panel.locator(`[role="option"]::-p-text(${name})`).click();
  await panel.waitForFunction((n) => document.querySelector('.model-button')?.textContent?.includes(n), {}, name);
  await pickerClosed(panel);
}

/** The model picker closed after a pick: until then, what is typed next would go into its search box. */
const pickerClosed = (panel: Page) => panel.waitForFunction(() => !document.querySelector('[role="listbox"]'));

const optionNames = (panel: Page) =>
  panel.$$eval('[role="option"] .model-option-name', (els) => els.map((el) => el.textContent?.trim() ?? ''));

/** Focuses the button named `name` and presses Enter on it, as a keyboard user does. */
async function pressButton(page: Page, name: string) {
  await (await page.waitForSelector(`button::-p-text(${name})`))?.focus();
  await page.keyboard.press('Enter');
}

describe('the chat’s tools', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let fake: FakeProvider;
  /** The house models' upstream: never the address of a user's own key or endpoint (TROVE_USER_ENDPOINTS). */
  let house: FakeProvider;
  let panel: Page;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    [fake, house] = await Promise.all([startFakeProvider(), startFakeProvider()]);
    env = await startPanelEnvironment('chat-tools', house);
    ctx = env.ctx;
    await signUpAndSignIn(ctx, env.server.url, USER);
    await callOverApi(env.server.url, USER.username, USER.password, 'PUT', 'ai-settings/keys/openai', {
      apiKey: 'sk-e2e-openai-1234',
      baseUrl: `${fake.url}/v1`,
    });
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    panel = await openPanel(ctx, await grantTab(ctx, article));
    // The tools are chosen once the models are known, as a user sees them (the composer's row may change as they come).
    await panel.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, {}, PANEL_MARKS.ready);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && panel && !panel.isClosed())
      await panel.screenshot({ path: `${SCREENSHOTS}tools-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png` });
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
    await house?.close();
  });

  it('web search: refuses a model without it, offers only web models, and shows the sources under the answer', async () => {
    await chooseTool(panel, 'Web search');
    await panel.waitForSelector('.composer-blocked::-p-text(Trove Chat cannot search the web)');
    await panel.locator('.model-button').click();
    await panel.waitForSelector('[role="listbox"]');
    const offered = await optionNames(panel);
    expect(offered).toContain('GPT-4.1');
    expect(offered).not.toContain('GPT-4o mini');
    expect(offered).not.toContain('Trove Chat');
    await panel.keyboard.press('Escape');
    await pickModel(panel, 'GPT-4.1');
    await panel.waitForFunction(() => !document.querySelector('.composer-blocked'));

    const since = fake.requests.length;
    fake.script({ chunks: ['High tide is ', 'at 6:12 tonight.'], sources: SOURCES });
    await ask(panel, 'When is high tide?');
    expect(await answerTo(panel, 'When is high tide?')).toBe('High tide is at 6:12 tonight.');
    expect(fake.requests.slice(since).map((r) => r.path)).toContain('/v1/responses');
    const sources = await panel.waitForSelector('.search-results');
    expect(await sources?.$$eval('.search-result-title', (els) => els.map((el) => el.textContent))).toEqual(
      SOURCES.map((s) => s.title),
    );

    // Chat Options of a search-style answer hide what AnswerOptions.tsx lists for it.
    await (await inLastTurn(panel, '.answer-options-trigger')).click();
    const items = await panel.$$eval('.answer-options button', (els) => els.map((el) => el.textContent?.trim()));
    expect(items).toContain('Humanize');
    for (const hidden of ['Add emojis', 'Add Polish', 'Switch Language', 'Reply']) expect(items).not.toContain(hidden);
    await panel.keyboard.press('Escape');
    await shoot(panel, 'tools-web-search');
  });

  it('research: a reasoning model answers with its reasoning summary collapsed above the answer', async () => {
    await chooseTool(panel, 'Research');
    await panel.waitForSelector('.composer-blocked::-p-text(GPT-4.1 is not a reasoning model)');
    await pickModel(panel, 'o4-mini');
    await panel.select('select[aria-label="Reasoning effort"]', 'high');

    const since = fake.requests.length;
    fake.script({ chunks: ['Build the seawall first.'], reasoning: ['Comparing the two ', 'plans by cost.'] });
    await ask(panel, 'Which plan is better?');
    await answerTo(panel, 'Which plan is better?');
    const request = fake.requests.slice(since).find((r) => r.path === '/v1/responses');
    expect((request?.body as { reasoning?: unknown } | undefined)?.reasoning).toEqual({
      effort: 'high',
      summary: 'auto',
    });
    const summary = await inLastTurn(panel, '.reasoning-summary');
    expect(await summary.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await (await inLastTurn(panel, '.reasoning-summary summary')).click();
    expect(await summary.evaluate((el) => el.textContent)).toContain('Comparing the two plans by cost.');
    await shoot(panel, 'tools-research');
  });

  it('picture: an image model draws two pictures, and one is saved as an Image gem', async () => {
    await chooseTool(panel, 'Picture');
    await panel.locator('.model-button').click();
    await panel.waitForSelector('[role="listbox"]');
    await panel.waitForSelector('::-p-text(AI Image Models)');
    expect(await panel.$('::-p-aria([name="Multi select models"][role="switch"])')).toBeNull();
    expect(await optionNames(panel)).toEqual(expect.arrayContaining(['GPT Image 1']));
    expect(await optionNames(panel)).not.toContain('GPT-4.1');
    await panel.locator('[role="option"]::-p-text(GPT Image 1)').click();
    await panel.waitForFunction(() => document.querySelector('.model-button')?.textContent?.includes('GPT Image 1'));
    await pickerClosed(panel);
    await panel.select('select[aria-label="Number of pictures"]', '2');

    await ask(panel, 'A lighthouse at dusk');
    await inLastTurn(panel, '.pictures img');
    await panel.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.pictures img')].every((i) => i.complete),
    );
    const pictures = await (await inLastTurn(panel, '.pictures')).$$eval('img', (imgs) =>
      imgs.map((img) => ({ loaded: (img as HTMLImageElement).naturalWidth > 0, alt: img.getAttribute('alt') })),
    );
    expect(pictures).toEqual([
      { loaded: true, alt: 'A lighthouse at dusk (picture 1 of 2)' },
      { loaded: true, alt: 'A lighthouse at dusk (picture 2 of 2)' },
    ]);
    await shoot(panel, 'tools-picture');

    await (await inLastTurn(panel, '.picture button')).click();
    await panel.waitForSelector('.picture button::-p-text(Saved)');
    const gems = await fetchGems(env.server.url, USER.username, USER.password);
    expect(gems.data.find((g) => g.title === 'A lighthouse at dusk')).toMatchObject({ media_type: 'Image' });

    // Back to Chat: the text default (the last text model picked) again.
    await chooseTool(panel, 'Chat');
    await panel.waitForFunction(() => document.querySelector('.model-button')?.textContent?.includes('o4-mini'));
  });

  it('keeps the tool chooser out of Write mode', async () => {
    await panel.locator('.mode-switch-button::-p-text(Write)').click();
    await panel.waitForFunction(() => !document.querySelector('.tool-chooser'));
    await panel.locator('.mode-switch-button::-p-text(Chat)').click();
    await panel.waitForSelector('.tool-chooser');
  });
  it('your own endpoint: added and tested in the options, its discovered model answers in the side panel', async () => {
    fake.setModels({ openai: ['homelab-llama-8b'] });
    const options = await openExtensionPage(ctx, 'options.html');
    await options.waitForSelector('#ai-endpoint-name');
    await options.type('#ai-endpoint-name', 'Homelab');
    await options.select('#ai-endpoint-kind', 'openai-compatible');
    await options.type('#ai-endpoint-base-url', `${fake.url}/v1`);
    // By keyboard: the sections above the form fill in as their requests answer and move it down, so a click aimed
    // at a button could land beside it (a whole run's journey clicked next to Test connection and nothing happened).
    await pressButton(options, 'Test connection');
    await options.waitForSelector('::-p-text(Connected: 1 model found.)');
    await pressButton(options, 'Add endpoint');
    await options.waitForSelector('.ai-endpoint[data-endpoint="Homelab"]');
    await options.close();

    // The panel asks for the models again when it opens.
    await panel.reload();
    await panel.waitForSelector(REACT_COMPOSER);
    await pickModel(panel, 'homelab-llama-8b');
    const since = fake.requests.length;
    fake.script({ chunks: ['From your ', 'own server.'] });
    await ask(panel, 'Who answers now?');
    expect(await answerTo(panel, 'Who answers now?')).toBe('From your own server.');
    const request = fake.requests.slice(since).find((r) => r.path === '/v1/chat/completions');
    expect(request?.body).toMatchObject({ model: 'homelab-llama-8b' });
  });
});
