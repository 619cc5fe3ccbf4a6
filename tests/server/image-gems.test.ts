import { describe, expect, it } from 'vitest';
import {
  dataOf,
  type Gem,
  gemListSchema,
  gemSchema,
  gemSummarySchema,
  IMAGE_GEM_PATH,
  SCREENSHOT_GEM_PATH,
  uploadResponseSchema,
} from '../../lib/api/contract';
import { messages } from '../../lib/api/validators';
import { MAX_IMAGE_BYTES } from '../../lib/files/image-type';
import { FORGED, GIF, PNG } from '../images/tiny-images';
import { expectError, expectFieldError, type Session, setupTestServer } from './harness';
import { STORAGES, setupTestStorage } from './test-storage';

interface Part {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

describe.each(STORAGES)('image gems with files kept in %s', (kind) => {
  const storage = setupTestStorage(kind);
  const t = setupTestServer(() => storage.overrides());

  const fields = (overrides: Record<string, unknown> = {}) => ({
    title: 'A cat',
    url: 'https://example.com/cats',
    media: { mediaUrl: 'https://img.example.com/cat.png', alt: 'a cat', width: 1, height: 1 },
    ...overrides,
  });

  /**
   * Multipart POST /api/upload-all-file: `files` parts and the `data` field (an object is sent as its
   * JSON; a string as-is; undefined leaves the field out).
   */
  async function uploadGem(
    token: string | undefined,
    options: { files?: Part[]; data?: unknown; headers?: Record<string, string>; path?: string } = {},
  ) {
    const form = new FormData();
    const parts = options.files ?? [{ bytes: PNG, name: 'cat.png', type: 'image/png' }];
    for (const p of parts) form.append('files', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? '' }), p.name);
    const data = 'data' in options ? options.data : fields();
    if (data !== undefined) form.append('data', typeof data === 'string' ? data : JSON.stringify(data));
    const res = await fetch(`${t.url}${options.path ?? IMAGE_GEM_PATH}`, {
      method: 'POST',
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...options.headers },
      body: form,
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }

  async function saveImageGem(s: Session, options: Parameters<typeof uploadGem>[1] = {}): Promise<Gem> {
    const res = await uploadGem(s.jwt, options);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return dataOf(gemSchema).parse(res.body).data;
  }

  async function feedbackUpload(s: Session) {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(PNG)]), 'x.png');
    form.append('isFeedbackImg', 'true');
    const res = await fetch(`${t.url}/api/upload`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.jwt}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const [upload] = uploadResponseSchema.parse(await res.json()).data.uploads;
    if (!upload) throw new Error('no upload');
    return upload;
  }

  const storedFiles = () => storage.list(t.current.config);
  const allGems = async (s: Session) =>
    gemListSchema.parse((await t.api('/api/get-all-bookmark', { token: s.jwt })).body);
  const newKey = () => `img-${Math.random().toString(36).slice(2)}`;
  const linkPattern = () => new RegExp(`^${t.url}/uploads/[A-Za-z0-9_-]{22}\\.(png|gif|jpg|webp)$`);

  describe('POST /api/upload-all-file', () => {
    it('saves an Image gem whose image link serves the same bytes', async () => {
      const s = await t.signUp('img');
      const reading = (await t.api('/api/collections', { token: s.jwt, body: { data: { name: 'Reading' } } })).body.data
        .id;
      const before = await storedFiles();
      const tagged = fields({
        description: 'found on a blog',
        tags: ['cats'],
        collectionId: reading,
      });
      const gem = await saveImageGem(s, { data: tagged });
      expect(gem).toMatchObject({
        title: 'A cat',
        url: 'https://example.com/cats',
        description: 'found on a blog',
        media_type: 'Image',
        media: { mediaUrl: 'https://img.example.com/cat.png', alt: 'a cat', width: 1, height: 1 },
        collectionId: reading,
        author: { id: s.user.id, username: s.user.username },
      });
      expect(gem.tags.map((x) => x.tag)).toEqual(['cats']);
      expect(gem.image).toMatch(linkPattern());
      expect(gem.image?.endsWith('.png')).toBe(true);

      const file = await fetch(gem.image ?? '');
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

      const after = await storedFiles();
      expect(after).toHaveLength(before.length + 1);
      expect(after).toContain(gem.image?.split('/').pop());
      expect((await t.api(`/api/gems/${gem.id}`, { token: s.jwt })).body).toEqual({ data: gem });
    });

    it('types the file by its bytes, not its name, and ignores an image field in data', async () => {
      const s = await t.signUp('imggif');
      const gem = await saveImageGem(s, {
        files: [{ bytes: GIF, name: 'photo.jpg', type: 'image/jpeg' }],
        data: fields({ image: 'https://evil.example.com/x.png', media_type: 'Image', media: {} }),
      });
      expect(gem.image).toMatch(/\.gif$/);
      expect(gem.image?.startsWith(`${t.url}/uploads/`)).toBe(true);
      expect(gem.media).toEqual({});
    });

    it('also takes `data` as a JSON file part', async () => {
      const s = await t.signUp('imgblob');
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(PNG)]), 'cat.png');
      form.append(
        'data',
        new Blob([JSON.stringify(fields({ title: 'From a blob' }))], { type: 'application/json' }),
        'data.json',
      );
      const res = await fetch(`${t.url}${IMAGE_GEM_PATH}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${s.jwt}` },
        body: form,
      });
      expect(res.status).toBe(201);
      expect((await res.json()).data).toMatchObject({ title: 'From a blob', media_type: 'Image' });
    });

    it('rejects a text file named .png with a 415, saving no gem and no file', async () => {
      const s = await t.signUp('imgtxt');
      const before = await storedFiles();
      const text = Buffer.from('definitely not an image');
      const error = expectError(
        await uploadGem(s.jwt, { files: [{ bytes: text, name: 'notes.png', type: 'image/png' }] }),
        415,
        'UnsupportedMediaTypeError',
      );
      expect(error.message).toBe('files[0] (notes.png): Only JPG, PNG, GIF or WEBP images are accepted');
      expect(await storedFiles()).toEqual(before);
      expect((await allGems(s)).total).toBe(0);
    });

    it('rejects the PNG signature followed by a script with a 400 naming the file, saving no gem and no file', async () => {
      const s = await t.signUp('imgforged');
      const before = await storedFiles();
      const res = await uploadGem(s.jwt, { files: [{ bytes: FORGED.pngScript, name: 'cat.png', type: 'image/png' }] });
      const error = expectError(res, 400, 'ValidationError');
      expect(error.message).toBe('files[0] (cat.png): Not a valid PNG image');
      expectFieldError(res, 'files.0', 'files[0] (cat.png): Not a valid PNG image');
      expect(await storedFiles()).toEqual(before);
      expect((await allGems(s)).total).toBe(0);
    });

    it('rejects an image over the size limit with a 413, saving nothing', async () => {
      const s = await t.signUp('imgbig');
      const before = await storedFiles();
      const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
      PNG.copy(big);
      const error = expectError(
        await uploadGem(s.jwt, { files: [{ bytes: big, name: 'huge.png', type: 'image/png' }] }),
        413,
        'PayloadTooLargeError',
      );
      expect(error.message).toBe('files[0] (huge.png): An image may be at most 5 MB');
      expect(await storedFiles()).toEqual(before);
      expect((await allGems(s)).total).toBe(0);
    });

    it('names `data` when it is missing or not JSON, and the field when a gem field is bad', async () => {
      const s = await t.signUp('imgdata');
      const before = await storedFiles();
      expectFieldError(await uploadGem(s.jwt, { data: '{"title": "x", ' }), 'data');
      expectFieldError(await uploadGem(s.jwt, { data: 'not json at all' }), 'data');
      expectFieldError(await uploadGem(s.jwt, { data: undefined }), 'data');
      expectFieldError(await uploadGem(s.jwt, { data: '[1, 2]' }), 'data');
      expectFieldError(await uploadGem(s.jwt, { data: fields({ title: '' }) }), 'data.title', messages.required);
      expectFieldError(await uploadGem(s.jwt, { data: fields({ url: 'nope' }) }), 'data.url', messages.urlInvalid());
      expectFieldError(await uploadGem(s.jwt, { data: fields({ media_type: 'Link' }) }), 'data.media_type');
      expectFieldError(
        await uploadGem(s.jwt, { data: fields({ media: { mediaUrl: 'javascript:alert(1)' } }) }),
        'data.media.mediaUrl',
      );
      expectFieldError(await uploadGem(s.jwt, { data: fields({ media: { width: -1 } }) }), 'data.media.width');
      expect(await storedFiles()).toEqual(before);
      expect((await allGems(s)).total).toBe(0);
    });

    it('needs exactly one image in `files`, sent as multipart', async () => {
      const s = await t.signUp('imgcount');
      const before = await storedFiles();
      expectFieldError(await uploadGem(s.jwt, { files: [] }), 'files');
      const two = [
        { bytes: PNG, name: 'a.png' },
        { bytes: GIF, name: 'b.gif' },
      ];
      expectFieldError(await uploadGem(s.jwt, { files: two }), 'files');
      expectFieldError(await t.api('/api/upload-all-file', { token: s.jwt, body: { data: fields() } }), 'files');
      expect(await storedFiles()).toEqual(before);
      expect((await allGems(s)).total).toBe(0);
    });

    it('a retry with the same Idempotency-Key returns the first gem with 200 and stores one file', async () => {
      const s = await t.signUp('imgidem');
      const before = await storedFiles();
      const k = newKey();
      const first = await uploadGem(s.jwt, { headers: { 'Idempotency-Key': k } });
      const retry = await uploadGem(s.jwt, { headers: { 'Idempotency-Key': k }, data: fields({ title: 'retry' }) });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(retry.status).toBe(200);
      expect(retry.body).toEqual(first.body);
      expect((await allGems(s)).total).toBe(1);
      expect(await storedFiles()).toHaveLength(before.length + 1);
      expect(expectError(await uploadGem(s.jwt, { headers: { 'Idempotency-Key': 'short' } }), 400).message).toBe(
        'Idempotency-Key header is invalid',
      );
      expect(await storedFiles()).toHaveLength(before.length + 1);
    });

    it('concurrent retries with one key make one gem and keep one file', async () => {
      const s = await t.signUp('imgrace');
      const before = await storedFiles();
      const k = newKey();
      await Promise.all(Array.from({ length: 4 }, () => t.api('/api/health')));
      const results = await Promise.all(
        Array.from({ length: 4 }, () => uploadGem(s.jwt, { headers: { 'Idempotency-Key': k } })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      expect((await allGems(s)).total).toBe(1);
      expect(await storedFiles()).toHaveLength(before.length + 1);
      expect((await fetch(results[0]?.body.data.image)).status).toBe(200);
    });

    it("refuses another user's collection (404) and a call without a token (401), storing nothing", async () => {
      const a = await t.signUp('imgowner');
      const b = await t.signUp('imgthief');
      const before = await storedFiles();
      expectError(
        await uploadGem(b.jwt, { data: fields({ collectionId: a.user.unfiltered_collection_id }) }),
        404,
        'NotFoundError',
      );
      expectError(await uploadGem(undefined), 401, 'UnauthorizedError');
      expectError(await uploadGem('not-a-token'), 401);
      expect(await storedFiles()).toEqual(before);
      expect((await allGems(b)).total).toBe(0);
      expect(
        (await t.api(`/api/collections/${a.user.unfiltered_collection_id}`, { token: a.jwt })).body.data.gems_count,
      ).toBe(0);
    });
  });

  describe('POST /api/gems/upload-screenshot', () => {
    const shot = (token: string | undefined, options: Parameters<typeof uploadGem>[1] = {}) =>
      uploadGem(token, { path: SCREENSHOT_GEM_PATH, ...options });
    const page = { title: 'Screenshot of Cats', url: 'https://example.com/cats', media: { width: 1, height: 1 } };

    it('saves an Image gem marked as a screenshot, whose image serves the bytes sent; a retried key makes no second', async () => {
      const s = await t.signUp('shot');
      const before = await storedFiles();
      const k = newKey();
      const res = await shot(s.jwt, { data: page, headers: { 'Idempotency-Key': k } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const gem = dataOf(gemSchema).parse(res.body).data;
      expect(gem).toMatchObject({
        title: 'Screenshot of Cats',
        url: 'https://example.com/cats',
        media_type: 'Image',
        media: { screenshot: true, width: 1, height: 1 },
        collectionId: s.user.unfiltered_collection_id,
      });
      expect(gem.image).toMatch(linkPattern());
      const file = await fetch(gem.image ?? '');
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
      const retry = await shot(s.jwt, { data: page, headers: { 'Idempotency-Key': k } });
      expect(retry.status).toBe(200);
      expect(retry.body.data.id).toBe(gem.id);
      expect(await storedFiles()).toHaveLength(before.length + 1);
      // An image saved from the page is not marked as a screenshot.
      const image = await saveImageGem(s);
      expect(image.media.screenshot).toBeUndefined();
    });

    it('refuses a non-image (415), bad fields (400 naming them), another user’s collection (404) and no token (401)', async () => {
      const a = await t.signUp('shotown');
      const b = await t.signUp('shotbad');
      const before = await storedFiles();
      const text = Buffer.from('not a screenshot');
      expectError(await shot(b.jwt, { data: page, files: [{ bytes: text, name: 'tab.png' }] }), 415);
      expectFieldError(await shot(b.jwt, { data: page, files: [] }), 'files');
      expectFieldError(await shot(b.jwt, { data: undefined }), 'data');
      expectFieldError(await shot(b.jwt, { data: { ...page, url: 'nope' } }), 'data.url');
      expectFieldError(await shot(b.jwt, { data: { ...page, media: { screenshot: 'yes' } } }), 'data.media.screenshot');
      expectError(await shot(b.jwt, { data: { ...page, collectionId: a.user.unfiltered_collection_id } }), 404);
      expectError(await shot(undefined, { data: page }), 401);
      expect(await storedFiles()).toEqual(before);
      expect((await allGems(b)).total).toBe(0);
    });
  });

  describe("an image gem's file", () => {
    it('goes with its gem: kept while the gem is in the trash, removed with it from there; it cannot be deleted alone (409)', async () => {
      const s = await t.signUp('imgdel');
      // The gem's upload id is not in its answer; upload ids are serial, so it lies between two
      // feedback uploads made before and after it (other users' uploads in between answer 404).
      const before = await feedbackUpload(s);
      const gem = await saveImageGem(s);
      const after = await feedbackUpload(s);
      const name = gem.image?.split('/').pop() ?? '';
      expect(await storedFiles()).toContain(name);
      const between = Array.from({ length: after.id - before.id - 1 }, (_, i) => before.id + 1 + i);
      const answers = await Promise.all(
        between.map((id) => t.api(`/api/upload/${id}`, { method: 'DELETE', token: s.jwt })),
      );
      // One 409 (its file), a 404 for each other user's upload in between, in any order.
      const statuses = answers.map((r) => r.status).sort((x, y) => x - y);
      expect(statuses).toEqual([...Array(between.length - 1).fill(404), 409]);
      const uploadId = between[answers.findIndex((r) => r.status === 409)];

      const refused = expectError(
        await t.api(`/api/upload/${uploadId}`, { method: 'DELETE', token: s.jwt }),
        409,
        'ConflictError',
      );
      expect(refused.message).toMatch(/belongs to a gem/);
      expect((await fetch(gem.image ?? '')).status).toBe(200);

      // nor can it be attached to a bug report
      const report = await t.api('/api/feedbacks', {
        token: s.jwt,
        body: {
          data: {
            title: 'Bug',
            url: 'https://example.com',
            category: 'Bug',
            isExtension: true,
            imageLinks: [gem.image],
          },
        },
      });
      expectFieldError(report, 'data.imageLinks.0');

      const other = await t.signUp('imgdelb');
      expectError(await t.api(`/api/gems/${gem.id}`, { method: 'DELETE', token: other.jwt }), 404);
      expect(await storedFiles()).toContain(name);

      const deleted = await t.api(`/api/gems/${gem.id}`, { method: 'DELETE', token: s.jwt });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(deleted.body).toEqual({ data: { id: gem.id } });
      // in the trash the file stays, for a restore; deleted from the trash, it goes
      expect(await storedFiles()).toContain(name);
      const purged = await t.api(`/api/trash/${gem.id}`, { method: 'DELETE', token: s.jwt });
      expect(purged.status, JSON.stringify(purged.body)).toBe(200);
      expect(await storedFiles()).not.toContain(name);
      expectError(await t.api(new URL(gem.image ?? '').pathname), 404);
      expectError(await t.api(`/api/upload/${uploadId}`, { method: 'DELETE', token: s.jwt }), 404);
      expect((await allGems(s)).total).toBe(0);
    });

    it("a copied collection's image gem keeps serving its image once the original is deleted for good", async () => {
      const s = await t.signUp('imgcopy');
      const made = await t.api('/api/collections', { token: s.jwt, body: { data: { name: 'Pictures' } } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const original = await saveImageGem(s, { data: fields({ collectionId: made.body.data.id }) });
      const name = original.image?.split('/').pop() ?? '';
      const copied = await t.api(`/api/copy-collection/${made.body.data.id}`, { method: 'POST', token: s.jwt });
      expect(copied.status, JSON.stringify(copied.body)).toBe(201);
      const listed = await t.api(`/api/collections/${copied.body.data.id}/bookmarks`, { token: s.jwt });
      const copy = gemSummarySchema.parse(listed.body.data.bookmarks[0]);
      expect(copy.id).not.toBe(original.id);
      expect(copy.image).toBe(original.image);

      expect((await t.api(`/api/gems/${original.id}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
      expect((await t.api('/api/trash', { method: 'DELETE', token: s.jwt })).status).toBe(200);
      expect(await storedFiles()).toContain(name);
      const served = await fetch(copy.image ?? '');
      expect(served.status).toBe(200);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(new Uint8Array(PNG));

      // the last gem showing it takes the file with it
      expect((await t.api(`/api/gems/${copy.id}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
      expect((await t.api(`/api/trash/${copy.id}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
      expect(await storedFiles()).not.toContain(name);
      expectError(await t.api(new URL(copy.image ?? '').pathname), 404);
    });

    it('deleting a gem without a file still works, and leaves other files alone', async () => {
      const s = await t.signUp('imgkeep');
      const kept = await saveImageGem(s);
      const byUrl = await t.api('/api/gems', {
        token: s.jwt,
        body: { data: fields({ media_type: 'Image', image: 'https://img.example.com/cat.png' }) },
      });
      expect(byUrl.status, JSON.stringify(byUrl.body)).toBe(201);
      expect(byUrl.body.data).toMatchObject({
        media_type: 'Image',
        image: 'https://img.example.com/cat.png',
        media: { mediaUrl: 'https://img.example.com/cat.png' },
      });
      const before = await storedFiles();
      expect((await t.api(`/api/gems/${byUrl.body.data.id}`, { method: 'DELETE', token: s.jwt })).status).toBe(200);
      expect(await storedFiles()).toEqual(before);
      expect((await fetch(kept.image ?? '')).status).toBe(200);
    });
  });
});
