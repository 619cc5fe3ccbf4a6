/**
 * Search by meaning (issue 33): the user's embedding model (their endpoint, Ollama's /api/embed or an OpenAI-compatible
 * /v1/embeddings, or a built-in provider with their key), the background job that embeds their library, and the
 * library's search and the chat's retrieval blending the word and meaning ranks by reciprocal rank fusion. The vectors
 * come from the fake provider (tests/fake-provider/embeddings.ts: a bag of concepts with a synonym table), so a
 * question sharing no word with a passage can still be near it. PGlite ships pgvector; this machine's PostgreSQL has
 * none, so on `server-postgres` the routes say so and search stays by words.
 */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { contextManifestItemSchema } from '../../lib/api/answer-context-contract';
import { vectorStatusSchema } from '../../lib/api/embeddings-contract';
import { searchHitSchema } from '../../lib/api/search-contract';
import { setupFakeProvider, storedMessages, stream } from './chat-helpers';
import {
  backend,
  type Client,
  createClient,
  expectError,
  expectFieldError,
  setupTestServer,
  startTestServer,
} from './harness';
import { serverProcesses } from './server-process';

const fake = setupFakeProvider();
const t = setupTestServer({ embeddings: { pollMs: 20, passagesPerMinute: 1_000_000, batchGems: 3, leaseSeconds: 2 } });
const available = backend === 'pglite';

const CAR = {
  title: 'Keeping a sedan running',
  text: 'Car engine repair: change the oil every season, check the spark plugs and replace worn belts before a long drive.',
};
const TAP = {
  title: 'Dripping tap',
  text: 'To fix a dripping kitchen tap, close the valve, unscrew the handle and swap the washer for a new one.',
};
const DEALER = {
  title: 'Dealership list',
  text: 'Used sedans and vehicles for sale at the dealership downtown, cars of every size.',
};
const BREAD = {
  title: 'Sourdough',
  text: 'Flour, water and salt; let the starter rise overnight and bake it at dawn.',
};
const QUESTION = "How do I fix my automobile's motor?";
/** Three paragraphs of 700 characters: 2,104 characters, so estimated as 2 passages before it is cut into 3. */
const KNITTING = {
  title: 'Knitting a scarf',
  text: ['Cast on loosely. ', 'Purl every row. ', 'Block the wool. ']
    .map((line) => line.repeat(44).slice(0, 700))
    .join('\n\n'),
};

const INVOICE = { title: 'Kestrelmoor Ltd', text: 'Kestrelmoor invoice 42 is due in March, paid by transfer.' };
const BILLS = { title: 'Paying bills', text: 'Bills, receipts, payments and cash: money matters.' };
const OFFICE = { title: 'Kestrelmoor office', text: 'The Kestrelmoor office is on the second floor, by the lifts.' };

async function signUp() {
  const session = await t.signUp('emb');
  return session.jwt;
}

async function addEndpoint(token: string, kind: 'ollama' | 'openai-compatible' = 'ollama') {
  const body =
    kind === 'ollama'
      ? { name: 'Home Ollama', kind, baseUrl: fake.url }
      : { name: 'Local vLLM', kind, baseUrl: `${fake.url}/v1`, apiKey: 'sk-local-embed-1234' };
  const res = await t.api('/api/ai-endpoints', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; models: { id: number; model: string }[] };
}

const setModel = (token: string, data: unknown) =>
  t.api('/api/embedding-model', { method: 'PUT', token, body: { data } });

