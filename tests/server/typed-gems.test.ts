import { describe, expect, it } from 'vitest';
import {
  dataOf,
  type GemSummary,
  gemListSchema,
  gemSchema,
  gemSummarySchema,
  type MediaType,
  TYPED_GEM_PATHS,
} from '../../lib/api/contract';
import { messages } from '../../lib/api/validators';
import { expectError, expectFieldError, type Session, setupTestServer } from './harness';

const t = setupTestServer();

/** The typed endpoints, each with a valid body of its type. */
const ENDPOINTS: { path: string; type: MediaType; data: Record<string, unknown> }[] = [
  {
    path: TYPED_GEM_PATHS.Code,
    type: 'Code',
    data: { title: 'A snippet', url: 'https://example.com/post', media: { code: 'x = 1\n' } },
  },
  { path: TYPED_GEM_PATHS.PDF, type: 'PDF', data: { title: 'A paper', url: 'https://example.com/paper.pdf' } },
  { path: TYPED_GEM_PATHS.Audio, type: 'Audio', data: { title: 'A song', url: 'https://example.com/listen' } },
  { path: TYPED_GEM_PATHS.Video, type: 'Video', data: { title: 'A clip', url: 'https://example.com/watch' } },
];

const post = (s: Session | undefined, path: string, data: unknown, headers?: Record<string, string>) =>
  t.api(path, { method: 'POST', token: s?.jwt, body: { data }, headers });

