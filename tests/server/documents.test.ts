/**
 * Text from documents (POST /api/extract-document) and text cleaned up by the user's model (POST /api/enhanced-text),
 * against the fake provider: a document's text returned, or kept as a gem's (searchable, only by who may change the
 * gem); an image's text read by OCR and cleaned; the default text model used when none is named; every bad input a 4xx
 * naming its field. One PDF and one image only: each is read in a process of its own.
 */
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../lib/api/contract';
import { enhancedTextSchema, extractedDocumentSchema, MAX_ENHANCE_CHARS } from '../../lib/api/documents-contract';
import { ENHANCE_INSTRUCTION } from '../../server/features/documents/enhance-text';
import { makeDocx, makePdf } from '../fixtures/documents';
import { ocrImage } from '../fixtures/ocr/images';
import { chatUser, setupFakeProvider } from './chat-helpers';
import { expectError, expectFieldError, gemBody, setupTestServer } from './harness';

const t = setupTestServer();
const fake = setupFakeProvider();

type Part = { name: string; value: Uint8Array | string; filename?: string };

const file = (value: Uint8Array | string, filename: string): Part => ({ name: 'files', value, filename });
const field = (name: string, value: string): Part => ({ name, value });

async function post(path: string, token: string | null, parts: Part[]) {
  const form = new FormData();
  for (const { name, value, filename } of parts) {
    if (filename === undefined) form.append(name, String(value));
    else form.append(name, new Blob([typeof value === 'string' ? value : new Uint8Array(value)]), filename);
  }
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

async function newGem(token: string, title: string) {
  const res = await t.api('/api/gems', { token, body: gemBody({ title, url: `https://example.com/${title}` }) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id as number;
}

/** The last prompt the fake provider received, and the system message with it. */
function sent(since: number) {
  const body = fake.requests.slice(since).at(-1)?.body as { messages: { role: string; content: string }[] } | undefined;
  return {
    system: body?.messages.find((m) => m.role === 'system')?.content,
    prompt: body?.messages.at(-1)?.content ?? '',
  };
}

describe('POST /api/extract-document', () => {
  it("returns a PDF's, a DOCX's and an HTML page's text; kept on a gem only with isExtracted, where search finds it", async () => {
    const { token } = await chatUser(t, fake);
    const pdf = await post('/api/extract-document', token, [
      file(makePdf('Heliotrope ledger of tidal mills'), 'a.pdf'),
    ]);
    expect(pdf.status, JSON.stringify(pdf.body)).toBe(200);
    expect(dataOf(extractedDocumentSchema).parse(pdf.body).data).toEqual({
      format: 'pdf',
      text: 'Heliotrope ledger of tidal mills',
      gemId: null,
    });

    const docx = await post('/api/extract-document', token, [
      file(makeDocx(['Mill survey', 'Seven wheels turn on the estuary.']), 'survey.docx'),
    ]);
    expect(docx.status, JSON.stringify(docx.body)).toBe(200);
    expect(docx.body.data).toMatchObject({ format: 'docx', gemId: null });
    expect(docx.body.data.text).toContain('# Mill survey');
    expect(docx.body.data.text).toContain('Seven wheels turn on the estuary.');

    const gemId = await newGem(token, 'survey');
    const html = '<!doctype html><html><body><h1>Notes</h1><p>Quillwort grows by the sluice gate.</p></body></html>';
    const kept = await post(`/api/extract-document?isExtracted=true&gemId=${gemId}`, token, [file(html, 'n.html')]);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ format: 'html', gemId });
    expect(kept.body.data.text).toContain('Quillwort grows by the sluice gate.');
    const gem = await t.api(`/api/gems/${gemId}`, { token });
    expect(gem.body.data.text).toBe(kept.body.data.text);
    const search = await t.api('/api/filter-search?q=quillwort', { token });
    expect(search.body.data.map((g: { id: number }) => g.id)).toEqual([gemId]);

    // without isExtracted the text is only returned, whatever gemId says
    const only = await post(`/api/extract-document?gemId=${gemId}`, token, [file('Different words', 'd.txt')]);
    expect(only.body.data).toEqual({ format: 'txt', text: 'Different words', gemId: null });
    expect((await t.api(`/api/gems/${gemId}`, { token })).body.data.text).toBe(kept.body.data.text);
  });

  it('refuses by field: no file, two, an image, an unknown kind, an empty or textless one, a bad flag; 404 for a gem not theirs', async () => {
    const { token } = await chatUser(t, fake);
    const stranger = await chatUser(t, fake);
    const extract = (parts: Part[], query = '', as: string | null = token) =>
      post(`/api/extract-document${query}`, as, parts);
    const text = file('Some words', 'a.txt');
    expectFieldError(await extract([]), 'files', 'Attach the document');
    expectFieldError(await extract([text, text]), 'files');
    expectFieldError(await extract([field('files', 'not a file')]), 'files', 'Must be a file, not a text field');
    expect(expectError(await extract([file(ocrImage('slide'), 's.png')]), 415).message).toContain('PNG image');
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]);
    expectError(await extract([file(zip, 'a.zip')]), 415);
    expectFieldError(await extract([file('', 'e.txt')]), 'files', 'The file is empty');
    expectFieldError(await extract([file(' \n\n ', 'e.txt')]), 'files', 'It has no text to read');
    expectFieldError(await extract([file(makeDocx([]), 'e.docx')]), 'files', 'It has no text to read');
    expectFieldError(await extract([text], '?isExtracted=yes'), 'isExtracted');
    expectFieldError(await extract([text], '?isExtracted=true'), 'gemId');
    const theirs = await newGem(stranger.token, 'theirs');
    expectError(await extract([text], `?isExtracted=true&gemId=${theirs}`), 404);
    expectError(await extract([text], '?isExtracted=true&gemId=99999999'), 404);
    expect((await t.api(`/api/gems/${theirs}`, { token: stranger.token })).body.data.text ?? null).toBeNull();
    expectError(await extract([text], '', null), 401);
  });
});

