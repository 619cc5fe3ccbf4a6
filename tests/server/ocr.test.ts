/**
 * Text from images (server/features/ocr/): PNGs of known words drawn by headless Chromium (tests/fixtures/ocr/), read
 * by tesseract.js in a process of its own. An image gem's text is read in the background after its save and becomes its searchable text
 * (the library search finds it, a chat about it gets it); POST /api/ocre reads one image at once; a file that is not
 * an image or is too big is a 4xx; a reading past its time or memory bound fails alone, the gem staying saved
 * without text. Few cases, one file: every reading costs a process and a second or two of CPU.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { type ImageText, imageTextSchema } from '../../lib/api/ocr-contract';
import { MAX_IMAGE_BYTES } from '../../lib/files/image-type';
import { OCR_TOO_BIG, OCR_TOO_SLOW, recognizeText } from '../../server/features/ocr/ocr-read';
import { OCR_IMAGES, ocrImage } from '../fixtures/ocr/images';
import { chatUser, setupFakeProvider, stream } from './chat-helpers';
import { expectError, setupTestServer, startTestServer, type TestServer } from './harness';

const t = setupTestServer({ ocr: { worker: true } });
const fake = setupFakeProvider();

const png = { receipt: ocrImage('receipt'), slide: ocrImage('slide') };

/** The share of `expected`'s words found in `text`, as words, case and punctuation aside. */
function wordAccuracy(expected: string[], text: string) {
  const words = (s: string) => s.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const found = new Set(words(text));
  const wanted = expected.flatMap(words);
  return wanted.filter((word) => found.has(word)).length / wanted.length;
}

function imageForm(bytes: Uint8Array, name = 'shot.png', type = 'image/png') {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

async function post(server: Pick<TestServer, 'url'>, path: string, token: string, form: FormData) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}

async function saveImageGem(server: Pick<TestServer, 'url'>, token: string, bytes: Uint8Array, title: string) {
  const form = imageForm(bytes);
  form.append('data', JSON.stringify({ title, url: `https://example.com/${title}` }));
  const res = await post(server, '/api/upload-all-file', token, form);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** The gem's reading once it is no longer queued (the worker was kicked by the save). */
async function readingOf(server: Pick<TestServer, 'api'>, token: string, gemId: number): Promise<ImageText> {
  for (;;) {
    const res = await server.api(`/api/image-text?image=${gemId}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reading = dataOf(imageTextSchema).parse(res.body).data;
    if (reading.status !== 'queued') return reading;
    await new Promise((resolve) => setTimeout(resolve, 100)); // polling the job, not timing it
  }
}

describe('an image gem', () => {
  it('gets its text read after the save: searchable, sent to a chat about it, 404 to others', async () => {
    const user = await chatUser(t, fake);
    const gemId = await saveImageGem(t, user.token, png.receipt, 'receipt');
    const reading = await readingOf(t, user.token, gemId);
    expect(reading.status).toBe('done');
    expect(wordAccuracy(OCR_IMAGES.receipt.lines, reading.text ?? '')).toBeGreaterThanOrEqual(0.9);

    const search = await t.api('/api/filter-search?q=orchards', { token: user.token });
    expect(search.body.data.map((gem: { id: number }) => gem.id)).toEqual([gemId]);

    fake.script({ chunks: ['They are orchards.'] });
    const chat = await stream(t.url, `/api/chats/${user.chatId}/messages`, {
      token: user.token,
      body: { text: 'What does the image list?', modelId: user.modelId, context: { gemIds: [gemId] } },
    });
    expect(chat.events.at(-1)?.event).toBe('done');
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('twelve rivers');

    const other = await t.signUp('ocrother');
    expectError(await t.api(`/api/image-text?image=${gemId}`, { token: other.jwt }), 404);
  });
});

describe('POST /api/ocre', () => {
  it('reads one image at once, light text on dark too, storing nothing', async () => {
    const { jwt } = await t.signUp('ocre');
    const res = await post(t, '/api/ocre', jwt, imageForm(png.slide));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(wordAccuracy(OCR_IMAGES.slide.lines, res.body.data.text)).toBeGreaterThanOrEqual(0.9);
    expect(res.body.data.confidence).toBeGreaterThan(50);
  });

  it('refuses what is not an image (415), a file over 5 MB (413) and no file (400), each naming `files`', async () => {
    const { jwt } = await t.signUp('ocrbad');
    const text = await post(
      t,
      '/api/ocre',
      jwt,
      imageForm(new TextEncoder().encode('just words'), 'a.txt', 'text/plain'),
    );
    expect(text.status).toBe(415);
    expect(text.body.error.details.errors[0].path).toBe('files');
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1024);
    huge.set(png.slide);
    expect((await post(t, '/api/ocre', jwt, imageForm(huge))).status).toBe(413);
    const none = await post(t, '/api/ocre', jwt, new FormData());
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('files');
  });
});

describe('bounds', () => {
  it('a reading past its memory bound or its time bound fails alone, saying which', async () => {
    const bytes = png.receipt;
    await expect(recognizeText(bytes, 'bounds', { ms: 60_000, memoryMb: 64 })).rejects.toThrow(OCR_TOO_BIG);
    await expect(recognizeText(bytes, 'bounds', { ms: 1, memoryMb: 512 })).rejects.toThrow(OCR_TOO_SLOW);
  });

  describe('on a server whose readings time out', () => {
    let slow: TestServer;
    beforeAll(async () => {
      slow = await startTestServer({ ocr: { worker: true, ms: 1 } });
    });
    afterAll(() => slow?.close());

    it('the gem stays saved without text, the reason kept', async () => {
      const user = await slow.signUp('ocrslow');
      const gemId = await saveImageGem(slow, user.jwt, png.receipt, 'slow');
      const reading = await readingOf(slow, user.jwt, gemId);
      expect(reading).toEqual({ gemId, status: 'failed', text: null, error: OCR_TOO_SLOW });
      const gem = await slow.api(`/api/gems/${gemId}`, { token: user.jwt });
      expect(gem.status).toBe(200);
      expect(gem.body.data.title).toBe('slow');
    });
  });
});
