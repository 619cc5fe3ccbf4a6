/** Setting the context length of a model discovered from a user's endpoint that did not report one. */
import { describe, expect, it } from 'vitest';
import { customEndpointSchema } from '../../lib/api/contract';
import { UNKNOWN_CONTEXT_BUDGET } from '../../server/features/ai-settings/custom-endpoints';
import { compatibleBody, endpointCalls, setupEndpointServers } from './custom-endpoint-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const s = setupEndpointServers();
const { addOk, userModels } = endpointCalls(t);

const setLength = (token: string, endpointId: number, body: unknown) =>
  t.api(`/api/ai-endpoints/${endpointId}/context-length`, { method: 'PUT', token, body });

async function endpointWithUnknownLength(name: string) {
  const { jwt } = await t.signUp(name);
  const endpoint = await addOk(jwt, compatibleBody(s));
  const nemo = endpoint.models.find((m) => m.model === 'mistral-nemo');
  if (!nemo) throw new Error('the fake endpoint lists mistral-nemo');
  expect(nemo.contextLength).toBeNull();
  return { jwt, endpoint, nemo };
}

const budgetOf = async (token: string, modelId: number) => {
  const model = (await userModels(token)).find((m) => m.id === modelId);
  return { length: model?.content_length, discovered: model?.discovered };
};

describe('PUT /api/ai-endpoints/{id}/context-length', () => {
  it('sets the length the model is given, keeps it through a refresh, and null goes back to the unknown budget', async () => {
    const { jwt, endpoint, nemo } = await endpointWithUnknownLength('ctxset');
    expect((await budgetOf(jwt, nemo.id)).length).toBe(UNKNOWN_CONTEXT_BUDGET);

    const set = await setLength(jwt, endpoint.id, { modelId: nemo.id, contextLength: 65_536 });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const answered = customEndpointSchema.parse(set.body.data).models.find((m) => m.id === nemo.id);
    expect(answered).toMatchObject({ contextLength: null, contextLengthSet: 65_536 });
    expect(await budgetOf(jwt, nemo.id)).toMatchObject({
      length: 65_536,
      discovered: { contextLength: null, contextLengthSet: 65_536 },
    });

    const refreshed = await t.api(`/api/ai-endpoints/${endpoint.id}/refresh`, { token: jwt, body: {} });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(customEndpointSchema.parse(refreshed.body.data).models.find((m) => m.id === nemo.id)).toMatchObject({
      contextLength: null,
      contextLengthSet: 65_536,
    });
    expect((await budgetOf(jwt, nemo.id)).length).toBe(65_536);
    // The model the endpoint reports a length for keeps its own.
    const qwen = endpoint.models.find((m) => m.model === 'qwen2.5-7b-instruct');
    expect((await budgetOf(jwt, qwen?.id ?? 0)).length).toBe(32_768);

    const cleared = await setLength(jwt, endpoint.id, { modelId: nemo.id, contextLength: null });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await budgetOf(jwt, nemo.id)).toMatchObject({
      length: UNKNOWN_CONTEXT_BUDGET,
      discovered: { contextLengthSet: null },
    });
  });

  it('refuses a length that is not a whole number of tokens in range, naming the field', async () => {
    const { jwt, endpoint, nemo } = await endpointWithUnknownLength('ctxbad');
    expectFieldError(
      await setLength(jwt, endpoint.id, { modelId: nemo.id, contextLength: 'lots' }),
      'contextLength',
      'Enter a number of tokens',
    );
    expectFieldError(
      await setLength(jwt, endpoint.id, { modelId: nemo.id, contextLength: 100 }),
      'contextLength',
      'At least 256 tokens',
    );
    expectFieldError(
      await setLength(jwt, endpoint.id, { modelId: nemo.id, contextLength: 4096.5 }),
      'contextLength',
      'Enter a whole number of tokens',
    );
    expectFieldError(await setLength(jwt, endpoint.id, { contextLength: 4096 }), 'modelId');
    expect((await budgetOf(jwt, nemo.id)).length).toBe(UNKNOWN_CONTEXT_BUDGET);
  });

  it("is 404 for a model of another endpoint or the catalogue, and for another user's endpoint", async () => {
    const { jwt, endpoint, nemo } = await endpointWithUnknownLength('ctxowner');
    const catalogueModel = (await userModels(jwt)).find((m) => m.endpoint === null);
    const notHis = await setLength(jwt, endpoint.id, { modelId: catalogueModel?.id, contextLength: 8192 });
    expect(expectError(notHis, 404).message).toBe('AI model not found');

    const other = await t.signUp('ctxother');
    expectError(await setLength(other.jwt, endpoint.id, { modelId: nemo.id, contextLength: 8192 }), 404);
    expect((await budgetOf(jwt, nemo.id)).length).toBe(UNKNOWN_CONTEXT_BUDGET);
  });
});
