/**
 * What a provider's refusal tells the user when it is about their own request or the key's limits
 * (server/ai/provider-problems.ts): the fake provider answers with OpenAI's, Anthropic's and Google's documented error
 * bodies (and headers), through a key the team's owner shared. A member reads Trove's words only — the numbers the
 * provider stated aside, never its text — with whom to ask when the key is at stake; the key's owner, answering with
 * the same key as their own, reads the same words followed by the provider's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamSchema } from '../../lib/api/teams-contract';
import { type FakeProvider, type Script, startFakeProvider } from '../fake-provider/server';
import { modelIdOf, stream } from './chat-helpers';
import { type ApiResponse, type Session, setupTestServer } from './harness';

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => {
  await fake?.close();
});
const t = setupTestServer();

const PROVIDERS = [
  { name: 'OpenAI', slug: 'openai', model: 'gpt-4o-mini', path: '/v1', key: 'sk-team-openai-key-1111' },
  { name: 'Anthropic', slug: 'anthropic', model: 'claude-haiku-4-5', path: '/v1', key: 'sk-ant-team-key-2222' },
  { name: 'Google', slug: 'google', model: 'gemini-2.5-flash', path: '/v1beta', key: 'AIza-team-google-key-3333' },
] as const;
type ProviderName = (typeof PROVIDERS)[number]['name'];

async function ok(res: Promise<ApiResponse>, status = 200) {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(status);
  return done.body;
}
const post = (token: string, path: string, data: unknown) => t.api(path, { token, body: { data } });

let lead: Session;
let member: Session;
const modelIds = {} as Record<ProviderName, number>;
let askLead = '';

beforeAll(async () => {
  [lead, member] = await Promise.all([t.signUp('pelead'), t.signUp('pemember')]);
  const team = teamSchema.parse((await ok(post(lead.jwt, '/api/teams', { name: 'Askers' }), 201)).data);
  askLead = `Ask ${lead.user.username}, who shared it with the team Askers, to check it.`;
  const invite = await ok(post(lead.jwt, `/api/teams/${team.id}/members`, { username: member.user.username }), 201);
  await ok(t.api(`/api/shares/${invite.data.id}/accept`, { method: 'POST', token: member.jwt }));
  for (const provider of PROVIDERS) {
    await ok(
      t.api(`/api/ai-settings/keys/${provider.slug}`, {
        method: 'PUT',
        token: lead.jwt,
        body: { apiKey: provider.key, baseUrl: `${fake.url}${provider.path}` },
      }),
    );
    const modelId = await modelIdOf(t, lead.jwt, provider.model);
    modelIds[provider.name] = modelId;
    await ok(
      post(lead.jwt, '/api/share-key-with-team', { teamId: team.id, provider: provider.name, modelIds: [modelId] }),
      201,
    );
  }
  await ok(post(lead.jwt, '/api/update-team-shared-settings', { teamId: team.id, monthlyAllowanceUsd: 5 }));
});

/** The error the answer ends with, when the provider answers every attempt (the AI SDK retries a 429) with `script`. */
async function failedAnswer(who: Session, provider: ProviderName, script: Script, attempts = 1) {
  fake.reset();
  fake.script(...Array.from({ length: attempts }, () => script));
  const chat = await ok(t.api('/api/chats', { token: who.jwt, body: { title: 'Refused' } }), 201);
  const res = await stream(t.url, `/api/chats/${chat.data.id}/messages`, {
    token: who.jwt,
    body: { text: 'Hello', modelId: modelIds[provider] },
  });
  expect(res.events.at(-1)?.event).toBe('error');
  expect(fake.requests.map((r) => r.auth.last4)).toEqual(
    Array(attempts).fill(PROVIDERS.find((p) => p.name === provider)?.key.slice(-4)),
  );
  return res.events.at(-1)?.data.message as string;
}

interface Case {
  provider: ProviderName;
  what: string;
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  attempts?: number;
  /** Trove's sentence. */
  said: string;
  /** The provider's message (what its owner reads after it). */
  upstream: string;
  /** The key is at stake: the member is told whom to ask. */
  askSharer: boolean;
}

const openai = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});
const anthropic = (type: string, message: string) => ({
  type: 'error',
  error: { type, message },
  request_id: 'req_011CTroveFixture',
});
const google = (code: number, status: string, message: string) => ({ error: { code, message, status } });

const OPENAI_TOO_LONG =
  "This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens. Please reduce the length of the messages.";
const OPENAI_POLICY =
  'Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.';
const OPENAI_NO_MODEL = 'The model `gpt-4o-mini` does not exist or you do not have access to it.';
const OPENAI_QUOTA =
  'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.';
