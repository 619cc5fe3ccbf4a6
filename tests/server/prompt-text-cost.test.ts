/**
 * A prompt's text is read for its variables and queue every time a prompt is answered (create, get,
 * lists, the public lists everyone reads). Text that never closes a variable must be read in time linear
 * to its length: one such public prompt would otherwise hold the whole server for minutes per reader.
 */
import { describe, expect, it } from 'vitest';
import { promptSchema } from '../../lib/api/contract';
import { setupTestServer } from './harness';

const t = setupTestServer();

describe('a prompt whose text opens a dropdown variable and never closes it', () => {
  it('is created and read back at once, with no variables', async () => {
    const { jwt: token } = await t.signUp('unclosed');
    const text = `Write in a {{Tone |${' '.repeat(4000)}`;
    const made = await t.api('/api/prompts', { token, body: { data: { title: 'Unclosed', text, isPublic: true } } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(promptSchema.parse(made.body.data)).toMatchObject({ variables: [], queueLength: 1 });

    const { jwt: reader } = await t.signUp('unclosedreader');
    const listed = await t.api('/api/fetch-public-prompts?search=Unclosed', { token: reader });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((p: { title: string }) => p.title)).toEqual(['Unclosed']);
  });
});
