import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AiSettings } from '@/components/options/AiSettings';
import { messages } from '@/lib/api/validators';
import { FakeBackground } from './fake-background';
import type { FakeEndpointServer } from './fixtures';
import { findToast, renderWithBackground } from './render';

const OLLAMA_URL = 'http://127.0.0.1:11434';
const OLLAMA: FakeEndpointServer = {
  models: [
    {
      model: 'llama3.2-vision:11b',
      displayName: 'llama3.2-vision:11b',
      contextLength: 131_072,
      vision: true,
      tools: true,
      thinking: false,
    },
    { model: 'old:latest', displayName: 'old:latest', contextLength: null, vision: null, tools: null, thinking: null },
  ],
};
const KEY = 'sk-local-secret-key-4321';

async function renderEndpoints(servers: Record<string, FakeEndpointServer> = { [OLLAMA_URL]: OLLAMA }) {
  const fake = new FakeBackground();
  fake.state.ai.endpointServers = servers;
  const rendered = renderWithBackground(<AiSettings />, fake);
  await screen.findByRole('heading', { name: 'Custom endpoints' });
  const form = screen.getByRole('form', { name: 'Add an endpoint' });
  return { ...rendered, form };
}

/** The endpoint's card, by its name. */
const card = (name: string) => {
  const found = document.querySelector<HTMLElement>(`.ai-endpoint[data-endpoint="${name}"]`);
  if (!found) throw new Error(`no card for ${name}`);
  return found;
};

