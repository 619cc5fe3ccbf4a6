import { File as NodeFile } from 'node:buffer';
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentText } from '@/components/library/documents/DocumentText';
import { LibraryApiProvider } from '@/components/library/library-api-context';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupFakeProvider } from '../../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from '../chat/live-server';

/**
 * The gem sheet's text tools against the live server, its house model (the default text model of a user without one)
 * answered by the fake provider: a document's text kept as the gem's, a text cleaned up then kept, and a file that is
 * not a document refused in words.
 */

const fake = setupFakeProvider();
const live = setupLiveServer(houseAnsweredBy(fake));

/**
 * A file as a browser's fetch sends it. jsdom's FormData and File are not Node's, whose fetch reaches the live server
 * (it stringifies a foreign File, or never finishes reading its bytes): the page's FormData is Node's own for this file,
 * and its files Node's.
 */
beforeAll(async () => {
  vi.stubGlobal('FormData', (await new Response(new URLSearchParams('a=1')).formData()).constructor);
});
afterAll(() => vi.unstubAllGlobals());
const fileOf = (content: string, name: string, type = '') => new NodeFile([content], name, { type }) as unknown as File;

async function renderTools(prefix: string, text: string | null) {
  const person = await live.signedIn(prefix);
  const created = await person.call('gems', 'POST', {
    data: { title: 'Harbour notes', url: 'https://example.test/harbour', ...(text ? { text } : {}) },
  });
  // the sheet has the whole gem, as GET /api/gems/{id} answers it (a save answers it without its text)
  const { id } = created.data as { id: number };
  const gem = (await person.call(`gems/${id}`)).data as { id: number; text: string | null };
  const rendered = person.render(
    <LibraryApiProvider api={createLibraryApi(person.access)}>
      <DocumentText gem={gem} />
    </LibraryApiProvider>,
  );
  const savedText = async () => ((await person.call(`gems/${gem.id}`)).data as { text: string | null }).text;
  return { ...rendered, savedText };
}

describe("the gem sheet's text tools", () => {
  it("keep a document's text as the gem's; a file that is not a document is refused, saying why", async () => {
    const { user, savedText } = await renderTools('doctext', null);
    expect(screen.getByRole('button', { name: 'Clean up text' })).toHaveProperty('disabled', true);
    const html = '<!doctype html><html><body><p>Quillwort grows by the sluice gate.</p></body></html>';
    const input = screen.getByLabelText('Extract text from a file');
    await user.upload(input, fileOf(html, 'notes.html', 'text/html'));
    // the server loads its HTML reader on the first document it reads
    await screen.findByText("Kept 35 characters from the document as the gem's text.", {}, { timeout: 20_000 });
    expect(await savedText()).toBe('Quillwort grows by the sluice gate.');

    await user.upload(input, fileOf('\u0000\u0001binary', 'notes.txt'));
    const alert = await screen.findByRole('alert', {}, { timeout: 20_000 });
    expect(alert.textContent).toContain('The document was not read');
    expect(alert.textContent).toContain('neither a known file type nor UTF-8 text');
  });

  it('clean up the text with the default model, shown until kept', async () => {
    const raw = 'The har-\nbour master keeps the tide ta-\nbles.';
    const { user, savedText } = await renderTools('cleanup', raw);
    fake.script({ chunks: ['The harbour master keeps the tide tables.'] });
    await user.click(screen.getByRole('button', { name: 'Clean up text' }));
    const cleaned = await screen.findByRole('region', { name: 'Cleaned text' });
    within(cleaned).getByText('The harbour master keeps the tide tables.');
    expect(await savedText()).toBe(raw);
    await user.click(within(cleaned).getByRole('button', { name: 'Keep it' }));
    await screen.findByText("The cleaned text is now the gem's text.");
    expect(screen.queryByRole('region', { name: 'Cleaned text' })).toBeNull();
    expect(await savedText()).toBe('The harbour master keeps the tide tables.');
  });
});
