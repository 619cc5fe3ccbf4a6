import { inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { fillPromptVariables, promptVariables } from '../../../lib/api/prompt-variables';
import { EMPTY_GENERATE_TEXT } from '../../../lib/api/public-prompt-contract';
import { publicPromptPageApi } from '../../../lib/api/routes/public-prompts';
import { countHit } from '../../auth/rate-limit';
import { aiModels } from '../../db/schema';
import { contractRoutes } from '../../http/contract-routes';
import type { Deps } from '../../http/env';
import { ApiError, sendError } from '../../http/errors';
import { readPlainForm } from '../../http/form';
import { clientAddress } from '../../http/rate-limit';
import { modelAccess } from '../ai-settings/model-access';
import { holdCredits } from '../credits/credits';
import { promptTextOf } from '../prompts/prompts';
import { renderNotFound } from '../public-pages/render-page';
import { holdBudget, settleBudget } from './budget';
import { PROMPT_PAGE_HEADERS } from './page-style';
import { findPublicPrompt, type PublicPrompt, publicPromptPath } from './public-prompt';
import { type PromptPage, pageEnd, pageStart, renderPromptPage } from './render-prompt-page';
import { streamAnswer } from './run';
import { anonymousUseOf } from './settings';

/** `/prompts/{username}/{slug}`: a public prompt's page and its Generate form (mounted at the root). */

type Status = 200 | 400 | 403 | 404 | 429;
const SIGN_UP = 'Sign up to generate: the author of this prompt has not opened it to visitors.';
const DAY = 24 * 3600;

export function publicPromptPageRoutes({ db, ai, requests }: Deps) {
  const html = (c: Context, body: string, status: Status = 200) => c.body(body, status, PROMPT_PAGE_HEADERS);
  const noPage = (c: Context) =>
    c.req.header('Accept')?.includes('text/html')
      ? html(c, renderNotFound(), 404)
      : sendError(c, 404, 'No public prompt at this address');

  /** The page's parts that do not depend on the visitor's input. */
  async function pageOf(prompt: PublicPrompt): Promise<PromptPage> {
    const settings = await anonymousUseOf(db, prompt.ownerId);
    const models =
      settings.enabled && settings.modelIds.length
        ? await db
            .select({ id: aiModels.id, displayName: aiModels.displayName })
            .from(aiModels)
            .where(inArray(aiModels.id, settings.modelIds))
            .orderBy(aiModels.displayName)
        : [];
    const text = promptTextOf(prompt.row);
    return {
      title: prompt.row.title,
      description: prompt.row.description ?? '',
      username: prompt.username,
      text: prompt.row.media.showPrompt === false ? null : text,
      variables: promptVariables(text),
      models,
      anonymous: settings.enabled,
      path: publicPromptPath(prompt.username, prompt.slug),
    };
  }

  /** The visitor's values, or the message saying what is missing or wrong. */
  function readInput(page: PromptPage, form: Record<string, unknown>) {
    const str = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
    const vars: Record<string, string> = {};
    for (const v of page.variables) vars[v.name] = str(`v.${v.name}`);
    const values = { modelId: str('modelId'), text: str('text'), vars };
    const empty = page.variables.length ? page.variables.some((v) => !vars[v.name]?.trim()) : !values.text.trim();
    if (empty) return { values, error: EMPTY_GENERATE_TEXT };
    const bad = page.variables.find((v) => v.options && !v.options.includes(vars[v.name] ?? ''));
    if (bad) return { values, error: `Choose one of the choices of ${bad.name}` };
    const modelId = Number(values.modelId);
    if (!page.models.some((m) => m.id === modelId))
      return { values, error: 'Choose one of the models offered here (modelId)' };
    return { values, modelId };
  }

  const generate = async (c: Context, prompt: PublicPrompt, form: Record<string, unknown>) => {
    const page = await pageOf(prompt);
    if (!page.anonymous) return html(c, renderPromptPage({ ...page, error: SIGN_UP }), 403);
    const input = readInput(page, form);
    const again = (error: string, status: Status) =>
      html(c, renderPromptPage({ ...page, values: input.values, error }), status);
    if (input.modelId === undefined) return again(input.error, 400);
    const settings = await anonymousUseOf(db, prompt.ownerId);
    const address = clientAddress(c, requests.trustedProxies);
    const limit = await countHit(db, `anonymous-prompt:${prompt.ownerId}:${address}`, {
      max: settings.dailyLimit,
      windowSeconds: DAY,
    });
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      return again(`You have run this author’s prompts as often as they allow in a day. Try again later.`, 429);
    }
    let access: Awaited<ReturnType<typeof modelAccess>>;
    try {
      access = await modelAccess(db, ai, prompt.ownerId, input.modelId);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return again('This model cannot be used now', 400);
      throw error;
    }
    const held = await holdBudget(db, prompt.ownerId);
    if (held === 'off') return html(c, renderPromptPage({ ...page, anonymous: false, error: SIGN_UP }), 403);
    if (held === 'spent') return again('This prompt’s budget for the month is spent. Try again next month.', 429);
    let holdId: number | null;
    try {
      const [hold] = await holdCredits(db, prompt.ownerId, [{ model: access.model }], ai.leaseSeconds);
      holdId = hold?.holdId ?? null;
    } catch (error) {
      await settleBudget(db, prompt.ownerId, null);
      if (error instanceof ApiError && error.status < 500)
        return again('The author of this prompt has no credits left for it', 429);
      throw error;
    }
    const run = {
      db,
      ai,
      ownerId: prompt.ownerId,
      model: access.model,
      // The author's key or endpoint: a visitor is told what failed, never its words (the house models' are anyone's).
      access: access.access.house
        ? access.access
        : { ...access.access, onBehalf: 'The author of this prompt can check it.' },
      prompt: fillPromptVariables(promptTextOf(prompt.row), input.values.vars),
      charge: { db, userId: prompt.ownerId, holdId, seconds: ai.leaseSeconds },
      signal: c.req.raw.signal,
    };
    if (!page.variables.length) run.prompt = `${run.prompt}\n\n${input.values.text}`;
    const shown = { ...page, values: input.values };
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const write = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            // the visitor left: the run is stopped by the request's signal
          }
        };
        write(pageStart(shown, true));
        const failure = await streamAnswer(run, write);
        write(pageEnd(shown, true, failure));
        try {
          controller.close();
        } catch {}
      },
    });
    return c.body(body, 200, PROMPT_PAGE_HEADERS);
  };

  return contractRoutes('')
    .implement(publicPromptPageApi.page, async (c, { params }) => {
      const prompt = await findPublicPrompt(db, params.username, params.slug);
      return prompt ? html(c, renderPromptPage(await pageOf(prompt))) : noPage(c);
    })
    .implement(publicPromptPageApi.generate, async (c, { params }) => {
      // The form first: a request that is not a form is a 400 whatever the address (as the link pages do).
      const form = await readPlainForm(c);
      if (form instanceof Response) return form;
      const prompt = await findPublicPrompt(db, params.username, params.slug);
      return prompt ? generate(c, prompt, form) : noPage(c);
    }).app;
}