describe('Custom endpoints', () => {
  test('name and base URL are checked before anything is sent', async () => {
    const { user, form, fake } = await renderEndpoints();
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(
      within(form)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([messages.required, messages.required]);
    await user.type(within(form).getByLabelText('Base URL'), 'localhost:11434');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect(within(form).getByRole('alert').textContent).toBe(messages.urlInvalid());
    expect(fake.calls('addCustomEndpoint')).toEqual([]);
    expect(fake.calls('testCustomEndpoint')).toEqual([]);
  });

  test('Test connection says plainly what failed, or how many models it found', async () => {
    const { user, form } = await renderEndpoints({
      [OLLAMA_URL]: OLLAMA,
      'http://10.0.0.5:8000/v1': {
        models: [],
        problem: { problem: 'key-refused', message: 'The endpoint needs an API key (it answered HTTP 401).' },
      },
    });
    const baseUrl = within(form).getByLabelText('Base URL');
    await user.type(baseUrl, 'http://127.0.0.1:9999/v1');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Could not reach http://127.0.0.1:9999: nothing is listening there (connection refused).',
    );

    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://10.0.0.5:8000/v1');
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The endpoint needs an API key (it answered HTTP 401).',
    );

    await user.selectOptions(within(form).getByLabelText('Kind'), 'Ollama');
    await user.clear(baseUrl);
    await user.type(baseUrl, OLLAMA_URL);
    await user.click(within(form).getByRole('button', { name: 'Test connection' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Connected: 2 models found.');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  test('adding lists the discovered models with context length and capabilities, unknown shown as unknown; the key only masked', async () => {
    const { user, form, fake } = await renderEndpoints();
    await user.type(within(form).getByLabelText('Name'), 'Home Ollama');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Ollama');
    await user.type(within(form).getByLabelText('Base URL'), OLLAMA_URL);
    await user.type(within(form).getByLabelText('API key (optional)'), KEY);
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    expect((await within(form).findByRole('status')).textContent).toBe('Added Home Ollama: 2 models found.');
    expect(fake.calls('addCustomEndpoint')).toEqual([
      { name: 'Home Ollama', kind: 'ollama', baseUrl: OLLAMA_URL, apiKey: KEY },
    ]);
    // The form is emptied, the key never shown again.
    expect((within(form).getByLabelText('API key (optional)') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain(KEY);
    const added = card('Home Ollama');
    within(added).getByText(`Ollama · ${OLLAMA_URL} · Key: ••••4321`);

    const table = within(added).getByRole('table', { name: 'Home Ollama models' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Model', 'Context', 'Vision', 'Tools', 'Thinking'],
      ['llama3.2-vision:11b', '131K Set', 'Yes', 'Yes', 'No'],
      ['old:latest', 'Unknown Set', 'Unknown', 'Unknown', 'Unknown'],
    ]);
    // And they join the model list under the endpoint's name, with the API label.
    const group = await screen.findByRole('heading', { name: 'Home Ollama models', level: 4 });
    const section = group.closest('section') as HTMLElement;
    await waitFor(() => expect(within(section).getAllByText('API')).toHaveLength(2));
    expect(within(section).getByRole('list', { name: 'old:latest capabilities' }).textContent).toContain(
      'Context unknown',
    );
  });

  test('a model whose context length is unknown can be given one; the model list then counts with it', async () => {
    const { user, form, fake } = await renderEndpoints();
    await user.type(within(form).getByLabelText('Name'), 'Home Ollama');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Ollama');
    await user.type(within(form).getByLabelText('Base URL'), OLLAMA_URL);
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const table = await within(form.ownerDocument.body).findByRole('table', { name: 'Home Ollama models' });

    await user.click(within(table).getByRole('button', { name: 'Set context length: old:latest' }));
    const input = within(table).getByLabelText('Context length of old:latest (tokens)');
    await user.type(input, 'lots{Enter}');
    expect(within(table).getByRole('alert').textContent).toBe('Enter a number of tokens');
    await user.clear(input);
    await user.type(input, '100{Enter}');
    expect(within(table).getByRole('alert').textContent).toBe('At least 256 tokens');
    expect(fake.calls('setModelContextLength')).toEqual([]);

    await user.clear(input);
    await user.type(input, '32,768{Enter}');
    const row = (await within(table).findByText('33K (set by you)')).closest('tr') as HTMLElement;
    expect(row.querySelector('th')?.textContent).toBe('old:latest');
    const [endpoint] = fake.state.ai.endpoints;
    expect(fake.calls('setModelContextLength')).toEqual([
      {
        endpointId: endpoint?.id,
        modelId: endpoint?.models.find((m) => m.model === 'old:latest')?.id,
        contextLength: 32_768,
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'old:latest capabilities' }).textContent).toContain('33K context'),
    );

    await user.click(within(row).getByRole('button', { name: 'Clear context length: old:latest' }));
    await waitFor(() => expect(row.querySelectorAll('td')[0]?.textContent).toBe('Unknown Set'));
  });

  test('an endpoint that cannot be reached yet is added and says why it has no models', async () => {
    const { user, form } = await renderEndpoints({});
    await user.type(within(form).getByLabelText('Name'), 'Later');
    await user.type(within(form).getByLabelText('Base URL'), 'http://127.0.0.1:1234/v1');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    const reason = 'Could not reach http://127.0.0.1:1234: nothing is listening there (connection refused).';
    expect((await within(form).findByRole('status')).textContent).toBe(`Added Later, but no models yet: ${reason}`);
    expect(within(card('Later')).getByRole('alert').textContent).toBe(reason);
    within(card('Later')).getByText('No models found yet.');
  });

  test('a name the server refuses is shown on the name field', async () => {
    const { user, form, fake } = await renderEndpoints();
    fake.state.ai.endpoints.push({
      id: 900,
      name: 'Home',
      kind: 'ollama',
      baseUrl: OLLAMA_URL,
      apiKey: null,
      refreshedAt: null,
      refreshError: null,
      models: [],
    });
    await user.type(within(form).getByLabelText('Name'), 'home');
    await user.type(within(form).getByLabelText('Base URL'), OLLAMA_URL);
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('You already have an endpoint named "home"');
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  test('Refresh picks up models pulled since; Remove asks first and takes the models away', async () => {
    const { user, form, fake } = await renderEndpoints();
    await user.type(within(form).getByLabelText('Name'), 'Home Ollama');
    await user.selectOptions(within(form).getByLabelText('Kind'), 'Ollama');
    await user.type(within(form).getByLabelText('Base URL'), OLLAMA_URL);
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await within(form).findByRole('status');

    fake.state.ai.endpointServers[OLLAMA_URL] = {
      models: [
        ...OLLAMA.models,
        {
          model: 'qwen3:8b',
          displayName: 'qwen3:8b',
          contextLength: 40_960,
          vision: false,
          tools: true,
          thinking: true,
        },
      ],
    };
    await user.click(within(card('Home Ollama')).getByRole('button', { name: 'Refresh Home Ollama models' }));
    await findToast('Home Ollama refreshed: 3 models.');
    expect(within(card('Home Ollama')).queryByRole('status')).toBeNull();
    within(card('Home Ollama')).getByRole('rowheader', { name: 'qwen3:8b' });
    await screen.findByRole('heading', { name: 'Home Ollama models', level: 4 });

    await user.click(within(card('Home Ollama')).getByRole('button', { name: 'Remove Home Ollama' }));
    const confirm = within(card('Home Ollama')).getByRole('group', { name: 'Remove Home Ollama?' });
    expect(confirm.textContent).toContain('Its 3 models leave the model list.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(fake.calls('removeCustomEndpoint')).toEqual([]);

    await user.click(within(card('Home Ollama')).getByRole('button', { name: 'Remove Home Ollama' }));
    await user.click(within(card('Home Ollama')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(document.querySelector('.ai-endpoint')).toBeNull());
    expect(fake.calls('removeCustomEndpoint')).toEqual([{ id: expect.any(Number) }]);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Home Ollama models', level: 4 })).toBeNull());
  });
});
