/**
 * Brand voices and personas over real HTTP: CRUD with search, author-only access (another user's is a
 * 404), the user's defaults in ai_settings (names filled in, followed on rename, cleared on delete),
 * and in chat: persona, voice and prompt reach the fake provider as separate system messages in that
 * order with the user's message untouched; the defaults apply unless the message says null.
 */
import { describe, expect, it } from 'vitest';
import { brandVoiceListSchema, personaSchema } from '../../lib/api/contract';
import { chatUser, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { expectError, expectFieldError, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

type Sent = { messages: { role: string; content: string }[] };
const systemMessages = (index = 0) =>
  (fake.requests[index]?.body as Sent | undefined)?.messages.filter((m) => m.role === 'system').map((m) => m.content) ??
  [];
const lastMessage = (index = 0) => (fake.requests[index]?.body as Sent | undefined)?.messages.at(-1);

async function make(token: string, path: string, data: Record<string, unknown>) {
  const res = await t.api(path, { token, body: { data } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; name: string };
}

describe('brand voices and personas', () => {
  it('are created, listed with search (default first), read, renamed and deleted by their author', async () => {
    const { jwt, user } = await t.signUp('vcrud');
    const warm = await make(jwt, '/api/brand-voices', { name: 'Warm', text: 'Friendly and kind.' });
    const crisp = await make(jwt, '/api/brand-voices', { name: 'Crisp', description: 'For reports', text: 'Terse.' });
    await make(jwt, '/api/brand-voices', { name: 'Other', text: 'Loud.' });
    expect(warm).toMatchObject({ name: 'Warm', media: { brand_voice_name: 'Warm' }, author: { id: user.id } });

    expect(
      (await t.api('/api/brand-voices?search=REPORT', { token: jwt })).body.data.map((v: { id: number }) => v.id),
    ).toEqual([crisp.id]);
    await t.api('/api/ai-settings', { method: 'PUT', token: jwt, body: { defaultBrandVoiceId: warm.id } });
    const all = brandVoiceListSchema.parse((await t.api('/api/brand-voices?perPage=2', { token: jwt })).body);
    expect(all.total).toBe(3);
    expect(all.data[0]).toMatchObject({ id: warm.id, isDefault: true });
    expect(all.data[1]?.isDefault).toBe(false);

    const renamed = await t.api(`/api/brand-voices/${warm.id}`, {
      method: 'PUT',
      token: jwt,
      body: { data: { name: 'Warmer' } },
    });
    expect(renamed.body.data).toMatchObject({
      name: 'Warmer',
      text: 'Friendly and kind.',
      media: { brand_voice_name: 'Warmer' },
    });
    expect((await t.api('/api/ai-settings', { token: jwt })).body.data.defaultBrandVoiceName).toBe('Warmer');

    const persona = await make(jwt, '/api/personas', { name: 'Ada', jobTitle: 'Editor', text: 'You edit.' });
    expect(personaSchema.parse((await t.api(`/api/personas/${persona.id}`, { token: jwt })).body.data)).toMatchObject({
      name: 'Ada',
      jobTitle: 'Editor',
      media: { persona_job_title: 'Editor' },
    });
    const edited = await t.api(`/api/personas/${persona.id}`, {
      method: 'PUT',
      token: jwt,
      body: { data: { jobTitle: 'Chief' } },
    });
    expect(edited.body.data).toMatchObject({ name: 'Ada', jobTitle: 'Chief' });
    expect((await t.api('/api/personas?search=ada', { token: jwt })).body.total).toBe(1);

    expect((await t.api(`/api/brand-voices/${warm.id}`, { method: 'DELETE', token: jwt })).body).toEqual({
      data: { id: warm.id },
    });
    expect((await t.api('/api/ai-settings', { token: jwt })).body.data).toMatchObject({
      defaultBrandVoiceId: null,
      defaultBrandVoiceName: null,
    });
    expectError(await t.api(`/api/brand-voices/${warm.id}`, { token: jwt }), 404);
  });

  it("another user's voice or persona is a 404 to read, change, delete, make a default or use in chat", async () => {
    const owner = await t.signUp('vowner');
    const voice = await make(owner.jwt, '/api/brand-voices', { name: 'Mine', text: 'Mine.' });
    const persona = await make(owner.jwt, '/api/personas', { name: 'Mine', text: 'Mine.' });
    const { token, chatId, modelId } = await chatUser(t, fake);
    for (const [path, id] of [
      ['/api/brand-voices', voice.id],
      ['/api/personas', persona.id],
    ] as const) {
      expectError(await t.api(`${path}/${id}`, { token }), 404);
      expectError(await t.api(`${path}/${id}`, { method: 'PUT', token, body: { data: { name: 'Stolen' } } }), 404);
      expectError(await t.api(`${path}/${id}`, { method: 'DELETE', token }), 404);
      expect((await t.api(path, { token })).body).toEqual({ data: [], total: 0 });
    }
    const settings = (body: unknown) => t.api('/api/ai-settings', { method: 'PUT', token, body });
    expect(expectError(await settings({ defaultBrandVoiceId: voice.id }), 404).message).toContain(
      'defaultBrandVoiceId',
    );
    expect(expectError(await settings({ defaultBrandPersona: persona.id }), 404).message).toContain(
      'defaultBrandPersona',
    );
    const post = (body: Record<string, unknown>) =>
      t.api(`/api/chats/${chatId}/messages`, { token, body: { text: 'x', modelId, ...body } });
    expect(expectError(await post({ brandVoiceId: voice.id }), 404).message).toContain('brandVoiceId');
    expect(expectError(await post({ personaId: persona.id }), 404).message).toContain('personaId');
    expect(await storedMessages(t, token, chatId)).toEqual([]);
    expect((await t.api(`/api/brand-voices/${voice.id}`, { token: owner.jwt })).body.data.name).toBe('Mine');
  });

  it('a default voice or persona deleted from the library (DELETE /api/gems/{id}) is no longer the default', async () => {
    const { jwt: token } = await t.signUp('vgemdelete');
    const voice = await make(token, '/api/brand-voices', { name: 'Warm', text: 'Friendly and kind.' });
    const persona = await make(token, '/api/personas', { name: 'Editor', text: 'You edit.' });
    const set = await t.api('/api/ai-settings', {
      method: 'PUT',
      token,
      body: { defaultBrandVoiceId: voice.id, defaultBrandPersona: persona.id },
    });
    expect(set.body.data).toMatchObject({ defaultBrandVoiceName: 'Warm', defaultBrandPersonaName: 'Editor' });

    for (const id of [voice.id, persona.id])
      expect((await t.api(`/api/gems/${id}`, { method: 'DELETE', token })).status).toBe(200);
    const settings = (await t.api('/api/ai-settings', { token })).body.data;
    expect(settings).toMatchObject({
      defaultBrandVoiceId: null,
      defaultBrandVoiceName: null,
      defaultBrandPersona: null,
      defaultBrandPersonaName: null,
    });
  });

  it('a default voice or persona renamed through PUT /api/gems/{id} is named anew in ai_settings; one made another type is no longer the default', async () => {
    const { jwt: token } = await t.signUp('vgemrename');
    const voice = await make(token, '/api/brand-voices', { name: 'Warm', text: 'Friendly and kind.' });
    const persona = await make(token, '/api/personas', { name: 'Editor', text: 'You edit.' });
    await t.api('/api/ai-settings', {
      method: 'PUT',
      token,
      body: { defaultBrandVoiceId: voice.id, defaultBrandPersona: persona.id },
    });
    const edit = (id: number, data: Record<string, unknown>) =>
      t.api(`/api/gems/${id}`, { method: 'PUT', token, body: { data } });

    for (const [id, title] of [
      [voice.id, 'Warmer'],
      [persona.id, 'Chief editor'],
    ] as const) {
      const res = await edit(id, { title });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    expect((await t.api('/api/ai-settings', { token })).body.data).toMatchObject({
      defaultBrandVoiceId: voice.id,
      defaultBrandVoiceName: 'Warmer',
      defaultBrandPersona: persona.id,
      defaultBrandPersonaName: 'Chief editor',
    });
    // an edit that leaves the title alone leaves the name alone
    expect((await edit(voice.id, { description: 'Kind words' })).status).toBe(200);
    expect((await t.api('/api/ai-settings', { token })).body.data.defaultBrandVoiceName).toBe('Warmer');

    expect((await edit(persona.id, { media_type: 'Note', title: 'Just a note' })).status).toBe(200);
    expect((await t.api('/api/ai-settings', { token })).body.data).toMatchObject({
      defaultBrandVoiceId: voice.id,
      defaultBrandPersona: null,
      defaultBrandPersonaName: null,
    });
  });

  it('a voice renamed through PUT /api/gems/{id} carries the new name in its own media.brand_voice_name too', async () => {
    const { jwt: token } = await t.signUp('vgemname');
    const voice = await make(token, '/api/brand-voices', { name: 'Warm', text: 'Friendly and kind.' });
    const edit = async (id: number, data: Record<string, unknown>) => {
      const res = await t.api(`/api/gems/${id}`, { method: 'PUT', token, body: { data } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const voiceName = async (id: number) =>
      (await t.api(`/api/brand-voices/${id}`, { token })).body.data.media.brand_voice_name;

    expect((await edit(voice.id, { title: 'Warmer' })).media).toEqual({ brand_voice_name: 'Warmer' });
    expect(await voiceName(voice.id)).toBe('Warmer');
    // New media sent with the rename keep their keys; the name is still the title.
    const both = await edit(voice.id, { title: 'Warmest', media: { lang: 'en', brand_voice_name: 'Stale' } });
    expect(both.media).toEqual({ lang: 'en', brand_voice_name: 'Warmest' });
    expect(await voiceName(voice.id)).toBe('Warmest');
    // An edit that leaves the title alone leaves the name alone.
    expect((await edit(voice.id, { description: 'Kind words' })).media).toEqual({
      lang: 'en',
      brand_voice_name: 'Warmest',
    });
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { jwt } = await t.signUp('vbad');
    const post = (path: string, data: unknown) => t.api(path, { token: jwt, body: { data } });
    expectFieldError(await post('/api/brand-voices', { text: 'No name' }), 'data.name');
    expectFieldError(await post('/api/brand-voices', { name: 'No text' }), 'data.text');
    expectFieldError(await post('/api/brand-voices', { name: 'x', text: 'y', tone: 1 }), 'data');
    expectFieldError(await post('/api/personas', { name: 'x', text: 'y', jobTitle: 5 }), 'data.jobTitle');
    expectFieldError(await post('/api/personas', { name: ' ', text: 'y' }), 'data.name');
    expectFieldError(await t.api('/api/personas?perPage=500', { token: jwt }), 'perPage');
    expect((await t.api('/api/brand-voices', { token: jwt })).body.total).toBe(0);
  });

  it('a voice keeps its sample text and a persona its default model; an unknown or bad model is refused by field', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const other = await chatUser(t, fake);
    const voice = await make(token, '/api/brand-voices', { name: 'Dry', text: 'Understated.', sampleText: ' Fine. ' });
    expect(voice).toMatchObject({ sampleText: 'Fine.' });
    const put = (path: string, data: unknown) => t.api(path, { method: 'PUT', token, body: { data } });
    expect((await put(`/api/brand-voices/${voice.id}`, { sampleText: 'Quite.' })).body.data).toMatchObject({
      name: 'Dry',
      sampleText: 'Quite.',
      media: { brand_voice_name: 'Dry' },
    });
    expect((await put(`/api/brand-voices/${voice.id}`, { name: 'Drier' })).body.data).toMatchObject({
      sampleText: 'Quite.',
    });

    const persona = await make(token, '/api/personas', { name: 'Ada', text: 'You edit.', modelId });
    expect(personaSchema.parse((await t.api(`/api/personas/${persona.id}`, { token })).body.data).modelId).toBe(
      modelId,
    );
    expect((await put(`/api/personas/${persona.id}`, { jobTitle: 'Chief' })).body.data).toMatchObject({
      jobTitle: 'Chief',
      modelId,
    });
    expect((await put(`/api/personas/${persona.id}`, { modelId: null })).body.data.modelId).toBeNull();
    const unknown = expectError(await put(`/api/personas/${persona.id}`, { modelId: 99_999_999 }), 404);
    expect(unknown.message).toContain('modelId');
    expectFieldError(await put(`/api/personas/${persona.id}`, { modelId: 'gpt' }), 'data.modelId');
    const post = (data: unknown) => t.api('/api/personas', { token, body: { data } });
    expectFieldError(await post({ name: 'x', text: 'y', modelId: -1 }), 'data.modelId');
    expect(expectError(await post({ name: 'x', text: 'y', modelId: 99_999_999 }), 404).message).toContain('modelId');
    expectFieldError(
      await t.api('/api/brand-voices', { token, body: { data: { name: 'x', text: 'y', sampleText: 7 } } }),
      'data.sampleText',
    );
    // Another user's voice stays theirs: editing its sample is a 404.
    expectError(
      await t.api(`/api/brand-voices/${voice.id}`, {
        method: 'PUT',
        token: other.token,
        body: { data: { sampleText: 'Mine' } },
      }),
      404,
    );
    expect((await t.api('/api/personas', { token })).body.total).toBe(1);
  });
});

describe('in chat', () => {
  it('sends persona, voice and prompt as separate system messages in that order; the user message untouched', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const persona = await make(token, '/api/personas', { name: 'Ada', jobTitle: 'Editor', text: 'PERSONA-TEXT' });
    const voice = await make(token, '/api/brand-voices', {
      name: 'Warm',
      text: 'VOICE-TEXT',
      sampleText: 'SAMPLE-TEXT',
    });
    const prompt = await make(token, '/api/prompts', { title: 'Tighten', text: 'PROMPT-TEXT for {{Who}}' });
    fake.script({ chunks: ['Done'] });

    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: {
        text: 'Please tighten this.',
        modelId,
        personaId: persona.id,
        brandVoiceId: voice.id,
        promptId: prompt.id,
        promptVariables: { Who: 'managers' },
      },
    });
    const system = systemMessages();
    expect(system).toHaveLength(4);
    expect(system[0]).toContain("You are Trove's assistant");
    expect(system[1]).toMatch(/^Act as this persona: Ada, Editor\.\n\nPERSONA-TEXT$/);
    expect(system[2]).toMatch(/VOICE-TEXT\n\nA sample written in this voice:\n\nSAMPLE-TEXT$/);
    expect(system[3]).toContain('PROMPT-TEXT for managers');
    expect(system[0]).not.toMatch(/PERSONA-TEXT|VOICE-TEXT|PROMPT-TEXT/);
    expect(lastMessage()).toEqual({ role: 'user', content: 'Please tighten this.' });

    const [row] = await storedMessages(t, token, chatId);
    expect(row?.userText).toBe('Please tighten this.');
    expect(row?.context.instructions).toEqual({
      persona: { id: persona.id, name: 'Ada' },
      brandVoice: { id: voice.id, name: 'Warm' },
      prompt: { id: prompt.id, title: 'Tighten', part: 0 },
    });
  });

  it("applies the user's default voice and persona when the message names none; null turns each off", async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const persona = await make(token, '/api/personas', { name: 'Ada', text: 'DEFAULT-PERSONA' });
    const voice = await make(token, '/api/brand-voices', { name: 'Warm', text: 'DEFAULT-VOICE' });
    const other = await make(token, '/api/brand-voices', { name: 'Cold', text: 'OTHER-VOICE' });
    const set = await t.api('/api/ai-settings', {
      method: 'PUT',
      token,
      body: { defaultBrandVoiceId: voice.id, defaultBrandPersona: persona.id },
    });
    expect(set.body.data).toMatchObject({
      defaultBrandVoiceId: voice.id,
      defaultBrandVoiceName: 'Warm',
      defaultBrandPersona: persona.id,
      defaultBrandPersonaName: 'Ada',
    });
    fake.script({ chunks: ['1'] }, { chunks: ['2'] }, { chunks: ['3'] });
    const ask = (extra: Record<string, unknown>) =>
      stream(t.url, `/api/chats/${chatId}/messages`, { token, body: { text: 'Hi', modelId, ...extra } });

    await ask({});
    expect(systemMessages(0).slice(1)).toEqual([
      expect.stringContaining('DEFAULT-PERSONA'),
      expect.stringContaining('DEFAULT-VOICE'),
    ]);
    await ask({ brandVoiceId: other.id, personaId: null });
    expect(systemMessages(1).slice(1)).toEqual([expect.stringContaining('OTHER-VOICE')]);
    await ask({ brandVoiceId: null, personaId: null });
    expect(systemMessages(2)).toHaveLength(1);

    const stored = await storedMessages(t, token, chatId);
    expect(stored.map((m) => m.context.instructions ?? null)).toEqual([
      { persona: { id: persona.id, name: 'Ada' }, brandVoice: { id: voice.id, name: 'Warm' } },
      { brandVoice: { id: other.id, name: 'Cold' } },
      null,
    ]);
    expect(stored[2]?.context.options).toEqual({ brandVoiceId: null, personaId: null });

    // clearing the default id clears its name
    const cleared = await t.api('/api/ai-settings', { method: 'PUT', token, body: { defaultBrandPersona: null } });
    expect(cleared.body.data).toMatchObject({ defaultBrandPersona: null, defaultBrandPersonaName: null });
  });

  it('regenerating asks again with the voice the message was asked with', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const voice = await make(token, '/api/brand-voices', { name: 'Warm', text: 'REGEN-VOICE' });
    fake.script({ chunks: ['First'] }, { chunks: ['Second'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Hi', modelId, brandVoiceId: voice.id },
    });
    const [first] = await storedMessages(t, token, chatId);
    await stream(t.url, `/api/messages/${first?.id}/regenerate`, { token, body: {} });
    expect(systemMessages(1).slice(1)).toEqual([expect.stringContaining('REGEN-VOICE')]);
    expect((await storedMessages(t, token, chatId))[1]?.context.instructions).toEqual({
      brandVoice: { id: voice.id, name: 'Warm' },
    });
  });
});
