/**
 * Two edits of one prompt at once: an edit carries the `updatedAt` it was made against, and one made
 * against a prompt changed since is refused (409) with a message saying to reload, so neither is lost
 * unseen. An edit without `updatedAt` still saves as before.
 */
import { describe, expect, it } from 'vitest';
import { PROMPT_CHANGED_ELSEWHERE, type Prompt, promptSchema } from '../../lib/api/contract';
import { expectError, setupTestServer } from './harness';

const t = setupTestServer();

async function setUp(name: string) {
  const { jwt: token } = await t.signUp(name);
  const made = await t.api('/api/prompts', { token, body: { data: { title: 'Shared', text: 'First version' } } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const edit = (id: number, data: Record<string, unknown>) =>
    t.api(`/api/prompts/${id}`, { method: 'PUT', token, body: { data } });
  const stored = async (id: number) => promptSchema.parse((await t.api(`/api/prompts/${id}`, { token })).body.data);
  return { token, prompt: promptSchema.parse(made.body.data), edit, stored };
}

describe('an edit made against an older version of a prompt', () => {
  it('is refused with 409 and the reason; the edit saved first stays; one made against the reloaded version saves', async () => {
    const { prompt, edit, stored } = await setUp('pstale');
    const first = await edit(prompt.id, { text: 'Edited on the laptop', updatedAt: prompt.updatedAt });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const stale = await edit(prompt.id, { text: 'Edited on the phone', updatedAt: prompt.updatedAt });
    expect(expectError(stale, 409, 'ConflictError').message).toBe(PROMPT_CHANGED_ELSEWHERE);
    expect((await stored(prompt.id)).text).toBe('Edited on the laptop');

    const latest = await stored(prompt.id);
    const again = await edit(prompt.id, { text: 'Edited on the phone', updatedAt: latest.updatedAt });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((await stored(prompt.id)).text).toBe('Edited on the phone');
  });

  it('edits back to back each give a new version: the one before is stale at once', async () => {
    const { prompt, edit } = await setUp('pquick');
    let current: Prompt = prompt;
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await edit(prompt.id, { text: `Version ${n}`, updatedAt: current.updatedAt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const before = current;
      current = promptSchema.parse(res.body.data);
      expectError(await edit(prompt.id, { text: 'Stale', updatedAt: before.updatedAt }), 409);
    }
  });

  it('of two sent at once exactly one saves; the other is told to reload', async () => {
    const { prompt, edit, stored } = await setUp('prace');
    const results = await Promise.all(
      ['Mine', 'Theirs'].map((text) => edit(prompt.id, { text, updatedAt: prompt.updatedAt })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const saved = results.find((r) => r.status === 200)?.body.data.text;
    expect((await stored(prompt.id)).text).toBe(saved);
  });

  it('without updatedAt saves as before; a deleted prompt is a 404, a malformed version a 400', async () => {
    const { token, prompt, edit, stored } = await setUp('pnoversion');
    expect((await edit(prompt.id, { text: 'No version sent' })).status).toBe(200);
    expect((await stored(prompt.id)).text).toBe('No version sent');
    expectError(await edit(prompt.id, { text: 'x', updatedAt: 'yesterday' }), 400);
    expect((await t.api(`/api/prompts/${prompt.id}`, { method: 'DELETE', token })).status).toBe(200);
    expectError(await edit(prompt.id, { text: 'Gone', updatedAt: prompt.updatedAt }), 404);
  });
});
