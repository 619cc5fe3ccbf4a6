import '../server/v8-flags'; // the server's own V8 settings, as server/main.ts has them (see the file)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../server/start';
import { startFakeProvider } from '../tests/fake-provider/server';
import { apiCaller } from './api';
import { percentile } from './stats';
import { LIBRARY, PAGES } from './suggestion-set';

const words = (text: string) => new Set(text.toLowerCase().match(/[a-z]{3,}/g) ?? []);

/**
 * A stand-in for a model, answered by the fake provider (no real model is asked): it reads the prompt the server
 * built, keeps the listed nearest tags whose name is a word of the page, and, when none is, proposes the title's
 * longest word as a new tag. So the figures measure the server's shortlist and matching, not a model's judgement.
 */
function fakeModel(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as { role: string; content: string }[];
  const prompt = messages.at(-1)?.content ?? '';
  const [head = '', rest = ''] = prompt.split("The user's tags nearest this page:\n");
  const listed = (rest.split('\n\n')[0] ?? '').split('\n').flatMap((l) => (l.startsWith('- ') ? [l.slice(2)] : []));
  const page = words(head);
  const chosen = listed.filter((tag) => [...words(tag)].some((w) => page.has(w) || page.has(`${w}s`)));
  const title = /Title: (.*)/.exec(head)?.[1] ?? '';
  const fresh = [...words(title)].sort((a, b) => b.length - a.length)[0] ?? 'misc';
  return JSON.stringify({ tags: chosen.length ? chosen : [fresh], collection: null });
}

/**
 * Suggestions at save time over real HTTP, against the fake provider (see fakeModel): the latency the popup sees
 * after its form is visible (the setting read, then the suggestion asked), and on the labelled set (suggestion-set.ts)
 * how often a suggested tag already existed and how many of the expected tags were suggested.
 */
export async function benchSuggestions(): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'trove-suggest-'));
  const fake = await startFakeProvider({ defaultScript: { chunks: [], reply: fakeModel } });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    secret: 's'.repeat(48),
    accessTokenTtlSeconds: 3600,
    refreshTokenTtlSeconds: 3600,
    logRequests: false,
    houseProvider: 'openai-compatible',
    houseBaseUrl: `${fake.url}/v1`,
    houseApiKey: 'house-key-bench',
    houseCredits: 1_000_000,
  });
  const call = apiCaller(() => server.url);
  try {
    const session = await call('auth/local/register', {
      method: 'POST',
      body: JSON.stringify({ username: 'bench', email: 'bench@example.test', password: 'bench password' }),
    });
    const token: string = session.jwt;
    const models = (await call('user-models', { token })).data as {
      id: number;
      type: string;
      inactiveReason: unknown;
    }[];
    const model = models.find((m) => m.type === 'Text' && m.inactiveReason === null);
    if (!model) throw new Error('no usable house model');
    await call('suggestions/settings', { token, method: 'PUT', body: JSON.stringify({ modelId: model.id }) });
    for (const [tag, titles] of Object.entries(LIBRARY))
      for (const [i, title] of titles.entries())
        await call('gems', {
          token,
          method: 'POST',
          body: JSON.stringify({ data: { title, url: `https://example.test/${tag}/${i}`, tags: [tag] } }),
        });

    const latency: number[] = [];
    let suggested = 0;
    let existed = 0;
    let expected = 0;
    let found = 0;
    for (const page of PAGES) {
      const start = performance.now();
      const settings = (await call('suggestions/settings', { token })).data as { active: boolean };
      if (!settings.active) throw new Error('suggestions are not active');
      const answer = (
        await call('suggestions/tags', {
          token,
          method: 'POST',
          body: JSON.stringify({
            title: page.title,
            description: page.description,
            url: 'https://example.org/p',
            text: page.text,
          }),
        })
      ).data as { tags: { name: string; existing: boolean }[] };
      latency.push(performance.now() - start);
      suggested += answer.tags.length;
      existed += answer.tags.filter((t) => t.existing).length;
      expected += page.expected.length;
      found += page.expected.filter((e) => answer.tags.some((t) => t.name === e)).length;
    }
    const pct = (a: number, b: number) => `${((100 * a) / b).toFixed(0)}% (${a}/${b})`;
    return [
      `suggestions at save time, ${PAGES.length} labelled pages, fake provider (no real model)`,
      `  latency after the form is visible (setting + suggestion)  p50 ${percentile(latency, 50).toFixed(1)} ms  p95 ${percentile(latency, 95).toFixed(1)} ms`,
      `  suggested tags that already existed                        ${pct(existed, suggested)}`,
      `  expected existing tags suggested (recall)                  ${pct(found, expected)}`,
    ];
  } finally {
    await server.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await benchSuggestions()) console.log(line);
