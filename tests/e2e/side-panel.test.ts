import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { makePdf } from '../fixtures/documents';
import { clickClosingPopup, type ExtensionBrowser, openPopup } from './browser';
import type { E2eEnvironment } from './environment';
import { backgroundWorker, createOverApi, fetchGems, getOverApi, saveGemOverApi, signUpAndSignIn } from './flows';
import {
  answerShows,
  answerTo,
  ask,
  chooseLastAnswerOption,
  followUpsAsked,
  grantTab,
  MULTI_SWITCH,
  openLastAnswerOptions,
  openPanel,
  providerBodies,
  SCREENSHOTS,
  shoot,
  startPanelEnvironment,
} from './panel';

/**
 * The side panel as a person uses it, in real Chromium with the built extension, the real server and
 * the fake AI provider serving the house models (helpers in ./panel.ts).
 */

const USER = { username: 'paneluser', email: 'panel@example.test', password: 'correct horse battery' };
const ARTICLE_TEXT = 'six hours of public comment';
const BLOG_TEXT = 'starter would come with me';

describe('the side panel', () => {
  let env: E2eEnvironment;
  let ctx: ExtensionBrowser;
  let fake: FakeProvider;
  let panel: Page;
  let articleTab: number;

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    fake = await startFakeProvider();
    env = await startPanelEnvironment('side-panel', fake);
    ctx = env.ctx;
    await signUpAndSignIn(ctx, env.server.url, USER);
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && panel && !panel.isClosed())
      await panel.screenshot({
        path: `${SCREENSHOTS}sidepanel-failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}.png`,
      });
  });

  afterAll(async () => {
    await env?.close();
    await fake?.close();
  });

  it('opens from the popup\'s "Chat about this page" in the browser\'s side panel', async () => {
    const page = await ctx.browser.newPage();
    await page.goto(`${env.site.url}/docs-page.html`);
    const popup = await openPopup(ctx, page);
    // Clicked once the popup has settled. Its footer sits under the form, which replaces the loading skeleton, then
    // grows and shrinks again as the tag suggestions are asked of the house model (the fake) and come: a click aimed
    // at the footer while it moves can land on the form, and no panel opens.
    await popup.waitForSelector('form[aria-busy="false"]');
    await vi.waitFor(() => expect(providerBodies(fake).length).toBeGreaterThan(0), { timeout: 30_000, interval: 100 });
    await popup.waitForFunction(() => !document.querySelector('.suggested [role="status"]'));
    const opened = ctx.browser.waitForTarget((t) => t.url().endsWith('/sidepanel.html'), { timeout: 15_000 });
    await clickClosingPopup(popup, 'button::-p-text(Chat about this page)');
    const sidePanel = await (await opened).asPage();
    await sidePanel.waitForSelector('.page-chip-title');
    expect(await sidePanel.$eval('.page-chip-title', (el) => el.textContent)).toBe(await page.title());
    await sidePanel.close();
    await page.close();
  });

  it('chats about the article it was opened on: the answer streams in and the provider got the page', async () => {
    const article = await ctx.browser.newPage();
    await article.goto(`${env.site.url}/news-article.html`);
    articleTab = await grantTab(ctx, article);
    panel = await openPanel(ctx, articleTab);
    await panel.waitForSelector('.page-chip-title::-p-text(Council approves)');
    const fit = await panel.waitForSelector('.page-chip-fit');
    expect(await fit?.evaluate((el) => el.textContent)).toMatch(/tokens — fits$/);

    const since = fake.requests.length;
    fake.script({ chunks: ['The council ', 'voted 5-2 ', 'for the **seawall**.'], delayMs: 400 });
    await ask(panel, 'What did the council decide?');
    // Seen while it is still being written: the first piece without the last.
    await panel.waitForFunction(
      () => {
        const answer = [...document.querySelectorAll('.answer')].at(-1);
        const text = answer?.textContent ?? '';
        return (
          answer?.getAttribute('data-status') === 'streaming' &&
          text.includes('The council') &&
          !text.includes('seawall')
        );
      },
      { timeout: 15_000 },
    );
    expect(await answerTo(panel, 'What did the council decide?')).toBe('The council voted 5-2 for the seawall.');
    expect(await panel.$eval('.answer strong', (el) => el.textContent)).toBe('seawall');
    expect(providerBodies(fake, since)[0]).toContain(ARTICLE_TEXT);
    await shoot(panel, 'answer');
  });

  it('offers the new tab after a switch and asks about neither page until the user chooses', async () => {
    const blog = await ctx.browser.newPage();
    await blog.goto(`${env.site.url}/blog-post.html`);
    await panel.waitForSelector('.page-chip-offer::-p-text(You switched to another tab)');
    await panel.bringToFront();

    let since = fake.requests.length;
    await ask(panel, 'And now?');
    await answerTo(panel, 'And now?');
    const held = providerBodies(fake, since);
    expect(held.length).toBeGreaterThan(0);
    for (const body of held) {
      expect(body).not.toContain(ARTICLE_TEXT);
      expect(body).not.toContain(BLOG_TEXT);
    }

    await grantTab(ctx, blog);
    await panel.bringToFront();
    await panel.locator('button::-p-text(Use this page)').click();
    await panel.waitForSelector('.page-chip-title::-p-text(Sourdough)');
    since = fake.requests.length;
    await ask(panel, 'What went wrong with the bread?');
    await answerTo(panel, 'What went wrong with the bread?');
    expect(providerBodies(fake, since)[0]).toContain(BLOG_TEXT);
  });

  it('refuses a model without a key with the exact message, and selects nothing', async () => {
    await panel.locator('.model-button').click();
    await panel.waitForSelector('[role="listbox"]');
    await shoot(panel, 'model-picker');
    await panel.locator('[role="option"]::-p-text(Llama 3.3 70B)').click();
    await panel.waitForSelector('::-p-text(Please add your Groq API Key in settings to use this model)');
    await panel.keyboard.press('Escape');
    // closed: the cases after this one click in the conversation the picker covered
    await panel.waitForSelector('[role="listbox"]', { hidden: true });
    expect(await panel.$eval('.model-button', (el) => el.textContent)).toContain('Trove Chat');
  });

  it('regenerates at Reading Level 4 with the instruction in the provider request, as a sibling answer', async () => {
    const since = fake.requests.length;
    await openLastAnswerOptions(panel);
    await shoot(panel, 'chat-options');
    const level = await panel.waitForSelector('input[type="range"]');
    await level?.focus();
    await panel.keyboard.press('ArrowRight');
    await panel.keyboard.press('ArrowRight');
    await panel.keyboard.press('Enter');
    await panel.waitForFunction(
      () => [...document.querySelectorAll('.turn')].at(-1)?.querySelector('.siblings')?.textContent?.includes('2 / 2'),
      { timeout: 15_000 },
    );
    await answerTo(panel, 'What went wrong with the bread?');
    expect(providerBodies(fake, since)[0]).toContain('Write for a College reader.');
  });

  it('asks two models at once and shows both answers', async () => {
    await panel.locator('.model-button').click();
    await panel.locator(MULTI_SWITCH).click();
    await panel.locator('[role="option"]::-p-text(Trove Fast)').click();
    await panel.keyboard.press('Escape');
    expect(await panel.$eval('.model-button', (el) => el.textContent)).toContain('Trove Fast');
    const before = fake.requests.length;
    await ask(panel, 'Compare yourselves');
    await answerTo(panel, 'Compare yourselves');
    await panel.waitForFunction(() =>
      [...document.querySelectorAll('.turn')].at(-1)?.querySelector('.siblings')?.textContent?.includes('/ 2'),
    );
    // One answer (and one follow-up request) per model.
    const models = new Set(fake.requests.slice(before).map((r) => (r.body as { model?: string }).model));
    expect([...models].sort()).toEqual(['trove-chat', 'trove-fast']);
    await shoot(panel, 'two-models');
    // Back to one model for what follows.
    await panel.locator('.model-button').click();
    await panel.locator(MULTI_SWITCH).click();
    await panel.keyboard.press('Escape');
    expect(await panel.$eval('.model-button', (el) => el.textContent)).not.toContain('Trove Fast');
  });

  it('edits the page’s saved gem from Chat Settings and counts it in the context chip', async () => {
    // Saved from another device: the panel finds it when it reads the page again.
    const url = `${env.site.url}/news-article.html`;
    await saveGemOverApi(env.server.url, USER.username, USER.password, { title: 'Seawall vote', url });
    await panel.close();
    panel = await openPanel(ctx, articleTab);
    const chip = await panel.waitForSelector('.context-summary:not([data-state])');
    expect(await chip?.evaluate((el) => el.textContent)).toMatch(/Also sent: \d+ gems? of this page/);

    await panel.locator('button[aria-label="Chat settings"]').click();
    await panel.locator('[role="menuitem"]::-p-text(Edit Gem)').click();
    const title = await panel.waitForSelector('form[aria-label="Edit saved gem"] #gem-title');
    await title?.click({ count: 3 });
    await panel.keyboard.type('Seawall vote, edited in the panel');
    await shoot(panel, 'edit-gem');
    await panel.locator('button::-p-text(Update gem)').click();
    await panel.waitForSelector('::-p-text(Gem updated)');
    const gems = await fetchGems(env.server.url, USER.username, USER.password);
    expect(gems.data.map((g) => g.title)).toContain('Seawall vote, edited in the panel');

    await panel.locator('.context-summary button::-p-text(Clear)').click();
    await panel.waitForSelector('.context-summary[data-state="cleared"]');
  });

  it('shares a read-only link to the chat that can be turned off', async () => {
    await panel.locator('button[aria-label="Share options"]').click();
    await panel.locator('[role="menuitem"]::-p-text(Invite Other)').click();
    await panel.locator('button::-p-text(Create link and copy it)').click();
    const input = await panel.waitForSelector('.invite-panel input[readonly]');
    const url = (await input?.evaluate((el) => (el as HTMLInputElement).value)) ?? '';
    expect(url).toMatch(/\/shared\/chats\/[A-Za-z0-9_-]{32}$/);
    const shared = await fetch(url);
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain('What did the council decide?');
    await shoot(panel, 'invite');

    await panel.locator('button::-p-text(Turn off link)').click();
    await panel.waitForSelector('button::-p-text(Create link and copy it)');
    expect((await fetch(url)).status).toBe(404);
    await panel.keyboard.press('Escape');
  });

  it('attaches a PDF from the device: its text reaches the provider, the chip counts it, it can be taken off', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-files-'));
    const notes = join(dir, 'harbor-notes.pdf');
    writeFileSync(notes, makePdf('The seawall contract goes to Baylight Marine.'));
    const input = await panel.$('input[data-testid="chat-file-input"]');
    await (input as ElementHandle<HTMLInputElement>).uploadFile(notes);
    await panel.waitForSelector('.attached-file-name::-p-text(harbor-notes.pdf)');
    expect(await panel.$eval('.context-summary', (el) => el.textContent)).toContain('1 file');

    const since = fake.requests.length;
    fake.script({ chunks: ['Baylight Marine.'] });
    await ask(panel, 'Who builds the seawall?');
    expect(await answerTo(panel, 'Who builds the seawall?')).toBe('Baylight Marine.');
    expect(providerBodies(fake, since)[0]).toContain('goes to Baylight Marine');

    await panel.locator('button[aria-label="Remove harbor-notes.pdf"]').click();
    await panel.waitForFunction(() => !document.querySelector('.attached-file'));
  });

  it('fills a prompt with a dropdown from the AI Prompts panel and sends it', async () => {
    await panel.locator('.composer-input').click();
    await panel.keyboard.type('/');
    await panel.locator('.prompt-item::-p-text(Reply politely)').click();
    await panel.locator('button::-p-text(Insert Prompt)').wait();
    await panel.select('.prompt-variables select', 'Friendly');
    await panel.locator('.prompt-variables input').fill('Ada');
    await shoot(panel, 'prompt');
    await panel.locator('button::-p-text(Insert Prompt)').click();
    const draft = await panel.$eval('.composer-input', (el) => (el as HTMLTextAreaElement).value);
    expect(draft).toContain('in a Friendly tone, signed Ada.');

    const since = fake.requests.length;
    fake.script({ chunks: ['Thanks so much! Ada'] });
    await panel.locator('.composer-input').click();
    await panel.keyboard.press('Enter');
    await panel.waitForFunction(() => [...document.querySelectorAll('.answer')].at(-1)?.textContent?.includes('Ada'));
    expect(providerBodies(fake, since)[0]).toContain('in a Friendly tone, signed Ada.');
  });

  it('sends the chosen brand voice and agent as instructions of their own', async () => {
    await createOverApi(env.server.url, USER.username, USER.password, 'brand-voices', {
      name: 'Harbor voice',
      text: 'Write plainly, like a harbor pilot.',
    });
    await createOverApi(env.server.url, USER.username, USER.password, 'personas', {
      name: 'Port engineer',
      text: 'You are a port engineer.',
    });
    await panel.locator('.composer-input').click();
    await panel.keyboard.type('@');
    await panel.locator('.voices-pick::-p-text(Harbor voice)').click();
    await panel.locator('.voices-pick::-p-text(Port engineer)').click();
    await shoot(panel, 'voices');
    await panel.keyboard.press('Escape');

    const since = fake.requests.length;
    fake.script({ chunks: ['Plainly: it holds.'] });
    await ask(panel, 'Will the seawall hold?');
    expect(await answerTo(panel, 'Will the seawall hold?')).toBe('Plainly: it holds.');
    const body = providerBodies(fake, since)[0] ?? '';
    expect(body).toContain('You are a port engineer.');
    expect(body).toContain('Write plainly, like a harbor pilot.');
    expect(body.indexOf('You are a port engineer.')).toBeLessThan(body.indexOf('Write plainly, like a harbor pilot.'));
  });

  it('keeps an answer, and the conversation, as prompts of the user’s', async () => {
    const promptTexts = async () => {
      const list = (await getOverApi(env.server.url, USER.username, USER.password, 'prompts?scope=mine')) as {
        data: { title: string; text?: string }[];
      };
      return Object.fromEntries(list.data.map((p) => [p.title, p.text]));
    };
    // The menu is offered once the answer is stored (not while it is live).
    await chooseLastAnswerOption(panel, 'AI Prompt', () =>
      panel.waitForSelector('::-p-text(Saved as the prompt “Will the seawall hold?”)', { timeout: 10_000 }),
    );
    await expect
      .poll(promptTexts, { timeout: 10_000 })
      .toHaveProperty(['Will the seawall hold?'], 'Plainly: it holds.');

    fake.script({ chunks: ['Title: Seawall briefing\n', 'Brief {{Audience}} on the seawall decision.'] });
    await panel.locator('button[aria-label="Share options"]').click();
    await panel.locator('[role="menuitem"]::-p-text(Create prompt from current conversation)').click();
    await expect
      .poll(promptTexts, { timeout: 10_000 })
      .toHaveProperty(['Seawall briefing'], 'Brief {{Audience}} on the seawall decision.');
    await panel.waitForSelector('::-p-text(Saved as the prompt “Seawall briefing”)');
    // Toasts lie at the top of the conversation: clear of the header, the context chip, the latest answer and the
    // composer.
    const layout = await panel.evaluate(() => {
      const rect = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().toJSON();
      return { toasts: rect('.toasts'), messages: rect('.message-list'), chip: rect('.context-summary') };
    });
    expect(layout.toasts.top).toBeGreaterThanOrEqual(layout.messages.top);
    expect(layout.toasts.top - layout.messages.top).toBeLessThan(20);
    expect(layout.toasts.top).toBeGreaterThanOrEqual(layout.chip.bottom);
    expect(layout.toasts.bottom).toBeLessThan(layout.messages.top + layout.messages.height / 2);
    // A toast without a button lets clicks through to the conversation under it.
    const hit = await panel.evaluate(() => {
      const box = document.querySelector('.toast')?.getBoundingClientRect();
      if (!box) return 'no toast';
      const under = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return under?.closest('.toasts') ? 'the toast' : (under?.tagName ?? 'nothing');
    });
    expect(hit).not.toMatch(/toast|nothing/);
    await shoot(panel, 'toast');
  });

  it('answers from chosen gems and a whole collection, and says which it used', async () => {
    const harbor = await createOverApi(env.server.url, USER.username, USER.password, 'collections', {
      name: 'Harbor files',
    });
    const save = (title: string, text: string, collectionId?: number) =>
      saveGemOverApi(env.server.url, USER.username, USER.password, {
        title,
        url: `${env.site.url}/notes/${encodeURIComponent(title)}`,
        text,
        collectionId,
      });
    await save('Seawall budget', 'The seawall costs 48 million, paid by the port authority.', harbor.id);
    await save('Pier repairs', 'Pier 4 reopens in May after the repairs.', harbor.id);
    await save('Tide tables', 'High tide on Monday is at 06:12.');

    await panel.locator('.composer-input').click();
    await panel.keyboard.type('+');
    await panel.locator('::-p-aria([name="Harbor files"][role="checkbox"])').click();
    await panel.locator('button[aria-label="Gems in Unfiltered"]').click();
    await panel.locator('::-p-aria([name="Tide tables"][role="checkbox"])').click();
    await shoot(panel, 'bookmarks');
    await panel.locator('button::-p-text(Continue)').click();
    await panel.waitForSelector('.context-summary::-p-text(1 collection · 1 gem)');
    await panel.waitForSelector('[aria-label="Chosen gems and collections"] ::-p-text(Harbor files)');

    const since = fake.requests.length;
    fake.script({ chunks: ['It costs 48 million [1][2][3][4][5].'] });
    await ask(panel, 'What do my harbor notes say about money?');
    await answerTo(panel, 'What do my harbor notes say about money?');
    const body = providerBodies(fake, since)[0] ?? '';
    for (const text of ['costs 48 million', 'Pier 4 reopens', 'High tide on Monday']) expect(body).toContain(text);
    const shown = (question: string) =>
      panel.evaluate((q) => {
        const turn = [...document.querySelectorAll('.turn')].find(
          (t) => t.querySelector('.question')?.textContent === q,
        );
        return {
          used: [...(turn?.querySelectorAll('.context-used li') ?? [])].map((li) => li.textContent ?? ''),
          sources: turn?.querySelector('.answer-citations')?.textContent ?? '',
        };
      }, question);
    // The manifest arrives with the stored answer, just after the stream ends.
    await panel.waitForFunction(
      (q) =>
        [...document.querySelectorAll('.turn')]
          .find((t) => t.querySelector('.question')?.textContent === q)
          ?.querySelector('.context-used li'),
      {},
      'What do my harbor notes say about money?',
    );
    const { used, sources } = await shown('What do my harbor notes say about money?');
    for (const title of ['Seawall budget', 'Pier repairs', 'Tide tables'])
      expect(used.some((line) => line.startsWith(title))).toBe(true);
    expect(sources).toContain('Seawall budget');

    // Contexts: free text goes too; Reset clears one tab at a time. (Edit by keyboard.)
    const openContexts = async () => {
      await (await panel.waitForSelector('.context-summary button::-p-text(Edit)'))?.focus();
      await panel.keyboard.press('Enter');
    };
    await openContexts();
    await panel.locator('textarea[aria-label="Context text"]').fill('All figures are in euros.');
    await shoot(panel, 'contexts');
    await panel.keyboard.press('Escape');
    await panel.waitForSelector('.context-summary::-p-text(context text)');
    const before = fake.requests.length;
    fake.script({ chunks: ['In euros.'] });
    await ask(panel, 'Which currency?');
    await answerTo(panel, 'Which currency?');
    expect(providerBodies(fake, before)[0]).toContain('All figures are in euros.');

    await openContexts();
    await panel.locator('[role="tab"]::-p-text(Gems)').click();
    await panel.locator('.contexts-bar button::-p-text(Reset)').click();
    await panel.locator('[role="tab"]::-p-text(Context Text)').click();
    await panel.locator('.contexts-bar button::-p-text(Reset)').click();
    await panel.keyboard.press('Escape');
    await panel.waitForFunction(() => !document.querySelector('[aria-label="Chosen gems and collections"]'));
    await panel.waitForFunction(
      () => !document.querySelector('.context-summary')?.textContent?.includes('context text'),
    );
  });

  it('proposes a memory the user confirms, and uses it in the next chat', async () => {
    /** The menu shows the state the server saved: wait for it before asking. */
    const setMemory = async (on: boolean) => {
      await panel.locator('button[aria-label="Chat settings"]').click();
      const item = await panel.waitForSelector('[role="menuitemcheckbox"]::-p-text(Enable Memory)');
      if ((await item?.evaluate((el) => el.getAttribute('aria-checked'))) !== String(on)) await item?.click();
      await panel.waitForSelector(`[role="menuitemcheckbox"][aria-checked="${on}"]::-p-text(Enable Memory)`);
      await panel.keyboard.press('Escape');
    };
    await setMemory(true);

    let since = fake.requests.length;
    fake.script({ chunks: ['Green tea it is.\n', 'REMEMBER: The user drinks only green tea.'] });
    await ask(panel, 'I only drink green tea. What should I order?');
    expect(await answerTo(panel, 'I only drink green tea. What should I order?')).toBe('Green tea it is.');
    expect(providerBodies(fake, since)[0]).toContain('REMEMBER:');
    const proposal = await panel.waitForSelector('section[aria-label="Memory proposal"]');
    expect(await proposal?.$eval('blockquote', (el) => el.textContent)).toBe('The user drinks only green tea.');
    await shoot(panel, 'memory-proposal');
    await panel.locator('section[aria-label="Memory proposal"] button::-p-text(Save)').click();
    await panel.waitForSelector('::-p-text(Memory saved)');
    await panel.waitForFunction(() => !document.querySelector('section[aria-label="Memory proposal"]'));

    await panel.locator('button[aria-label="New chat"]').click();
    since = fake.requests.length;
    fake.script({ chunks: ['Bring green tea.'] });
    await ask(panel, 'Which drink should I bring to the picnic?');
    expect(await answerTo(panel, 'Which drink should I bring to the picnic?')).toBe('Bring green tea.');
    expect(providerBodies(fake, since)[0]).toContain('The user drinks only green tea.');
    await setMemory(false);

    // Back to the first chat, which the tests after this one go on with.
    await panel.locator('button[aria-label="Chat history"]').click();
    await panel.locator('[role="tab"]::-p-text(Recents)').click();
    await panel.locator('.history-title::-p-text(What did the council decide?)').click();
    await panel.waitForSelector('.chat-title::-p-text(What did the council decide?)');
  });

  it('writes in Write mode: a chat of its own, answered as a writer, with fewer options', async () => {
    await panel.locator('.mode-switch-button::-p-text(Write)').click();
    await panel.waitForSelector('::-p-text(Write with Trove)');
    expect(await panel.$('button[aria-label="Chat history"]')).toBeNull();
    const since = fake.requests.length;
    fake.script({ chunks: ['Thank you all ', 'for a great quarter.'] });
    await ask(panel, 'A one-line thank-you to my team');
    expect(await answerTo(panel, 'A one-line thank-you to my team')).toBe('Thank you all for a great quarter.');
    const sent = providerBodies(fake, since);
    expect(sent).toHaveLength(1); // no follow-up questions in Write mode
    expect(sent[0]).toContain("You are Trove's writing assistant");

    await panel.locator('button[aria-label="Chat settings"]').click();
    await panel.waitForSelector('[role="menu"]');
    const items = await panel.$$eval('[role="menu"] [role^="menuitem"]', (els) => els.map((e) => e.textContent));
    expect(items.join('|')).not.toMatch(/Report issue|Chat history|Show Citations|Follow up Questions|Cost Estimate/);
    await panel.keyboard.press('Escape');
    await shoot(panel, 'write');

    await panel.locator('.mode-switch-button::-p-text(Chat)').click();
    await panel.waitForSelector('.chat-title::-p-text(What did the council decide?)');
  });

  it('opens again with the models it last had, before the server answers (here: while it is down)', async () => {
    const modelName = await panel.$eval('.model-button-name', (el) => el.textContent);
    const worker = await backgroundWorker(ctx);
    const kept = (await worker.evaluate(
      "chrome.storage.local.get('lastChatModels').then((r) => r.lastChatModels)",
    )) as { userId: number; models: { displayName: string }[] };
    expect(kept.models.map((m) => m.displayName)).toContain(modelName);
    await panel.close();
    await env.stopServer();
    try {
      panel = await openPanel(ctx, articleTab);
      await panel.waitForFunction(
        (name) => document.querySelector('.model-button-name')?.textContent === name,
        {},
        modelName,
      );
      expect(await panel.$eval('.composer-input', (el) => (el as HTMLTextAreaElement).disabled)).toBe(false);
    } finally {
      await env.startServer();
    }
    await panel.close();
    panel = await openPanel(ctx, articleTab);
  });

  it('shows the whole answer, from its start, when the panel is closed mid-answer and opened again', async () => {
    const chunks = Array.from({ length: 16 }, (_, i) => `part${i} `);
    fake.script({ chunks, delayMs: 250 });
    await ask(panel, 'Tell me slowly');
    await answerShows(panel, 'Tell me slowly', 'part1');
    await panel.close();
    panel = await openPanel(ctx, articleTab);
    expect(await answerTo(panel, 'Tell me slowly')).toBe(chunks.join('').trim());
  });

  it('loses nothing when the browser stops the service worker mid-answer', async () => {
    const chunks = Array.from({ length: 12 }, (_, i) => `piece${i} `);
    // The answer before shows done before the server asks for its follow-ups: a script queued first answers that
    // request (CI failed so, on a loaded machine).
    await followUpsAsked(fake, 'Tell me slowly');
    fake.script({ chunks, delayMs: 250 });
    await ask(panel, 'Keep going');
    await answerShows(panel, 'Keep going', 'piece1');
    const cdp = await panel.createCDPSession();
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    // DevTools' service-worker domain left on keeps the stopped worker from starting again for new pages.
    await cdp.send('ServiceWorker.disable');
    await cdp.detach();
    expect(await answerTo(panel, 'Keep going')).toBe(chunks.join('').trim());
  });

  it('exports the chat as text and finds it in the history', async () => {
    const downloads = mkdtempSync(join(tmpdir(), 'trove-downloads-'));
    const cdp = await ctx.browser.target().createCDPSession();
    await cdp.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads });
    await panel.locator('button[aria-label="Share options"]').click();
    await panel.locator('[role="menuitem"]::-p-text(Export text)').click();
    // Named after the chat's title and day.
    const exported = () =>
      readdirSync(downloads).find((name) => /^What did the council decide \d{4}-\d\d-\d\d\.txt$/.test(name));
    for (let i = 0; i < 50 && !exported(); i++) await new Promise((r) => setTimeout(r, 100));
    const text = readFileSync(join(downloads, exported() ?? 'missing.txt'), 'utf8');
    expect(text).toContain('What did the council decide?');
    expect(text).toContain(`Page: ${env.site.url}/news-article.html`);

    await panel.locator('.composer-input').click();
    await panel.keyboard.type('\\');
    await panel.waitForSelector('[role="tab"]::-p-text(Recents)');
    expect(await panel.$eval('.composer-input', (el) => (el as HTMLTextAreaElement).value)).toBe('');
    await panel.locator('[role="tab"]::-p-text(Recents)').click();
    await panel.locator('input[type="search"]').fill('council');
    await panel.keyboard.press('Enter');
    await panel.waitForSelector('.history-title::-p-text(What did the council decide?)');
    await shoot(panel, 'history');
    // The Write mode chat of the test before is not the Chat tab's history.
    await panel.locator('input[type="search"]').fill('thank-you');
    await panel.keyboard.press('Enter');
    await panel.waitForSelector('::-p-text(No chat matches)');
    await panel.keyboard.press('Escape');
  });

  it('renders a malicious answer as inert text: no script runs, nothing is fetched', async () => {
    const site = env.site.url;
    fake.script({
      chunks: [
        `<img src="${site}/evil.png" onerror="window.__pwned = 1">\n\n`,
        '[click me](javascript:window.__pwned=2) and [fine](https://example.test/ok)\n\n',
        `![remote](${site}/remote.png)\n\n`,
        '```js\nconsole.log("code")\n```\n',
      ],
    });
    const seen = env.site.requests.length;
    await ask(panel, 'Show me something dangerous');
    await answerTo(panel, 'Show me something dangerous');
    expect(await panel.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    const last = (await panel.$$('.turn')).at(-1);
    expect(await panel.$$eval('.answer img', (imgs) => imgs.length)).toBe(0);
    expect(await last?.$$eval('.answer a', (links) => links.map((a) => a.getAttribute('href')))).toEqual([
      'https://example.test/ok',
    ]);
    expect(await last?.$eval('.answer', (el) => el.textContent)).toContain('Load image from');
    await new Promise((r) => setTimeout(r, 300));
    expect(env.site.requests.slice(seen).filter((p) => p.endsWith('.png'))).toEqual([]);
  });

  it('keeps a temporary chat out of the server: the turns stay in the panel, the history travels with the question', async () => {
    const signIn = await fetch(`${env.server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: USER.username, password: USER.password }),
    });
    const { jwt } = (await signIn.json()) as { jwt: string };
    const chatCount = async () =>
      (
        (await (
          await fetch(`${env.server.url}/api/chats/history`, { headers: { authorization: `Bearer ${jwt}` } })
        ).json()) as {
          totalCount: number;
        }
      ).totalCount;
    const before = await chatCount();
    await panel.locator('.model-button').click();
    await panel.locator('::-p-aria([name="Temporary Chat"][role="switch"])').click();
    await panel.keyboard.press('Escape');
    await panel.waitForSelector('.temporary-banner');
    fake.script({ chunks: ['Off ', 'the record.'] });
    await ask(panel, 'A secret question');
    expect(await answerTo(panel, 'A secret question')).toBe('Off the record.');
    const since = fake.requests.length;
    await ask(panel, 'And a second one');
    await answerTo(panel, 'And a second one');
    expect(providerBodies(fake, since)[0]).toContain('Off the record.');
    expect(await chatCount()).toBe(before);
  });
});
