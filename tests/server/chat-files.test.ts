/**
 * Chat files (issue 10): POST /api/upload-chat-files judges each file by its bytes against the chosen
 * model's formats and extracts its text on the server; a message sent with the files' ids gives the
 * provider their text (and an image as an image part); files are the user's and go with their chat.
 */
import { readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  aiModelListSchema,
  type ChatFile,
  chatFileUploadResponseSchema,
  contextManifestItemSchema,
  MAX_CHAT_DOCUMENT_BYTES,
  MAX_CHAT_FILE_TEXT,
} from '../../lib/api/contract';
import { uploadsDir } from '../../server/config';
import { makeDocx, makePdf, makeZip } from '../fixtures/documents';
import { PNG } from '../images/tiny-images';
import { chatUser, PROVIDERS, type ProviderSetup, setupFakeProvider, storedMessages, stream } from './chat-helpers';
import { expectError, setupTestServer } from './harness';

// A server of its own: a test counts every file in its uploads folder, which other files' users would add to.
const t = setupTestServer({}, { own: true });
const fake = setupFakeProvider();
const GROQ = PROVIDERS.find((p) => p.provider === 'groq') as ProviderSetup;

interface Part {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

async function upload(token: string, modelId: number | undefined, parts: Part[]) {
  const form = new FormData();
  for (const p of parts) form.append('files', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? '' }), p.name);
  if (modelId !== undefined) form.append('modelId', String(modelId));
  const res = await fetch(`${t.url}/api/upload-chat-files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

async function uploadOk(token: string, modelId: number, parts: Part[]): Promise<ChatFile[]> {
  const res = await upload(token, modelId, parts);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return chatFileUploadResponseSchema.parse(res.body).data;
}

async function catalogueId(token: string, model: string): Promise<number> {
  const res = await t.api('/api/ai-models', { token });
  const found = aiModelListSchema.parse(res.body).data.find((m) => m.model === model);
  if (!found) throw new Error(`no model ${model}`);
  return found.id;
}

const text = (s: string) => Buffer.from(s, 'utf8');

/** The last provider request's system prompt and last user message (OpenAI chat completions). */
function lastRequest() {
  const body = fake.requests.at(-1)?.body as { messages: { role: string; content: unknown }[] };
  const system = body.messages.find((m) => m.role === 'system')?.content as string;
  const user = body.messages.filter((m) => m.role === 'user').at(-1)?.content;
  return { system, user };
}

describe('POST /api/upload-chat-files', () => {
  it('stores every format, judged by its bytes, with its text extracted; the provider gets the text and the image', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake); // gpt-4o-mini: vision, documents and images
    const files = await uploadOk(token, modelId, [
      { bytes: makePdf('PDF-SECRET Quarterly numbers'), name: 'report.pdf', type: 'application/pdf' },
      { bytes: makeDocx(['Minutes', 'DOCX-SECRET decided things']), name: 'minutes.docx' },
      { bytes: text('TXT-SECRET plain words\n'), name: 'notes.txt' },
      { bytes: text('# Plan\n\nMD-SECRET *steps*'), name: 'plan.md' },
      { bytes: text('name,value\nCSV-SECRET,42\n'), name: 'data.csv' },
      {
        bytes: text('<!doctype html><title>Page</title><h2>Heading</h2><p>HTML-SECRET <b>bold</b></p>'),
        name: 'page.html',
      },
      { bytes: PNG, name: 'shot.png', type: 'image/png' },
      // names and declared types that lie: judged by content
      { bytes: makePdf('LIAR-PDF-SECRET'), name: 'innocent.txt', type: 'text/plain' },
      { bytes: text('LIAR-TEXT-SECRET only text'), name: 'fake.pdf', type: 'application/pdf' },
    ]);
    expect(files.map((f) => [f.name, f.format])).toEqual([
      ['report.pdf', 'pdf'],
      ['minutes.docx', 'docx'],
      ['notes.txt', 'txt'],
      ['plan.md', 'md'],
      ['data.csv', 'csv'],
      ['page.html', 'html'],
      ['shot.png', 'png'],
      ['innocent.txt', 'pdf'],
      ['fake.pdf', 'txt'],
    ]);
    expect(files.find((f) => f.format === 'png')).toMatchObject({ chars: null, mime: 'image/png', chatId: null });
    for (const f of files.filter((f) => f.format !== 'png')) expect(f.chars).toBeGreaterThan(0);

    fake.script({ chunks: ['Read them all'] });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'What do these say?', modelId, context: { fileIds: files.map((f) => f.id) } },
    });
    expect(res.text).toBe('Read them all');

    const { system, user } = lastRequest();
    for (const secret of [
      'PDF-SECRET Quarterly numbers',
      'DOCX-SECRET decided things',
      'TXT-SECRET plain words',
      'MD-SECRET *steps*',
      'CSV-SECRET,42',
      'LIAR-PDF-SECRET',
      'LIAR-TEXT-SECRET',
    ])
      expect(system).toContain(secret);
    expect(system).toContain('# Minutes'); // the DOCX heading, as Markdown
    expect(system).toContain('HTML-SECRET **bold**'); // HTML as Markdown
    expect(system).toContain('## Heading');
    expect(system).toContain(`File #${files[0]?.id} "report.pdf" from the user`);
    // the image goes beside the question as an image part, not as text
    expect(user).toEqual([
      { type: 'text', text: 'What do these say?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` } },
    ]);
    expect(system).not.toContain(PNG.toString('base64'));

    const [row] = await storedMessages(t, token, chatId);
    const manifest = row?.context as { items: unknown[] };
    const items = manifest.items.map((i) => contextManifestItemSchema.parse(i));
    expect(items.map((i) => [i.kind, i.id, i.format, i.included])).toEqual(
      files.map((f) => ['file', f.id, f.format, 'full']),
    );
  });

  it('cleans the text a document yields as request text is: a PDF whose font maps glyphs to U+0000 is stored', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    // "C", NUL, "C", NUL, "C": PostgreSQL refused the NUL, which was a 500
    const pdf = makePdf('CACAC', { toUnicode: { A: '0000', C: '0043' } });
    const [file] = await uploadOk(token, modelId, [{ bytes: pdf, name: 'odd.pdf', type: 'application/pdf' }]);
    expect(file).toMatchObject({ name: 'odd.pdf', format: 'pdf', chars: 3 });
    fake.script({ chunks: ['Read'] });
    const res = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'What does it say?', modelId, context: { fileIds: [file?.id] } },
    });
    expect(res.text).toBe('Read');
    expect(lastRequest().system).toMatch(/"odd\.pdf" from the user\nCCC$/);
  });

  it('reads a text file of many HTML comments at once (how text is told from HTML stays linear)', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const comments = '<!---->'.repeat(33);
    const [plain, page] = await uploadOk(token, modelId, [
      { bytes: text(`${comments} Plain words after comments`), name: 'comments.txt' },
      { bytes: text(`${comments}\n<html><body><p>A page</p></body></html>`), name: 'page.txt' },
    ]);
    expect(plain).toMatchObject({ name: 'comments.txt', format: 'txt' });
    expect(page).toMatchObject({ name: 'page.txt', format: 'html' });
  });

  it('keeps a file name as any text is kept: a NUL in it is removed, not refused with the database’s words', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const [file] = await uploadOk(token, modelId, [{ bytes: text('Plain words'), name: 'no\u0000tes.txt' }]);
    expect(file).toMatchObject({ name: 'notes.txt', format: 'txt' });
  });

  it('refuses an empty text file or a page of only comments as having no text, not as a scanned PDF', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const refused = expectError(
      await upload(token, modelId, [
        { bytes: text(''), name: 'empty.txt' },
        { bytes: text(' \n\t\n'), name: 'blank.md' },
        {
          bytes: text('<!doctype html><!-- draft --><html><body><!-- nothing yet --></body></html>'),
          name: 'draft.html',
        },
      ]),
      400,
    );
    const errors = (refused.details as { errors: { path: string; message: string }[] }).errors;
    expect(errors.map((e) => e.message)).toEqual([
      'files[0] (empty.txt): The file is empty',
      'files[1] (blank.md): It has no text to read (only spaces and line breaks)',
      'files[2] (draft.html): It has no text to read (only markup and comments)',
    ]);
  });

  it('refuses an HTML file whose elements nest past 512 levels, naming why, before parsing it; a nested page reads', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const nested = (depth: number) => `<html><body>${'<div>'.repeat(depth)}Deep${'</div>'.repeat(depth)}</body></html>`;
    const refused = expectError(await upload(token, modelId, [{ bytes: text(nested(5_000)), name: 'deep.html' }]), 400);
    expect(refused.message).toBe('files[0] (deep.html): Its elements nest more than 512 deep');
    const [fine] = await uploadOk(token, modelId, [{ bytes: text(nested(400)), name: 'nested.html' }]);
    expect(fine).toMatchObject({ name: 'nested.html', format: 'html' });
  });

  it('refuses a Word document that inflates far beyond its size (a ZIP bomb) before reading it; a deflated one reads', async () => {
    const { token, modelId } = await chatUser(t, fake);
    // 120,000 one-letter paragraphs: 4 MB of XML in about 12 KB
    const bomb = makeDocx(
      Array.from({ length: 120_000 }, () => 'a'),
      { deflate: true },
    );
    expect(bomb.length).toBeLessThan(64 * 1024);
    const refused = expectError(await upload(token, modelId, [{ bytes: bomb, name: 'bomb.docx' }]), 400);
    expect(refused.message).toBe(
      'files[0] (bomb.docx): It is compressed far more than a document can be (word/document.xml)',
    );

    const [fine] = await uploadOk(token, modelId, [
      { bytes: makeDocx(['Minutes', 'Deflated and fine'], { deflate: true }), name: 'minutes.docx' },
    ]);
    expect(fine).toMatchObject({ format: 'docx' });
  });

  it('refuses a format the model does not take, a non-document, a file too big or too long: 4xx naming the file', async () => {
    const { token } = await chatUser(t, fake);
    const llama = await catalogueId(token, 'llama-3.3-70b-versatile'); // no vision: documents only
    const image = expectError(await upload(token, llama, [{ bytes: PNG, name: 'photo.jpg' }]), 415);
    expect(image.message).toContain('files[0] (photo.jpg)');
    expect(image.message).toContain('PNG');
    expect(image.message).toContain('Llama 3.3 70B (Groq) does not accept');

    const zip = makeZip([{ name: 'a.txt', data: text('zipped') }]);
    const both = expectError(
      await upload(token, llama, [
        { bytes: text('fine'), name: 'ok.txt' },
        { bytes: zip, name: 'disguised.docx' },
        { bytes: Buffer.from([0, 1, 2, 3, 0xfe, 0xff]), name: 'blob.txt' },
      ]),
      415,
    );
    expect(both.message).toContain('files[1] (disguised.docx): It is a ZIP file');
    const errors = (both.details as { errors: { path: string; message: string }[] }).errors;
    expect(errors.map((e) => e.path)).toEqual(['files.1', 'files.2']);
    expect(errors[1]?.message).toContain('blob.txt');

    const big = expectError(
      await upload(token, llama, [{ bytes: Buffer.alloc(MAX_CHAT_DOCUMENT_BYTES + 1, 0x61), name: 'huge.txt' }]),
      413,
    );
    expect(big.message).toContain('files[0] (huge.txt)');
    expect(big.message).toContain('20 MB');
    const long = expectError(
      await upload(token, llama, [{ bytes: Buffer.alloc(MAX_CHAT_FILE_TEXT + 10, 0x62), name: 'long.md' }]),
      413,
    );
    expect(long.message).toContain('files[0] (long.md): Its text is longer than');

    expect(expectError(await upload(token, undefined, [{ bytes: text('x'), name: 'a.txt' }]), 400).message).toContain(
      'modelId',
    );
    expect(expectError(await upload(token, llama, []), 400).message).toContain('files');
    // nothing of the refused requests was kept
    const mine = await upload(token, llama, [{ bytes: text('kept'), name: 'kept.txt' }]);
    expect(chatFileUploadResponseSchema.parse(mine.body).data[0]?.id).toBeGreaterThan(0);
  });
});

