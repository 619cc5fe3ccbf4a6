import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Upload, uploadResponseSchema } from '../../lib/api/contract';
import { MAX_IMAGE_BYTES } from '../../lib/files/image-type';
import { uploadsDir } from '../../server/config';
import { FORGED, GIF, JPEG, PNG, WEBP } from '../images/tiny-images';
import { expectError, expectFieldError, setupTestServer } from './harness';
import { STORAGES, setupTestStorage } from './test-storage';

interface Part {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

describe.each(STORAGES)('uploads kept in %s', (kind) => {
  const storage = setupTestStorage(kind);
  const t = setupTestServer(() => storage.overrides());

  /** Multipart POST /api/upload; `fields` are extra form fields (isFeedbackImg defaults to 'true'). */
  async function upload(
    token: string | undefined,
    parts: Part[],
    fields: Record<string, string> = { isFeedbackImg: 'true' },
    query = '',
  ) {
    const form = new FormData();
    for (const p of parts) form.append('files', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? '' }), p.name);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${t.url}/api/upload${query}`, {
      method: 'POST',
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: res.status, body: await res.json(), headers: res.headers };
  }

  const storedFiles = () => storage.list(t.current.config);
  const uploadOne = async (token: string, part: Part = { bytes: PNG, name: 'shot.png', type: 'image/png' }) => {
    const res = await upload(token, [part]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return uploadResponseSchema.parse(res.body).data.uploads[0] as Upload;
  };
  const fetchLink = async (link: string) => {
    const res = await fetch(link);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  describe('POST /api/upload', () => {
    it('stores images typed by their bytes and answers working links', async () => {
      const { jwt, user } = await t.signUp('up');
      const parts: Part[] = [
        { bytes: PNG, name: 'a.png', type: 'image/png' },
        { bytes: GIF, name: 'not-a-gif.jpg', type: 'image/jpeg' }, // name and declared type are ignored
        { bytes: JPEG, name: 'photo', type: 'application/octet-stream' },
        { bytes: WEBP, name: 'w.webp' },
      ];
      const res = await upload(jwt, parts);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const { data } = uploadResponseSchema.parse(res.body);
      expect(data.uploads.map((u) => [u.mime, u.size])).toEqual([
        ['image/png', PNG.length],
        ['image/gif', GIF.length],
        ['image/jpeg', JPEG.length],
        ['image/webp', WEBP.length],
      ]);
      expect(data.media).toEqual(data.uploads.map((u) => u.url));
      const keys = new Set<string>();
      for (const [i, link] of data.media.entries()) {
        const match = new RegExp(`^${t.url}/uploads/([A-Za-z0-9_-]{22})\\.(png|gif|jpg|webp)$`).exec(link);
        expect(match, link).not.toBeNull();
        expect(match?.[2]).toBe(['png', 'gif', 'jpg', 'webp'][i]);
        keys.add(match?.[1] ?? '');
        const { res: file, bytes } = await fetchLink(link);
        expect(file.status).toBe(200);
        expect(bytes.equals(Buffer.from(parts[i]?.bytes ?? []))).toBe(true);
        expect(file.headers.get('content-type')).toBe(data.uploads[i]?.mime);
        expect(file.headers.get('content-length')).toBe(String(bytes.length));
        expect(file.headers.get('x-content-type-options')).toBe('nosniff');
        expect(file.headers.get('content-security-policy')).toBe("default-src 'none'");
        expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      }
      expect(keys.size).toBe(4);
      const names = data.media.map((link) => link.split('/').pop());
      expect(await storedFiles()).toEqual(expect.arrayContaining(names));
      // with a bucket, nothing goes to the data folder
      expect(existsSync(uploadsDir(t.current.config))).toBe(kind === 'the data folder');
      const head = await fetch(data.media[0] ?? '', { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('image/png');
      expect(head.headers.get('content-length')).toBe(String(PNG.length));
      expect(JSON.stringify(data)).not.toContain(String(user.email));
    });

    it('accepts the flag in the query too, and an image of exactly the maximum size', async () => {
      const { jwt } = await t.signUp('upq');
      const big = Buffer.alloc(MAX_IMAGE_BYTES);
      PNG.copy(big);
      const res = await upload(jwt, [{ bytes: big, name: 'big.png' }], {}, '?isFeedbackImg=true');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const [stored] = uploadResponseSchema.parse(res.body).data.uploads;
      expect(stored?.size).toBe(MAX_IMAGE_BYTES);
      const { res: file, bytes } = await fetchLink(stored?.url ?? '');
      expect(file.headers.get('content-length')).toBe(String(MAX_IMAGE_BYTES));
      expect(bytes.equals(big)).toBe(true);
    });

    it('rejects a text file named .png with an image/png type, and stores nothing of that request', async () => {
      const { jwt } = await t.signUp('uptxt');
      const before = await storedFiles();
      const text = Buffer.from('just some notes, not an image at all');
      const res = await upload(jwt, [
        { bytes: PNG, name: 'good.png', type: 'image/png' },
        { bytes: text, name: 'notes.png', type: 'image/png' },
      ]);
      const error = expectError(res, 415, 'UnsupportedMediaTypeError');
      expect(error.message).toBe('files[1] (notes.png): Only JPG, PNG, GIF or WEBP images are accepted');
      expect(await storedFiles()).toEqual(before);
    });

    it('rejects an HTML page disguised as a .jpg', async () => {
      const { jwt } = await t.signUp('uphtml');
      const before = await storedFiles();
      const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
      const error = expectError(await upload(jwt, [{ bytes: html, name: 'cat.jpg', type: 'image/jpeg' }]), 415);
      expect(error.message).toContain('files[0] (cat.jpg)');
      expect(error.message).toContain('Only JPG, PNG, GIF or WEBP images are accepted');
      expect(await storedFiles()).toEqual(before);
    });

    it('rejects files that start with an image signature but do not decode as that image (400 naming each)', async () => {
      const { jwt } = await t.signUp('upforged');
      const before = await storedFiles();
      const res = await upload(jwt, [
        { bytes: PNG, name: 'good.png' },
        { bytes: FORGED.pngScript, name: 'evil.png', type: 'image/png' },
        { bytes: FORGED.jpegHtml, name: 'page.jpg' },
        { bytes: FORGED.pngHuge, name: 'huge.png' },
      ]);
      const error = expectError(res, 400, 'ValidationError');
      expect(error.message).toBe('files[1] (evil.png): Not a valid PNG image');
      expect(error.details).toEqual({
        errors: [
          { path: 'files.1', message: 'files[1] (evil.png): Not a valid PNG image' },
          { path: 'files.2', message: 'files[2] (page.jpg): Not a valid JPG image' },
          {
            path: 'files.3',
            message: 'files[3] (huge.png): Not a valid PNG image: its header claims 100000×100000 pixels',
          },
        ],
      });
      for (const bytes of [FORGED.webpText, FORGED.gifScript, FORGED.pngZeroSize]) {
        expectFieldError(await upload(jwt, [{ bytes, name: 'x' }]), 'files.0');
      }
      expect(await storedFiles()).toEqual(before);
    });

    it('rejects a file over the size limit with a 413 naming it', async () => {
      const { jwt } = await t.signUp('upbig');
      const before = await storedFiles();
      const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
      PNG.copy(big);
      const res = await upload(jwt, [
        { bytes: GIF, name: 'small.gif' },
        { bytes: big, name: 'huge.png', type: 'image/png' },
      ]);
      const error = expectError(res, 413, 'PayloadTooLargeError');
      expect(error.message).toBe('files[1] (huge.png): An image may be at most 5 MB');
      expect(await storedFiles()).toEqual(before);
    });

    it('names `files` when there are none, too many, or no multipart body', async () => {
      const { jwt } = await t.signUp('upnone');
      const before = await storedFiles();
      expectFieldError(await upload(jwt, []), 'files');
      const eleven = Array.from({ length: 11 }, (_, i) => ({ bytes: PNG, name: `${i}.png` }));
      expectFieldError(await upload(jwt, eleven), 'files');
      expectFieldError(await t.api('/api/upload', { token: jwt, body: { files: ['x'] } }), 'files');
      const textField = new FormData();
      textField.append('files', 'not a file');
      textField.append('isFeedbackImg', 'true');
      const res = await fetch(`${t.url}/api/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${jwt}` },
        body: textField,
      });
      expectFieldError({ status: res.status, body: await res.json(), headers: res.headers }, 'files.0');
      expect(await storedFiles()).toEqual(before);
    });

    it('requires isFeedbackImg=true', async () => {
      const { jwt } = await t.signUp('upflag');
      const before = await storedFiles();
      const png = [{ bytes: PNG, name: 'a.png' }];
      expectFieldError(await upload(jwt, png, {}), 'isFeedbackImg');
      expectFieldError(await upload(jwt, png, { isFeedbackImg: 'false' }), 'isFeedbackImg');
      expectFieldError(await upload(jwt, png, {}, '?isFeedbackImg=1'), 'isFeedbackImg');
      expect(await storedFiles()).toEqual(before);
    });

    it('needs a signed-in user', async () => {
      const before = await storedFiles();
      expectError(await upload(undefined, [{ bytes: PNG, name: 'a.png' }]), 401);
      expectError(await upload('not-a-token', [{ bytes: PNG, name: 'a.png' }]), 401);
      expect(await storedFiles()).toEqual(before);
    });
  });

  describe('GET /uploads/{key}.{ext}', () => {
    it('answers 404 for unknown keys, a wrong extension and path tricks', async () => {
      const { jwt } = await t.signUp('get');
      const { url } = await uploadOne(jwt);
      const name = url.split('/').pop() ?? '';
      const key = name.split('.')[0] ?? '';
      const paths = [
        `/uploads/${key}.jpg`,
        `/uploads/${key}.PNG`,
        `/uploads/${key}`,
        `/uploads/${'A'.repeat(22)}.png`,
        `/uploads/${key.slice(1)}.png`,
        '/uploads/..%2Fsecret',
        '/uploads/..%2F..%2Fpackage.json',
        '/uploads/%2e%2e%2fsecret.png',
      ];
      for (const path of paths) expectError(await t.api(path), 404, 'NotFoundError');
      expect((await fetch(url)).status).toBe(200);
    });
  });

  describe('DELETE /api/upload/{id}', () => {
    it("deletes the owner's upload and its file; another user's id is a 404", async () => {
      const a = await t.signUp('dela');
      const b = await t.signUp('delb');
      const mine = await uploadOne(a.jwt);
      const theirs = await uploadOne(b.jwt);
      expectError(await t.api(`/api/upload/${theirs.id}`, { method: 'DELETE', token: a.jwt }), 404, 'NotFoundError');
      expect((await fetch(theirs.url)).status).toBe(200);

      const before = await storedFiles();
      const res = await t.api(`/api/upload/${mine.id}`, { method: 'DELETE', token: a.jwt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ data: { id: mine.id } });
      expect(await storedFiles()).toHaveLength(before.length - 1);
      expectError(await t.api(new URL(mine.url).pathname), 404);
      expectError(await t.api(`/api/upload/${mine.id}`, { method: 'DELETE', token: a.jwt }), 404);
      expectError(await t.api(`/api/upload/${mine.id}`, { method: 'DELETE' }), 401);
      expectError(await t.api('/api/upload/99999999999', { method: 'DELETE', token: a.jwt }), 404);
    });

    it('refuses to delete an image attached to a submitted report (409)', async () => {
      const { jwt } = await t.signUp('delatt');
      const image = await uploadOne(jwt);
      const report = await t.api('/api/feedbacks', {
        token: jwt,
        body: {
          data: {
            title: 'Broken',
            url: 'https://example.com',
            category: 'Bug',
            isExtension: true,
            imageLinks: [image.url],
          },
        },
      });
      expect(report.status, JSON.stringify(report.body)).toBe(201);
      const error = expectError(
        await t.api(`/api/upload/${image.id}`, { method: 'DELETE', token: jwt }),
        409,
        'ConflictError',
      );
      expect(error.message).toMatch(/submitted report/);
      expect((await fetch(image.url)).status).toBe(200);
    });
  });
});
