import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { AiSettings } from '@/components/options/AiSettings';
import { OptionsApp } from '@/components/options/OptionsApp';
import { FakeBackground, maskKey } from './fake-background';
import { fieldError, findToast, renderWithBackground } from './render';

const GROQ_KEY = 'gsk_test_abcdefghijkl9876';

/** A model's row in the list, found by its display name. */
const modelRow = (displayName: string) => {
  const name = [...document.querySelectorAll('.ai-model-name')].find((el) => el.textContent === displayName);
  const row = name?.closest('li');
  if (!row) throw new Error(`no row for ${displayName}`);
  return row;
};
const labelOf = (displayName: string) => modelRow(displayName).querySelector('[data-label]')?.textContent;
const badgesOf = (displayName: string) =>
  within(screen.getByRole('list', { name: `${displayName} capabilities` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const keyState = (slug: string) => screen.getByTestId(`ai-key-state-${slug}`).textContent;
const providerRow = (name: string) => {
  const row = document.querySelector<HTMLElement>(`.ai-provider[data-provider="${name}"]`);
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

function withOpenAiKey() {
  const fake = new FakeBackground();
  fake.state.ai.keys.OpenAI = 'sk-live-000000001234';
  const openai = fake.state.ai.settings.providers.find((p) => p.provider === 'OpenAI');
  if (openai) openai.apiKey = maskKey('sk-live-000000001234');
  return fake;
}

async function renderAi(fake = new FakeBackground()) {
  const rendered = renderWithBackground(<AiSettings />, fake);
  await screen.findByRole('heading', { name: 'Models', level: 3 });
  return rendered;
}

describe('AI settings', () => {
  test('appear in the options page under "AI settings" when signed in', async () => {
    renderWithBackground(<OptionsApp />);
    const heading = await screen.findByRole('heading', { name: 'AI settings', level: 2 });
    expect(heading.closest('section')?.id).toBe('ai-settings');
  });

  test('are absent when signed out', async () => {
    renderWithBackground(<OptionsApp />, new FakeBackground({ user: null }));
    await screen.findByRole('tab', { name: 'Sign in' });
    expect(screen.queryByRole('heading', { name: 'AI settings' })).toBeNull();
  });

  test('show a saved key only masked, each model with its label and capability badges', async () => {
    await renderAi(withOpenAiKey());
    expect(keyState('openai')).toBe('Key: ••••1234');
    expect(keyState('anthropic')).toBe('No key');
    expect(document.body.textContent).not.toContain('sk-live-000000001234');
    const keyField = screen.getByLabelText('OpenAI API key') as HTMLInputElement;
    expect(keyField.type).toBe('password');
    expect(keyField.autocomplete).toBe('off');
    expect(keyField.value).toBe('');

    expect(labelOf('GPT-4.1')).toBe('API');
    expect(labelOf('Claude Sonnet 4.5')).toBe('Inactive');
    expect(labelOf('Trove Chat')).toBe('Credits');
    const badges = within(screen.getByRole('list', { name: 'GPT-4.1 capabilities' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(badges).toEqual(['Vision', 'Web search', 'File attachments', '1M context']);
    expect(badgesOf('Claude Sonnet 4.5')).toContain('Reasoning');
    expect(badgesOf('GPT Image 1')).toContain('Image generation');
    // Base URLs only for the OpenAI-compatible providers and Ollama.
    expect(screen.queryByLabelText('OpenAI base URL')).toBeNull();
    expect((screen.getByLabelText('Groq base URL') as HTMLInputElement).type).toBe('url');
    expect((screen.getByLabelText('Ollama base URL') as HTMLInputElement).type).toBe('url');
  });

  test('saving a key sends it to the background, shows the mask and turns the models to API', async () => {
    const { user, fake } = await renderAi();
    expect(labelOf('Llama 3.3 70B (Groq)')).toBe('Inactive');

    await user.click(screen.getByRole('button', { name: 'Save Groq key' }));
    expect(fieldError('ai-key-groq')).toBe('This field is required.');
    expect(fake.client.setProviderKey).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Groq API key'), GROQ_KEY);
    await user.type(screen.getByLabelText('Groq base URL'), 'http://127.0.0.1:9999/v1');
    await user.click(screen.getByRole('button', { name: 'Save Groq key' }));

    await waitFor(() => expect(keyState('groq')).toMatch(/^Key: ••••9876/));
    await findToast('Groq key saved.');
    expect(within(providerRow('Groq')).queryByRole('status')).toBeNull();
    expect(fake.calls('setProviderKey')).toEqual([
      { provider: 'Groq', apiKey: GROQ_KEY, baseUrl: 'http://127.0.0.1:9999/v1' },
    ]);
    await waitFor(() => expect(labelOf('Llama 3.3 70B (Groq)')).toBe('API'));
    expect((screen.getByLabelText('Groq API key') as HTMLInputElement).value).toBe('');
    expect(document.body.textContent).not.toContain(GROQ_KEY);
    expect(labelOf('Claude Sonnet 4.5')).toBe('Inactive');
  });

  test('a refused key shows the server message on its field', async () => {
    const { user, fake } = await renderAi();
    fake.failNext('setProviderKey', {
      kind: 'invalid',
      status: 400,
      message: 'baseUrl: Enter a valid URL',
      fields: [{ path: 'baseUrl', message: 'Enter a valid URL' }],
    });
    await user.type(screen.getByLabelText('Groq API key'), GROQ_KEY);
    await user.click(screen.getByRole('button', { name: 'Save Groq key' }));
    await waitFor(() => expect(fieldError('ai-base-url-groq')).toBe('Enter a valid URL'));
    expect(keyState('groq')).toBe('No key');
  });

  test('removing a key shows "No key" and turns the models back to Inactive', async () => {
    const { user, fake } = await renderAi(withOpenAiKey());
    expect(screen.getByRole('button', { name: 'Remove Anthropic key' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Remove OpenAI key' }));
    await waitFor(() => expect(keyState('openai')).toBe('No key'));
    expect(fake.calls('removeProviderKey')).toEqual([{ provider: 'OpenAI' }]);
    await findToast('OpenAI key removed.');
    await waitFor(() => expect(labelOf('GPT-4.1')).toBe('Inactive'));
    expect(labelOf('GPT Image 1')).toBe('Inactive');
  });

  test('an Inactive model says why and offers no "Make default"; usable ones become the default', async () => {
    const { user, fake } = await renderAi(withOpenAiKey());
    expect(screen.getByTestId('default-text-model').textContent).toBe('None');

    const claude = modelRow('Claude Sonnet 4.5');
    expect(within(claude).queryByRole('button', { name: /Make default/ })).toBeNull();
    expect(claude.closest('details')?.querySelector('summary')?.textContent).toContain(
      'Please add your Anthropic API Key in settings to use this model',
    );
    within(modelRow('Trove Chat')).getByRole('button', { name: 'Make default: Trove Chat (text model)' });

    // Each button's name starts with what it shows (axe's label-content-name-mismatch), then names the model.
    for (const button of screen.getAllByRole('button', { name: /^Make default/ })) {
      expect(button.textContent).toBe('Make default');
      expect(button.getAttribute('aria-label')).toMatch(/^Make default: .+ \((text|image) model\)$/);
    }
    await user.click(screen.getByRole('button', { name: 'Make default: GPT-4.1 (text model)' }));
    await waitFor(() => expect(screen.getByTestId('default-text-model').textContent).toBe('GPT-4.1'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(modelRow('GPT-4.1').querySelector('.badge-default')?.textContent).toBe('Default text model');

    await user.click(screen.getByRole('button', { name: 'Make default: GPT Image 1 (image model)' }));
    await waitFor(() => expect(screen.getByTestId('default-image-model').textContent).toBe('GPT Image 1'));
    expect(fake.calls('selectModel')).toEqual([
      { modelId: 1, kind: 'text' },
      { modelId: 2, kind: 'image' },
    ]);
  });

  test('usable models come first; the Inactive rest is folded by provider, its reason said once (Ollama asks for its address)', async () => {
    await renderAi(withOpenAiKey());
    const rows = [...document.querySelectorAll<HTMLElement>('.ai-model')];
    const inactiveAt = rows.findIndex(
      (row) => labelOf(row.querySelector('.ai-model-name')?.textContent ?? '') === 'Inactive',
    );
    expect(inactiveAt).toBeGreaterThan(0);
    expect(rows.slice(inactiveAt).map((row) => row.querySelector('[data-label]')?.textContent)).toEqual(
      rows.slice(inactiveAt).map(() => 'Inactive'),
    );
    // Usable models are grouped by provider above the folded inactive ones.
    expect(screen.getByRole('heading', { name: 'OpenAI models', level: 4 }).closest('.ai-models-inactive')).toBeNull();

    const folded = [...document.querySelectorAll<HTMLDetailsElement>('.ai-models-inactive details')];
    expect(folded.map((d) => d.open)).toEqual(folded.map(() => false));
    const summaryOf = (provider: string) =>
      document.querySelector(`[data-provider-group="${provider}"] summary`)?.textContent;
    expect(summaryOf('Ollama')).toBe('Ollama 1 model · Add your Ollama address in settings to use this model');
    expect(summaryOf('Anthropic')).toMatch(/^Anthropic \d+ models? · Please add your Anthropic API Key in settings/);
    // Said once for the group, not again on each row.
    expect(document.querySelectorAll('.ai-model-reason')).toHaveLength(0);
  });

  test('a refused choice is shown on the row that asked, and nothing is selected', async () => {
    const { user, fake } = await renderAi(withOpenAiKey());
    fake.failNext('selectModel', {
      kind: 'invalid',
      status: 400,
      message: 'GPT-4.1 is turned off in your AI settings',
    });
    await user.click(screen.getByRole('button', { name: 'Make default: GPT-4.1 (text model)' }));
    const alert = await within(modelRow('GPT-4.1')).findByRole('alert');
    expect(alert.textContent).toBe('GPT-4.1 is turned off in your AI settings');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByTestId('default-text-model').textContent).toBe('None');
    expect(fake.state.ai.settings.defaultModel).toBeNull();
  });

  test('changing the default language saves it', async () => {
    const { user, fake } = await renderAi();
    const select = screen.getByLabelText('Default language') as HTMLSelectElement;
    expect(select.value).toBe('en');
    await user.selectOptions(select, 'French');
    await findToast('Default language: French.');
    expect(fake.calls('updateAiSettings')).toEqual([{ defaultLanguage: 'fr' }]);
    expect(select.value).toBe('fr');
    expect(fake.state.ai.settings.defaultLanguage).toBe('fr');
  });

  test('a failed load says why and can be retried', async () => {
    const fake = new FakeBackground();
    fake.failNext('listUserModels', { message: 'The server had a problem.' });
    const { user } = renderWithBackground(<AiSettings />, fake);
    expect((await screen.findByRole('alert')).textContent).toContain('The server had a problem.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Models', level: 3 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('says so when the server has no models', async () => {
    const fake = new FakeBackground();
    fake.state.ai.models = [];
    renderWithBackground(<AiSettings />, fake);
    await screen.findByText('No models are available on this server.');
  });
});