describe('chat files in messages', () => {
  it("another user's file, or one sent in another chat, is a 404 naming context.fileIds; nothing is sent", async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const other = await chatUser(t, fake);
    const [theirs] = await uploadOk(other.token, other.modelId, [{ bytes: text('THEIR-SECRET'), name: 's.txt' }]);
    const post = (id: number, chat = chatId) =>
      t.api(`/api/chats/${chat}/messages`, { token, body: { text: 'Q', modelId, context: { fileIds: [id] } } });
    const refused = expectError(await post(theirs?.id as number), 404);
    expect(refused.message).toContain('context.fileIds');
    expect(refused.message).toContain(String(theirs?.id));
    expect(fake.requests).toEqual([]);

    const [mine] = await uploadOk(token, modelId, [{ bytes: text('MINE'), name: 'm.txt' }]);
    fake.script({ chunks: ['ok'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Q', modelId, context: { fileIds: [mine?.id] } },
    });
    const second = await t.api('/api/chats', { token, body: { title: 'Another' } });
    expect(expectError(await post(mine?.id as number, second.body.data.id), 404).message).toContain('context.fileIds');
    // still usable in its own chat
    fake.script({ chunks: ['again'] });
    const again = await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Again', modelId, context: { fileIds: [mine?.id] } },
    });
    expect(again.text).toBe('again');
  });

  it('a model that does not take an image is refused with 400 naming the file', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const key = await t.api(`/api/ai-settings/keys/${GROQ.provider}`, {
      method: 'PUT',
      token,
      body: GROQ.keyBody(fake),
    });
    expect(key.status).toBe(200);
    const [image] = await uploadOk(token, modelId, [{ bytes: PNG, name: 'chart.png' }]);
    const llama = await catalogueId(token, GROQ.model);
    const res = await t.api(`/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Describe', modelId: llama, context: { fileIds: [image?.id] } },
    });
    const error = expectError(res, 400);
    expect(error.message).toContain('context.fileIds');
    expect(error.message).toContain('"chart.png"');
    expect(fake.requests).toEqual([]);
  });

  it('files sent in a chat are deleted with it, rows and stored bytes', async () => {
    const { token, chatId, modelId } = await chatUser(t, fake);
    const files = await uploadOk(token, modelId, [
      { bytes: makePdf('GOING'), name: 'going.pdf' },
      { bytes: PNG, name: 'going.png' },
    ]);
    const stored = async () => (await readdir(uploadsDir(t.current.config))).filter((n) => /\.(pdf|png)$/.test(n));
    const before = await stored();
    fake.script({ chunks: ['ok'] });
    await stream(t.url, `/api/chats/${chatId}/messages`, {
      token,
      body: { text: 'Q', modelId, context: { fileIds: files.map((f) => f.id) } },
    });
    // sent: tied to the chat, no longer deletable on their own
    const alone = expectError(await t.api(`/api/upload/${files[0]?.id}`, { method: 'DELETE', token }), 409);
    expect(alone.message).toContain('deleted with the chat');

    expect((await t.api(`/api/gems/${chatId}`, { method: 'DELETE', token })).status).toBe(200);
    const after = await stored();
    expect(before.length - after.length).toBe(2);
    expect(expectError(await t.api(`/api/upload/${files[0]?.id}`, { method: 'DELETE', token }), 404));
  });
});