async function chooseEndpoint(token: string, endpointId: number) {
  const res = await setModel(token, { source: 'endpoint', endpointId, model: 'nomic-embed-text' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function addGem(token: string, gem: { title: string; text: string }) {
  const url = `https://example.com/${encodeURIComponent(gem.title)}-${Math.random().toString(36).slice(2)}`;
  const res = await t.api('/api/gems', { token, body: { data: { ...gem, url } } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

async function status(token: string, query = '') {
  const res = await t.api(`/api/get-vectors-for-collections-gems${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return vectorStatusSchema.parse(res.body.data);
}

/** Waits for the background job to have embedded the whole library. */
const embedded = (token: string) =>
  vi.waitFor(
    async () => {
      const now = await status(token);
      expect(now.job?.status).toBe('done');
      expect(now.embeddedGems).toBe(now.gems);
      return now;
    },
    { timeout: 20_000, interval: 20 },
  );

async function search(token: string, q: string) {
  const res = await t.api(`/api/filter-search?q=${encodeURIComponent(q)}&perPage=20`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((hit: unknown) => searchHitSchema.parse(hit).title) as string[];
}

/** Texts sent to the fake provider's embeddings, both wire formats. */
const embeddedTexts = () =>
  fake.requests
    .filter((r) => r.path === '/api/embed' || r.path === '/v1/embeddings')
    .flatMap((r) => (r.body as { input: string[] }).input);

describe('choosing the embedding model', () => {
  it('answers 401 signed out, 400 for a body it cannot read, naming the field', async () => {
    expect((await t.api('/api/get-vectors-for-collections-gems')).status).toBe(401);
    const token = await signUp();
    expectError(await setModel(token, { source: 'somewhere' }), 400);
    expectFieldError(await setModel(token, { source: 'endpoint', model: 'm' }), 'data.endpointId');
    expectError(await setModel(token, { source: 'endpoint', endpointId: 1, model: '' }), 400);
    expectError(await t.api('/api/get-vectors-for-collections-gems?collectionId=abc', { token }), 400);
  });

  it("another user's endpoint or collection is a 404; removing a model never set is a 404", async () => {
    const owner = await signUp();
    const { id } = await addEndpoint(owner);
    const collection = await t.api('/api/collections', { token: owner, body: { data: { name: 'Private' } } });
    const other = await signUp();
    expectError(await setModel(other, { source: 'endpoint', endpointId: id, model: 'nomic-embed-text' }), 404);
    expectError(
      await t.api(`/api/get-vectors-for-collections-gems?collectionId=${collection.body.data.id}`, { token: other }),
      404,
    );
    expectError(await t.api('/api/embedding-model', { method: 'DELETE', token: other }), 404);
  });

  it('refuses a provider that makes no embeddings, and the house model when the server has none', async () => {
    const token = await signUp();
    const anthropic = await setModel(token, { source: 'provider', provider: 'Anthropic', model: 'claude' });
    const unknown = await setModel(token, { source: 'provider', provider: 'Nowhere', model: 'm' });
    const house = await setModel(token, { source: 'house' });
    expect(expectError(anthropic, 400).message).toMatch(/does not make embeddings/);
    expect(expectError(unknown, 400).message).toMatch(/Unknown provider/);
    expect(expectError(house, 400).message).toMatch(/no embedding model of its own/);
    // The status says there is none to choose.
    const offered = await t.api('/api/get-vectors-for-collections-gems', { token });
    expect(offered.body.data.houseModel).toBeNull();
  });

  it.runIf(available)('a provider failing the first embedding is a 502 in plain words; nothing is stored', async () => {
    const token = await signUp();
    const { id } = await addEndpoint(token);
    fake.failEmbeddings(2, 500);
    const res = await setModel(token, { source: 'endpoint', endpointId: id, model: 'nomic-embed-text' });
    expect(expectError(res, 502).message).toMatch(/Home Ollama/);
    expect((await status(token)).model).toBeNull();
  });

  it.runIf(!available)('without pgvector: the status says so, choosing a model or syncing is a 503', async () => {
    const token = await signUp();
    const { id } = await addEndpoint(token);
    const now = await status(token);
    expect(now).toMatchObject({ available: false, model: null, embeddedGems: 0, job: null });
    expectError(await setModel(token, { source: 'endpoint', endpointId: id, model: 'nomic-embed-text' }), 503);
    expectError(await t.api('/api/sync-collections-gems', { token }), 503);
    expect(await search(token, 'anything')).toEqual([]);
  });
});

describe.runIf(available)('embedding the library in the background', () => {
  it('embeds every gem through Ollama /api/embed, then only what changed, and says how far it is', async () => {
    const token = await signUp();
    const { id } = await addEndpoint(token);
    for (const gem of [CAR, TAP, DEALER, BREAD]) await addGem(token, gem);
    expectError(await t.api('/api/sync-collections-gems', { token }), 400); // no model yet
    const model = await chooseEndpoint(token, id);
    expect(model).toEqual({
      source: 'endpoint',
      provider: null,
      endpointId: id,
      model: 'nomic-embed-text',
      dimensions: 256,
    });
    const done = await embedded(token);
    expect(done).toMatchObject({ available: true, gems: 4, embeddedGems: 4 });
    expect(done.job).toMatchObject({ status: 'done', gemsDone: 4, passagesEmbedded: 4, error: null });
    // the probe, then each gem's one passage (title over text), once
    expect(embeddedTexts()).toEqual(['Trove', ...[CAR, TAP, DEALER, BREAD].map((g) => `${g.title}\n${g.text}`)]);
    const embedPaths = fake.requests.filter((r) => r.path.includes('embed')).map((r) => r.path);
    expect(new Set(embedPaths)).toEqual(new Set(['/api/embed']));

    fake.reset();
    const added = await addGem(token, OFFICE);
    const edit = await t.api(`/api/gems/${added}`, {
      method: 'PUT',
      token,
      body: { data: { text: 'The Kestrelmoor office moved to the ground floor.' } },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const synced = await t.api('/api/sync-collections-gems', { token });
    expect(synced.status).toBe(200);
    await embedded(token);
    expect(embeddedTexts()).toEqual(['Kestrelmoor office\nThe Kestrelmoor office moved to the ground floor.']);
  });

  it('a failing provider is retried, told in the status, and a sync starts it again at once', async () => {
    const token = await signUp();
    const { id } = await addEndpoint(token, 'openai-compatible');
    await chooseEndpoint(token, id);
    await embedded(token); // nothing to embed yet
    fake.reset();
    fake.failEmbeddings(2, 503); // the AI SDK tries once more
    await addGem(token, BREAD);
    expect((await t.api('/api/sync-collections-gems', { token })).status).toBe(200);
    const failed = await vi.waitFor(
      async () => {
        const now = await status(token);
        expect(now.job?.error).toMatch(/Local vLLM/);
        return now;
      },
      { timeout: 30_000, interval: 20 },
    );
    expect(failed.embeddedGems).toBe(0);
    expect((await t.api('/api/sync-collections-gems', { token })).status).toBe(200);
    expect((await embedded(token)).job?.error).toBeNull();
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/embeddings', '/v1/embeddings', '/v1/embeddings']);
    expect(embeddedTexts().at(-1)).toBe(`${BREAD.title}\n${BREAD.text}`);
  });

  it('counts the gems and passages of one collection; removing the model goes back to words', async () => {
    const token = await signUp();
    const { id } = await addEndpoint(token);
    const shelf = await t.api('/api/collections', { token, body: { data: { name: 'Garage' } } });
    const inShelf = await t.api('/api/gems', {
      token,
      body: { data: { ...CAR, url: 'https://example.com/garage-car', collectionId: shelf.body.data.id } },
    });
    expect(inShelf.status).toBe(201);
    await addGem(token, BREAD);
    await addGem(token, KNITTING);
    // Nothing embedded: each gem's passages are estimated from its length (1 + 1 + 2); once cut, the knitting has 3.
    expect((await status(token)).passages).toEqual({ embedded: 0, total: 4, exact: false });
    await chooseEndpoint(token, id);
    expect((await embedded(token)).passages).toEqual({ embedded: 5, total: 5, exact: true });
    expect(await status(token, `?collectionId=${shelf.body.data.id}`)).toMatchObject({
      gems: 1,
      embeddedGems: 1,
      passages: { embedded: 1, total: 1, exact: true },
    });
    expect(await search(token, QUESTION)).toEqual([CAR.title]);
    const removed = await t.api('/api/embedding-model', { method: 'DELETE', token });
    expect(removed.status).toBe(200);
    expect(vectorStatusSchema.parse(removed.body.data)).toMatchObject({ model: null, embeddedGems: 0, job: null });
    expect(await search(token, QUESTION)).toEqual([]);
  });
});

describe.runIf(available)('blending words and meaning', () => {
  it('the library finds a gem sharing no word with the search first, and only gems the user may read', async () => {
    const token = await signUp();
    const setKey = (who: string) =>
      t.api('/api/ai-settings/keys/openai', {
        method: 'PUT',
        token: who,
        body: { apiKey: 'sk-test-openai-1234', baseUrl: `${fake.url}/v1` },
      });
    expect((await setKey(token)).status).toBe(200);
    for (const gem of [CAR, TAP, DEALER, BREAD]) await addGem(token, gem);
    const chosen = await setModel(token, { source: 'provider', provider: 'openai', model: 'text-embedding-3-small' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    await embedded(token);

    const words = await signUp(); // the same gems, no model: today's search by words
    for (const gem of [CAR, TAP, DEALER, BREAD]) await addGem(words, gem);
    // no gem has all three words
    expect(await search(words, 'fix automobile motor')).toEqual([]);
    const blended = await search(token, 'fix automobile motor');
    expect(blended[0]).toBe(CAR.title);
    expect(blended).not.toContain(BREAD.title); // nothing in common: not near enough to be listed
    // filters still hold for gems found by meaning
    expect(await search(token, 'fix automobile motor -sedan')).not.toContain(CAR.title);
    expect(await search(token, 'fix automobile motor before:2000-01-01')).toEqual([]);

    // Same provider, address and model: the same vectors table, and still none of the first user's gems.
    const stranger = await signUp();
    expect((await setKey(stranger)).status).toBe(200);
    const theirs = await setModel(stranger, {
      source: 'provider',
      provider: 'OpenAI',
      model: 'text-embedding-3-small',
    });
    expect(theirs.status).toBe(200);
    await addGem(stranger, BREAD);
    expect((await t.api('/api/sync-collections-gems', { token: stranger })).status).toBe(200); // saved after the model
    await embedded(stranger);
    // the first user's car gem is near and has vectors of this model: still not theirs to find
    expect(await search(stranger, 'fix automobile motor')).toEqual([]);
    expect(await search(stranger, 'sourdough')).toEqual([BREAD.title]);
  });

  it('word search still wins on an exact name, above a gem nearer in meaning', async () => {
    const token = await signUp();
    const { id } = await addEndpoint(token);
    for (const gem of [INVOICE, BILLS, OFFICE, BREAD]) await addGem(token, gem);
    await chooseEndpoint(token, id);
    await embedded(token);
    const hits = await search(token, 'Kestrelmoor invoice');
    expect(hits[0]).toBe(INVOICE.title);
    // found by meaning alone, and ranked after the exact name
    expect(hits).toContain(BILLS.title);
    expect(hits.indexOf(BILLS.title)).toBeGreaterThan(0);
  });

  it("the chat's retrieval sends first the passage that shares no word with the question", async () => {
    const firsts: Record<string, string> = {};
    for (const meaning of [false, true]) {
      const token = await signUp();
      const endpoint = await addEndpoint(token);
      const model = endpoint.models.find((m) => m.model === 'qwen2.5:0.5b') as { id: number };
      // a context of 1,120 tokens leaves 70 tokens beside the header for the four gems (37 to 56 each): the one ranked
      // first is sent
      const set = await t.api(`/api/ai-endpoints/${endpoint.id}/context-length`, {
        method: 'PUT',
        token,
        body: { modelId: model.id, contextLength: 1120 },
      });
      expect(set.status, JSON.stringify(set.body)).toBe(200);
      const gemIds = [];
      for (const gem of [TAP, BREAD, DEALER, CAR]) gemIds.push(await addGem(token, gem));
      if (meaning) {
        await chooseEndpoint(token, endpoint.id);
        await embedded(token);
      }
      const chat = await t.api('/api/chats', { token, body: { title: 'Garage' } });
      fake.reset();
      fake.script({ chunks: ['Check the plugs.'] });
      const answer = await stream(t.url, `/api/chats/${chat.body.data.id}/messages`, {
        token,
        body: { text: QUESTION, modelId: model.id, context: { gemIds } },
      });
      expect(answer.text).toBe('Check the plugs.');
      const asked = JSON.stringify(fake.requests.find((r) => r.path === '/api/chat')?.body);
      const [stored] = await storedMessages(t, token, chat.body.data.id);
      const { items } = (stored?.context ?? { items: [] }) as { items: unknown[] };
      const manifest = items.map((i) => contextManifestItemSchema.parse(i));
      // room for one gem's passage: the one ranked first (a gem sent whole is `full`)
      const sent = manifest.filter((item) => item.included !== 'dropped').map((item) => item.title);
      expect(sent).toHaveLength(1);
      const best = sent[0] as string;
      expect(asked).toContain([CAR, TAP, DEALER, BREAD].find((gem) => gem.title === best)?.text.slice(0, 40));
      firsts[String(meaning)] = best;
    }
    // by words alone the tap ("fix") comes first; blended, the car engine passage
    expect(firsts).toEqual({ false: TAP.title, true: CAR.title });
  });
});

describe.runIf(available)('the embedding job killed (-9) halfway', () => {
  const GEMS = 12;
  const pace = { batchGems: 1, leaseSeconds: 1, passagesPerMinute: 1_000_000 };
  const processes = serverProcesses({
    TROVE_EMBEDDING_BATCH: String(pace.batchGems),
    TROVE_EMBEDDING_LEASE_SECONDS: String(pace.leaseSeconds),
    TROVE_EMBEDDING_PER_MINUTE: String(pace.passagesPerMinute),
  });

  it('is finished by the next server on the same data: every gem embedded, none written twice', async () => {
    const store = await processes.ownStore();
    const first = await processes.start(store);
    let client: Client = createClient(first.url);
    const { jwt: token } = await client.signUp('killed');
    const endpoint = await client.api('/api/ai-endpoints', {
      token,
      body: { name: 'Home Ollama', kind: 'ollama', baseUrl: fake.url },
    });
    expect(endpoint.status).toBe(201);
    for (let i = 0; i < GEMS; i++) {
      const gem = { title: `Note ${i}`, text: `Paragraph ${i} about travel number ${i}.`, url: `https://k.test/${i}` };
      expect((await client.api('/api/gems', { token, body: { data: gem } })).status).toBe(201);
    }
    fake.setEmbeddingDelay(100);
    const chosen = await client.api('/api/embedding-model', {
      method: 'PUT',
      token,
      body: { data: { source: 'endpoint', endpointId: endpoint.body.data.id, model: 'nomic-embed-text' } },
    });
    expect(chosen.status).toBe(200);
    // killed once a few batches are in, most likely while the provider is answering the next
    for (;;) {
      const now = vectorStatusSchema.parse(
        (await client.api('/api/get-vectors-for-collections-gems', { token })).body.data,
      );
      if ((now.job?.gemsDone ?? 0) >= 2) {
        await first.kill('SIGKILL');
        expect(now.job?.gemsDone, 'the kill came after the job had ended').toBeLessThan(GEMS);
        break;
      }
    }
    fake.setEmbeddingDelay(0);

    // The next server need not be a process of its own (a start costs ~5 s of CPU): this worker's, on the same data.
    const next = await startTestServer({ dataDir: store.dataDir, embeddings: { ...pace, pollMs: 20 } });
    onTestFinished(() => next.close());
    client = next;
    const done = await vi.waitFor(
      async () => {
        const res = await client.api('/api/get-vectors-for-collections-gems', { token });
        const now = vectorStatusSchema.parse(res.body.data);
        expect(now.job?.status).toBe('done');
        return now;
      },
      { timeout: 60_000, interval: 50 },
    );
    expect(done).toMatchObject({ gems: GEMS, embeddedGems: GEMS });
    // each batch is counted once, when its vectors are written
    expect(done.job).toMatchObject({ gemsDone: GEMS, passagesEmbedded: GEMS, error: null });
    const texts = embeddedTexts().filter((text) => text !== 'Trove');
    expect(new Set(texts).size).toBe(GEMS);
    // only the batch the kill interrupted may have been asked again
    expect(texts.length).toBeLessThanOrEqual(GEMS + 1);
  }, 180_000);
});