async function save(
  s: Session,
  path: string,
  data: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<GemSummary> {
  const res = await post(s, path, data, headers);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return dataOf(gemSummarySchema).parse(res.body).data;
}
const allGems = async (s: Session) =>
  gemListSchema.parse((await t.api('/api/get-all-bookmark', { token: s.jwt })).body);
const getGem = async (s: Session, id: number) =>
  dataOf(gemSchema).parse((await t.api(`/api/gems/${id}`, { token: s.jwt })).body).data;
const newKey = () => `typed-${Math.random().toString(36).slice(2)}`;

describe('POST /api/code', () => {
  it('saves the code exactly as sent: indentation, tabs, blank lines and the trailing newline', async () => {
    const s = await t.signUp('code');
    const code = '    def greet(name):\n\t\treturn f"hi {name}"   \n\n  # end\n';
    const gem = await save(s, '/api/code', {
      title: 'greet()',
      url: 'https://example.com/tutorial#step-2',
      description: 'from the tutorial',
      media: { code, language: 'python' },
      tags: ['snippets'],
    });
    expect(gem).toMatchObject({
      title: 'greet()',
      url: 'https://example.com/tutorial#step-2',
      canonicalUrl: 'https://example.com/tutorial',
      description: 'from the tutorial',
      media_type: 'Code',
      media: { code, language: 'python' },
      collectionId: s.user.unfiltered_collection_id,
      author: { id: s.user.id, username: s.user.username },
    });
    expect(gem.media.code).toBe(code);
    expect(gem.tags.map((x) => x.tag)).toEqual(['snippets']);
    expect(await getGem(s, gem.id)).toEqual({ ...gem, text: null });
    const listed = await allGems(s);
    expect(listed.total).toBe(1);
    expect(listed.data[0]?.media.code).toBe(code);
  });

  it('takes media_type when it says Code, and a language is optional', async () => {
    const s = await t.signUp('code2');
    const gem = await save(s, '/api/code', {
      title: 'x',
      url: 'https://example.com/',
      media_type: 'Code',
      media: { code: ' ; ' },
    });
    expect(gem.media).toEqual({ code: ' ; ' });
    expect(gem.media_type).toBe('Code');
  });

  it.each([
    ['no media', {}],
    ['media without code', { media: { language: 'ts' } }],
    ['empty code', { media: { code: '' } }],
    ['blank code', { media: { code: ' \n\t ' } }],
    ['code that is not a string', { media: { code: 42 } }],
  ])('names data.media.code when the code is missing: %s', async (_, patch) => {
    const s = await t.signUp('nocode');
    const res = await post(s, '/api/code', { title: 'x', url: 'https://example.com/', ...patch });
    expectFieldError(res, 'data.media.code', messages.required);
    expect((await allGems(s)).total).toBe(0);
  });

  it('rejects other bad fields by name', async () => {
    const s = await t.signUp('badcode');
    const base = { title: 'x', url: 'https://example.com/', media: { code: 'x' } };
    expectFieldError(await post(s, '/api/code', { ...base, media: { code: 'x', language: 7 } }), 'data.media.language');
    expectFieldError(await post(s, '/api/code', { ...base, media: { code: 'x', colour: 'red' } }), 'data.media');
    expectFieldError(await post(s, '/api/code', { ...base, url: 'not a url' }), 'data.url', messages.urlInvalid());
    expectFieldError(await post(s, '/api/code', { ...base, title: '' }), 'data.title', messages.required);
    expectFieldError(await t.api('/api/code', { token: s.jwt, body: base }), 'data');
    expect(expectError(await t.api('/api/code', { token: s.jwt, body: '{"data":' }), 400).message).toBe(
      'Request body must be valid JSON',
    );
    expect((await allGems(s)).total).toBe(0);
  });
});

describe('POST /api/pdf, /api/audios, /api/videos', () => {
  it('saves a PDF gem: url is the PDF, media.mediaUrl optional', async () => {
    const s = await t.signUp('pdf');
    const bare = await save(s, '/api/pdf', { title: 'Paper', url: 'https://example.com/paper.pdf' });
    expect(bare).toMatchObject({ media_type: 'PDF', url: 'https://example.com/paper.pdf', media: {} });
    const withFile = await save(s, '/api/pdf', {
      title: 'Viewer page',
      url: 'https://example.com/viewer?doc=7',
      media: { mediaUrl: 'https://cdn.example.com/doc-7.pdf' },
      description: 'the spec',
    });
    expect(withFile).toMatchObject({
      media_type: 'PDF',
      media: { mediaUrl: 'https://cdn.example.com/doc-7.pdf' },
      description: 'the spec',
    });
    expect(await getGem(s, withFile.id)).toEqual({ ...withFile, text: null });
  });

  it('saves an audio gem, with isRecord from the query', async () => {
    const s = await t.signUp('audio');
    const data = {
      title: 'Episode',
      url: 'https://example.com/ep/1',
      media: { mediaUrl: 'https://cdn.example.com/ep1.mp3' },
    };
    const plain = await save(s, '/api/audios', data);
    expect(plain).toMatchObject({ media_type: 'Audio', media: { mediaUrl: 'https://cdn.example.com/ep1.mp3' } });
    expect(plain.media.isRecord).toBeUndefined();
    const recorded = await save(s, '/api/audios?isRecord=true', data);
    expect(recorded.media).toEqual({ mediaUrl: 'https://cdn.example.com/ep1.mp3', isRecord: true });
    const notRecorded = await save(s, '/api/audios?isRecord=false', {
      ...data,
      media: { ...data.media, isRecord: true },
    });
    expect(notRecorded.media.isRecord).toBe(false);
    expect((await getGem(s, recorded.id)).media.isRecord).toBe(true);
    expectFieldError(await post(s, '/api/audios?isRecord=yes', data), 'isRecord');
    expect((await allGems(s)).total).toBe(3);
  });

  it('saves a video gem', async () => {
    const s = await t.signUp('video');
    const reading = (await t.api('/api/collections', { token: s.jwt, body: { data: { name: 'Reading' } } })).body.data
      .id;
    const gem = await save(s, '/api/videos', {
      title: 'Talk',
      url: 'https://example.com/talks/42',
      media: { mediaUrl: 'http://media.example.com/talk.mp4', width: 1280, height: 720 },
      collectionId: reading,
    });
    expect(gem).toMatchObject({
      media_type: 'Video',
      media: { mediaUrl: 'http://media.example.com/talk.mp4', width: 1280, height: 720 },
      collectionId: reading,
    });
  });

  it.each([
    ['/api/pdf', 'javascript:alert(1)'],
    ['/api/audios', 'data:image/png;base64,AAAA'],
    ['/api/videos', 'ftp://example.com/v.mp4'],
  ])('%s names data.media.mediaUrl when it is not an http(s) URL', async (path, mediaUrl) => {
    const s = await t.signUp('badmedia');
    expectFieldError(
      await post(s, path, { title: 'x', url: 'https://example.com/', media: { mediaUrl } }),
      'data.media.mediaUrl',
      messages.urlInvalid(),
    );
    expect((await allGems(s)).total).toBe(0);
  });
});

describe.each(ENDPOINTS)('POST $path', ({ path, type, data }) => {
  it(`answers a ${type} gem, and a media_type that contradicts it is a 400 naming data.media_type`, async () => {
    const s = await t.signUp('mt');
    const other = type === 'Link' ? 'Image' : 'Link';
    const error = expectFieldError(await post(s, path, { ...data, media_type: other }), 'data.media_type');
    expect(error.find((e) => e.path === 'data.media_type')?.message).toBe(
      `Must be '${type}' on this endpoint (or left out)`,
    );
    expectFieldError(await post(s, path, { ...data, media_type: 'Podcast' }), 'data.media_type');
    expect((await allGems(s)).total).toBe(0);
    expect((await save(s, path, data)).media_type).toBe(type);
    expect((await save(s, path, { ...data, media_type: type })).media_type).toBe(type);
  });

  it('a retry with the same Idempotency-Key returns the first gem with 200 and saves once', async () => {
    const s = await t.signUp('idem');
    const k = newKey();
    const first = await post(s, path, { ...data, title: 'first' }, { 'Idempotency-Key': k });
    const second = await post(s, path, { ...data, title: 'retry' }, { 'Idempotency-Key': k });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body.data.title).toBe('first');
    expect((await allGems(s)).total).toBe(1);
    expect((await post(s, path, data, { 'Idempotency-Key': newKey() })).status).toBe(201);
    expect((await allGems(s)).total).toBe(2);
    expect(expectError(await post(s, path, data, { 'Idempotency-Key': 'short' }), 400).message).toBe(
      'Idempotency-Key header is invalid',
    );
    expect((await allGems(s)).total).toBe(2);
  });

  it("refuses another user's collection (404) or tag, and a call without a token (401), saving nothing", async () => {
    const a = await t.signUp('owner');
    const b = await t.signUp('intruder');
    const tag = (await t.api('/api/tags', { token: a.jwt, body: { data: { tag: 'private' } } })).body.data;
    expectError(await post(b, path, { ...data, collectionId: a.user.unfiltered_collection_id }), 404, 'NotFoundError');
    expectFieldError(await post(b, path, { ...data, tags: [tag.id] }), 'tags');
    expectError(await post(undefined, path, data), 401, 'UnauthorizedError');
    expectError(await post({ jwt: 'not-a-token' } as Session, path, data), 401);
    expect((await allGems(a)).total).toBe(0);
    expect((await allGems(b)).total).toBe(0);
    expect(
      (await t.api(`/api/collections/${a.user.unfiltered_collection_id}`, { token: a.jwt })).body.data.gems_count,
    ).toBe(0);
  });
});

describe('Idempotency-Key across gem endpoints', () => {
  it('is one key space per user: a key already used answers the gem it made, whatever the endpoint', async () => {
    const s = await t.signUp('cross');
    const k = newKey();
    const code = await save(
      s,
      '/api/code',
      { title: 'c', url: 'https://example.com/', media: { code: 'a' } },
      { 'Idempotency-Key': k },
    );
    const again = await post(s, '/api/gems', { title: 'link', url: 'https://example.com/' }, { 'Idempotency-Key': k });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(code);
    expect((await allGems(s)).total).toBe(1);
  });

  it('concurrent retries on a typed endpoint make exactly one gem', async () => {
    const s = await t.signUp('race');
    const k = newKey();
    await Promise.all(Array.from({ length: 4 }, () => t.api('/api/health')));
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        post(
          s,
          '/api/code',
          { title: `try ${i}`, url: 'https://example.com/', media: { code: `v${i}` } },
          { 'Idempotency-Key': k },
        ),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect((await allGems(s)).total).toBe(1);
  });
});
