/**
 * Retrieval (issue 10): a collection far larger than the model's context (200 gems, ~4× the budget),
 * the answer to the question in one passage of one gem kept in a sub-collection. The passage most
 * relevant to the question is sent, ranked in SQL (also on PostgreSQL: --project server-postgres),
 * the manifest names it, and the answer's citations name its gem.
 */
import { describe, expect, it } from 'vitest';
import { contextBudget } from '../../lib/api/context-budget';
import { type ContextManifestItem, contextManifestItemSchema } from '../../lib/api/contract';
import { CATALOGUE } from '../../server/ai/catalogue';
import {
  chatUser,
  modelIdOf,
  PROVIDERS,
  type ProviderSetup,
  setupFakeProvider,
  storedMessages,
  stream,
} from './chat-helpers';
import { setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();
const OLLAMA = PROVIDERS.find((p) => p.provider === 'ollama') as ProviderSetup;

const GEMS = 200;
const TARGET = 137;
const ANSWER = 'The capital of Zorbania is Quillport, a harbour town on the northern fjord.';
const QUESTION = 'What is the capital of Zorbania?';

/** ~2,000 characters of a gem about region `n`: paragraphs that all talk about capitals. */
function filler(n: number): string {
  return Array.from(
    { length: 6 },
    (_, p) =>
      `Region ${n} paragraph ${p}: the capital city of region ${n} hosts markets, a capital museum and ` +
      `capital investments in roads. Travellers visiting the capital find rivers, bridges and old ` +
      `stone houses, and local histories of trade, weather and farming that fill many pages.`,
  ).join('\n\n');
}

async function post(token: string, path: string, data: Record<string, unknown>): Promise<number> {
  const res = await t.api(path, { token, body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function manifestOf(token: string, chatId: number, index: number) {
  const row = (await storedMessages(t, token, chatId))[index];
  const context = row?.context as { items: unknown[]; totals: Record<string, number> };
  return { row, items: context.items.map((i) => contextManifestItemSchema.parse(i)), totals: context.totals };
}

describe('retrieval from a collection larger than the context', () => {
  it('sends the passage that answers the question, names it in the manifest and cites its gem', async () => {
    const { token, chatId } = await chatUser(t, fake, OLLAMA);
    const modelId = await modelIdOf(t, token, 'qwen2.5');
    const contentLength = CATALOGUE.find((m) => m.model === 'qwen2.5')?.content_length as number;
    const { budget } = contextBudget(contentLength);

    const library = await post(token, '/api/collections', { name: 'World atlas' });
    const north = await post(token, '/api/collections', { name: 'North', parentId: library });
    let target = 0;
    for (let n = 1; n <= GEMS; n++) {
      const paragraphs = filler(n);
      const gem = await post(token, '/api/gems', {
        title: `Region ${n}`,
        url: `https://example.com/regions/${n}`,
        text: n === TARGET ? `${paragraphs}\n\n${ANSWER}\n\n${filler(n + 1000)}` : paragraphs,
        collectionId: n === TARGET ? north : library,
      });
      if (n === TARGET) target = gem;
    }

    fake.script({ chunks: ['Quillport.'] });
    const first = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: QUESTION, modelId, context: { collectionIds: [library] } },
    });
    expect(first.text).toBe('Quillport.');

    const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    expect(system).toContain(ANSWER);

    const { items, totals } = await manifestOf(token, chatId, 0);
    expect(items).toHaveLength(GEMS);
    expect(totals.tokens).toBeGreaterThan(budget * 3); // far larger than the context
    expect(totals.includedTokens).toBeLessThanOrEqual(budget);
    expect(totals.dropped).toBeGreaterThan(GEMS / 2);

    const chosen = items.find((i) => i.id === target) as ContextManifestItem;
    expect(chosen).toMatchObject({ kind: 'collectionGem', collectionId: library, included: 'truncated' });
    const gemText = `${filler(TARGET)}\n\n${ANSWER}\n\n${filler(TARGET + 1000)}`;
    const holding = chosen.passages?.find((p) => gemText.slice(p.start, p.end).includes(ANSWER));
    expect(holding, JSON.stringify(chosen)).toBeDefined();
    // it ranked above every other passage sent
    const scores = items.flatMap((i) => (i.passages ?? []).map((p) => ({ id: i.id, score: p.score })));
    const best = Math.max(...scores.map((s) => s.score));
    expect(holding?.score).toBe(best);
    expect(scores.filter((s) => s.score === best).map((s) => s.id)).toEqual([target]);

    // Asked again with citations, the same passages are sent: the answer cites the gem by its number.
    const citable = items.filter((i) => i.included !== 'dropped');
    const n = citable.findIndex((i) => i.id === target) + 1;
    fake.script({ chunks: [`It is Quillport [${n}].`] });
    const second = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: QUESTION, modelId, citations: true, context: { collectionIds: [library] } },
    });
    const done = second.events.find((e) => e.event === 'done');
    expect(done?.data.citations).toEqual([
      { n, kind: 'collectionGem', id: target, url: `https://example.com/regions/${TARGET}`, title: `Region ${TARGET}` },
    ]);
    const again = await manifestOf(token, chatId, 1);
    expect(again.items.find((i) => i.id === target)?.passages).toEqual(chosen.passages);
    expect(again.row?.citations?.map((c) => c.id)).toEqual([target]);
  });

  it('a changed gem has its passages cut again', async () => {
    const { token, chatId } = await chatUser(t, fake, OLLAMA);
    const modelId = await modelIdOf(t, token, 'qwen2.5');
    const coll = await post(token, '/api/collections', { name: 'Notes' });
    const ids: number[] = [];
    for (let n = 1; n <= 60; n++)
      ids.push(
        await post(token, '/api/gems', {
          title: `Note ${n}`,
          url: `https://example.com/n/${n}`,
          text: filler(n),
          collectionId: coll,
        }),
      );
    const ask = async (question: string) => {
      fake.script({ chunks: ['ok'] });
      await stream(t.url, `/api/chats/${chatId}/messages`, {
        token,
        body: { text: question, modelId, context: { collectionIds: [coll] } },
      });
      const body = fake.requests.at(-1)?.body as { messages: { role: string; content: string }[] };
      return body.messages.find((m) => m.role === 'system')?.content ?? '';
    };
    expect(await ask('Where do pelicans nest?')).not.toContain('pelicans nest');
    const edited = await t.api(`/api/gems/${ids[10]}`, {
      method: 'PUT',
      token,
      body: { data: { text: `${filler(11)}\n\nBrown pelicans nest on Marrow Island every spring.` } },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await ask('Where do pelicans nest?')).toContain('Brown pelicans nest on Marrow Island');
  });
});
