import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { EmbeddingSettings } from '@/components/options/embeddings/EmbeddingSettings';
import { setupFakeProvider } from '../fake-provider/setup';
import { setupLiveServer } from './chat/live-server';
import { FakeBackground } from './fake-background';

/**
 * The options page's "Search by meaning" section against the live server: with nothing to embed with it says so; with
 * an Ollama endpoint (the fake provider's /api/embed) the model is chosen, the library is embedded in the background
 * and the progress counts up to every gem; a refused choice says why. axe finds nothing critical or serious.
 */
const fake = setupFakeProvider();
const live = setupLiveServer();
type Server = Awaited<ReturnType<typeof live.signedIn>>;

async function renderSection(server: Server) {
  const { token } = await server.access();
  const background = new FakeBackground({ user: server.account, serverUrl: server.serverUrl, lentToken: token });
  const rendered = server.render(<EmbeddingSettings />, background);
  await screen.findByRole('heading', { name: 'Search by meaning' });
  return rendered;
}

async function expectNoSeriousAxe(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
}

describe('Search by meaning in the options', () => {
  it('says when no embedding model is available: no key, address or endpoint, and none of the server’s own', async () => {
    const server = await live.signedIn('embnone');
    const { container } = await renderSection(server);
    await screen.findByText('No embedding model chosen: search is by words.');
    const none = await screen.findByText(/^No embedding model is available/);
    expect(none.textContent).toContain('add an OpenAI or Mistral key, an Ollama address');
    expect(screen.queryByRole('form', { name: 'Choose the embedding model' })).toBeNull();
    await expectNoSeriousAxe(container);
  });

  it('chooses an endpoint’s model, then shows the library embedded in the background up to every gem', async () => {
    const server = await live.signedIn('embpick');
    await server.call('ai-endpoints', 'POST', { name: 'Home Ollama', kind: 'ollama', baseUrl: fake.url });
    for (const title of ['Car engines', 'Garden roses', 'Tide tables'])
      await server.call('gems', 'POST', { data: { title, url: `https://example.test/${title.length}`, text: title } });
    const { user, container } = await renderSection(server);
    const form = await screen.findByRole('form', { name: 'Choose the embedding model' });
    const from = within(form).getByRole('combobox', { name: 'Embedding model from' });
    expect([...(from as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Home Ollama']);
    const name = within(form).getByRole('textbox', { name: 'Model name' });

    // An empty name is refused by the server, which names the problem; nothing is chosen.
    await user.clear(name);
    await user.click(within(form).getByRole('button', { name: 'Use this model' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('Name the embedding model');

    await user.type(name, 'nomic-embed-text');
    await user.click(within(form).getByRole('button', { name: 'Use this model' }));
    await screen.findByText('nomic-embed-text');
    expect(screen.getByText(/^Embedding model:/).textContent).toBe(
      'Embedding model: nomic-embed-text (256 dimensions)',
    );
    await waitFor(() => expect(screen.getByText(/gems embedded$/).textContent).toBe('3 of 3 gems embedded'), {
      timeout: 60_000,
    });
    const progress = screen.getByRole('progressbar', { name: '3 of 3 gems embedded' });
    expect([progress.getAttribute('value'), progress.getAttribute('max')]).toEqual(['3', '3']);
    // Each gem's text is one passage; all embedded, the total is counted, not estimated.
    const passages = screen.getByRole('progressbar', { name: '3 of 3 passages embedded' });
    expect([passages.getAttribute('value'), passages.getAttribute('max')]).toEqual(['3', '3']);
    // the job says it is done at its next poll (every 2 s), which a busy machine may put off as long as the gems
    await waitFor(
      () => expect(screen.getByText(/passages embedded by the background job/).textContent).toMatch(/up to date\.$/),
      { timeout: 60_000 },
    );
    expect(fake.requests.some((r) => r.path === '/api/embed')).toBe(true);
    await expectNoSeriousAxe(container);

    await user.click(screen.getByRole('button', { name: 'Stop searching by meaning' }));
    await screen.findByText('No embedding model chosen: search is by words.');
    expect((await server.call('get-vectors-for-collections-gems')).data.model).toBeNull();
  }, 120_000);
});