const ANTHROPIC_RATE =
  'This request would exceed the rate limit for your organization (org-fixture) of 50 requests per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.';
const GOOGLE_TOO_LONG = 'The input token count (1250000) exceeds the maximum number of tokens allowed (1048576).';
const GOOGLE_NO_MODEL =
  'models/gemini-2.5-flash is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.';

const CASES: Case[] = [
  {
    provider: 'OpenAI',
    what: 'the context too long (code context_length_exceeded)',
    status: 400,
    body: openai(OPENAI_TOO_LONG, 'invalid_request_error', 'context_length_exceeded'),
    said: 'The conversation is too long for gpt-4o-mini (130,532 tokens; it takes at most 128,000): start a new chat or remove attached files',
    upstream: OPENAI_TOO_LONG,
    askSharer: false,
  },
  {
    provider: 'OpenAI',
    what: 'content refused by its policy (code content_policy_violation)',
    status: 400,
    body: openai(OPENAI_POLICY, 'invalid_request_error', 'content_policy_violation'),
    said: 'OpenAI refused the request under its content policy: rephrase it or remove attached files',
    upstream: OPENAI_POLICY,
    askSharer: false,
  },
  {
    provider: 'OpenAI',
    what: 'a model not found (404, code model_not_found)',
    status: 404,
    body: openai(OPENAI_NO_MODEL, 'invalid_request_error', 'model_not_found'),
    said: 'OpenAI has no model gpt-4o-mini for this key',
    upstream: OPENAI_NO_MODEL,
    askSharer: true,
  },
  {
    provider: 'OpenAI',
    what: 'the quota used up (429, insufficient_quota), not a wait',
    status: 429,
    body: openai(OPENAI_QUOTA, 'insufficient_quota', 'insufficient_quota'),
    headers: { 'retry-after-ms': '10' },
    attempts: 3,
    said: 'The OpenAI key has no quota or credit left',
    upstream: OPENAI_QUOTA,
    askSharer: true,
  },
  {
    provider: 'Anthropic',
    what: 'the prompt too long (invalid_request_error, "prompt is too long")',
    status: 400,
    body: anthropic('invalid_request_error', 'prompt is too long: 208310 tokens > 200000 maximum'),
    said: 'The conversation is too long for claude-haiku-4-5 (208,310 tokens; it takes at most 200,000): start a new chat or remove attached files',
    // its `>` taken off, as every markup character of an upstream's text is (boundedUpstreamText)
    upstream: 'prompt is too long: 208310 tokens 200000 maximum',
    askSharer: false,
  },
  {
    provider: 'Anthropic',
    what: 'a rate limit with its retry-after (rate_limit_error)',
    status: 429,
    body: anthropic('rate_limit_error', ANTHROPIC_RATE),
    headers: { 'retry-after': '1' },
    attempts: 3,
    said: 'Rate limited by Anthropic: try again in 1 s',
    upstream: ANTHROPIC_RATE,
    askSharer: true,
  },
  {
    provider: 'Anthropic',
    what: 'a model not found (not_found_error)',
    status: 404,
    body: anthropic('not_found_error', 'model: claude-haiku-4-5'),
    said: 'Anthropic has no model claude-haiku-4-5 for this key',
    upstream: 'model: claude-haiku-4-5',
    askSharer: true,
  },
  {
    provider: 'Google',
    what: 'the input too long (INVALID_ARGUMENT, "input token count")',
    status: 400,
    body: google(400, 'INVALID_ARGUMENT', GOOGLE_TOO_LONG),
    said: 'The conversation is too long for gemini-2.5-flash (1,250,000 tokens; it takes at most 1,048,576): start a new chat or remove attached files',
    upstream: GOOGLE_TOO_LONG,
    askSharer: false,
  },
  {
    provider: 'Google',
    what: 'a model not found (NOT_FOUND)',
    status: 404,
    body: google(404, 'NOT_FOUND', GOOGLE_NO_MODEL),
    said: 'Google has no model gemini-2.5-flash for this key',
    upstream: GOOGLE_NO_MODEL,
    askSharer: true,
  },
];

describe("a provider's refusal the user can act on", () => {
  for (const c of CASES)
    it(`${c.provider}: ${c.what}`, async () => {
      const script: Script = { chunks: [], status: c.status, errorBody: c.body, errorHeaders: c.headers };
      const toMember = await failedAnswer(member, c.provider, script, c.attempts);
      expect(toMember).toBe(c.askSharer ? `${c.said}. ${askLead}` : c.said);
      const toOwner = await failedAnswer(lead, c.provider, script, c.attempts);
      expect(toOwner).toBe(`${c.said} (${c.upstream})`);
    });
});