describe('POST /api/enhanced-text', () => {
  it("cleans a raw text with the named model, an image's text read by OCR with the default text model", async () => {
    const { token, modelId } = await chatUser(t, fake);
    let since = fake.requests.length;
    fake.script({ chunks: ['The harbour master keeps the tide tables.'] });
    const raw = 'The har-\nbour master keeps the tide ta-\nbles.\nPage 3';
    const res = await post('/api/enhanced-text', token, [field('text', raw), field('modelId', String(modelId))]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(dataOf(enhancedTextSchema).parse(res.body).data).toEqual({
      text: 'The harbour master keeps the tide tables.',
      source: 'text',
      modelName: expect.any(String),
    });
    expect(sent(since)).toEqual({ system: ENHANCE_INSTRUCTION, prompt: raw });

    const chosen = await t.api('/api/ai-settings', { method: 'PUT', token, body: { defaultModel: 'gpt-4o-mini' } });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    since = fake.requests.length;
    fake.script({ chunks: [], reply: () => 'Marmalade volcano expedition departs Tuesday from Harbour Gate' });
    const image = await post('/api/enhanced-text', token, [file(ocrImage('slide'), 'slide.png')]);
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    expect(image.body.data).toMatchObject({ source: 'image', modelName: res.body.data.modelName });
    // the model was given what OCR read from the image
    expect(sent(since).prompt.toLowerCase()).toContain('volcano');

    since = fake.requests.length;
    fake.script({ chunks: ['Seven wheels turn on the estuary.'] });
    const docx = await post('/api/enhanced-text', token, [
      file(makeDocx(['Seven wheels turn on the estuary.']), 'a.docx'),
    ]);
    expect(docx.body.data).toMatchObject({ source: 'document', text: 'Seven wheels turn on the estuary.' });
    expect(sent(since).prompt).toContain('Seven wheels turn on the estuary.');
  });

  it('refuses by field: nothing, both, too long, a bad model; no usable model is a 400, a provider failure a 502', async () => {
    const { token, modelId } = await chatUser(t, fake);
    const enhance = (parts: Part[], as: string | null = token) => post('/api/enhanced-text', as, parts);
    const model = field('modelId', String(modelId));
    expectFieldError(await enhance([model]), 'text');
    expectFieldError(await enhance([field('text', '   '), model]), 'text');
    expectFieldError(await enhance([field('text', 'x'), file('y', 'y.txt'), model]), 'text');
    expectFieldError(await enhance([field('text', 'x'), field('modelId', 'gpt')]), 'modelId');
    const long = await enhance([field('text', 'a'.repeat(MAX_ENHANCE_CHARS + 1)), model]);
    expect(expectError(long, 413).message).toContain('characters');
    expectError(await enhance([field('text', 'x'), field('modelId', '99999999')]), 404);
    expectError(await enhance([file(new Uint8Array([0, 1, 2, 3, 255]), 'b.bin'), model]), 415);

    const fresh = await t.signUp('enhnokey');
    const none = expectError(await enhance([field('text', 'x')], fresh.jwt), 400);
    expect((none.details as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual(['modelId']);

    fake.script({ chunks: [], status: 500, errorMessage: 'The fake provider is down.' });
    expect(expectError(await enhance([field('text', 'x'), model]), 502).message).toContain('down');
    expectError(await enhance([field('text', 'x'), model], null), 401);
  });
});
