import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { ChatApiProvider } from '@/components/chat/chat-api-context';
import { VoicesPanel } from '@/components/chat/voices/VoicesPanel';
import type { UserModel } from '@/lib/api/ai-contract';
import { createChatApi } from '@/lib/chat/chat-api';
import { renderWithBackground } from '../render';
import { setupLiveServer } from './live-server';

const live = setupLiveServer();

type Selected = { brandVoiceId: number | null; personaId: number | null };
const nothing: Selected = { brandVoiceId: null, personaId: null };

async function withVoices(prefix: string) {
  const user = await live.signedIn(prefix);
  const voice = async (name: string) =>
    (await user.call('brand-voices', 'POST', { data: { name, text: `${name} tone` } })).data as { id: number };
  const persona = async (name: string) =>
    (await user.call('personas', 'POST', { data: { name, jobTitle: 'Editor', text: `Act as ${name}` } })).data as {
      id: number;
    };
  return { ...user, voice, persona };
}

const names = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('button', { pressed: false })
    .concat(within(screen.getByRole('list', { name: list })).queryAllByRole('button', { pressed: true }))
    .map((b) => b.querySelector('.voices-name')?.textContent);

describe('Brand voices and agents panel', () => {
  it('lists voices and agents, the default first with a tick, and searches case-insensitively after a pause', async () => {
    const u = await withVoices('vlist');
    await u.voice('Casual');
    const formal = await u.voice('Formal');
    await u.persona('Copywriter');
    await u.call('ai-settings', 'PUT', { defaultBrandVoiceId: formal.id });
    const { user } = u.render(<VoicesPanel selected={nothing} onSelect={vi.fn()} />);

    await screen.findByRole('list', { name: 'brand voices' });
    await screen.findByRole('list', { name: 'agents' });
    expect(names('brand voices')).toEqual(['Formal✓ Default', 'Casual']);
    expect(names('agents')).toEqual(['Copywriter']);

    await user.type(screen.getByRole('searchbox', { name: 'Search brand voices and agents' }), 'CAS');
    await waitFor(() => expect(names('brand voices')).toEqual(['Casual']));
    await screen.findByRole('region', { name: 'No agents match' });

    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    expect(screen.queryByRole('list', { name: 'brand voices' })).toBeNull();
    screen.getByRole('region', { name: 'No agents match' });
  });

  it('marks the selected one; picking it again unpicks it', async () => {
    const u = await withVoices('vpick');
    const casual = await u.voice('Casual');
    const onSelect = vi.fn();
    const { user } = u.render(
      <VoicesPanel selected={{ brandVoiceId: casual.id, personaId: null }} onSelect={onSelect} />,
    );
    const picked = await screen.findByRole('button', { name: /^Casual/, pressed: true });
    await user.click(picked);
    expect(onSelect).toHaveBeenLastCalledWith('voice', null);
  });

  it('picks an agent by its id and name', async () => {
    const u = await withVoices('vpicka');
    const writer = await u.persona('Writer');
    const onSelect = vi.fn();
    const { user } = u.render(<VoicesPanel selected={nothing} onSelect={onSelect} />);
    await user.click(await screen.findByRole('button', { name: /^Writer/, pressed: false }));
    expect(onSelect).toHaveBeenLastCalledWith('persona', { id: writer.id, name: 'Writer' });
  });

  it('edits a voice in place and saves it on the server', async () => {
    const u = await withVoices('vedit');
    const casual = await u.voice('Casual');
    const { user } = u.render(<VoicesPanel selected={nothing} onSelect={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Options for Casual' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Casual' });
    const name = within(form).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Relaxed');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await screen.findByRole('button', { name: /^Relaxed/ });
    expect((await u.call(`brand-voices/${casual.id}`)).data).toMatchObject({ name: 'Relaxed', text: 'Casual tone' });
  });

  it('a refused edit stays in the form with the server’s reason', async () => {
    const u = await withVoices('vbad');
    await u.voice('Casual');
    const { user } = u.render(<VoicesPanel selected={nothing} onSelect={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Options for Casual' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Casual' });
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByRole('alert');
    screen.getByRole('form', { name: 'Edit Casual' });
  });

  it('deletes only after the confirm, and unpicks a deleted pick', async () => {
    const u = await withVoices('vdel');
    const casual = await u.voice('Casual');
    await u.voice('Formal');
    const onSelect = vi.fn();
    const { user } = u.render(
      <VoicesPanel selected={{ brandVoiceId: casual.id, personaId: null }} onSelect={onSelect} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Options for Casual' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Delete “Casual”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect((await u.call('brand-voices')).total).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Options for Casual' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Delete “Casual”?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Casual/ })).toBeNull());
    expect((await u.call('brand-voices')).total).toBe(1);
    expect(onSelect).toHaveBeenLastCalledWith('voice', null);
  });

  it('Make default moves the tick and saves the user’s default', async () => {
    const u = await withVoices('vdef');
    await u.voice('Casual');
    const formal = await u.voice('Formal');
    const background = u.aiSettingsBackground();
    const { user } = u.render(<VoicesPanel selected={nothing} onSelect={vi.fn()} />, background);
    await user.click(await screen.findByRole('button', { name: 'Options for Formal' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Make default' }));
    await waitFor(() => expect(names('brand voices')).toEqual(['Formal✓ Default', 'Casual']));
    // Saved as every AI setting is, through the background (the options page's way too).
    expect(background.calls('updateAiSettings')).toEqual([{ defaultBrandVoiceId: formal.id }]);
    expect((await u.call('ai-settings')).data).toMatchObject({
      defaultBrandVoiceId: formal.id,
      defaultBrandVoiceName: 'Formal',
    });
  });

  it('writes a brand voice from scratch with its tone and sample; a refused one says why and stays open', async () => {
    const u = await withVoices('vnew');
    const { user } = u.render(<VoicesPanel selected={nothing} onSelect={vi.fn()} />);
    await screen.findByRole('region', { name: 'No brand voices yet' });
    await user.click(screen.getByRole('button', { name: 'New brand voice' }));
    const form = screen.getByRole('form', { name: 'New brand voice' });
    await user.type(within(form).getByRole('textbox', { name: /^Tone of voice/ }), 'Plain words, short sentences.');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect((await within(form).findByRole('alert')).textContent).toContain('name');
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Plain');
    await user.type(within(form).getByRole('textbox', { name: 'Sample text' }), 'We fixed it. It works now.');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await screen.findByRole('button', { name: /^Plain/ });
    expect(screen.queryByRole('form', { name: 'New brand voice' })).toBeNull();
    expect((await u.call('brand-voices')).data).toMatchObject([
      { name: 'Plain', text: 'Plain words, short sentences.', sampleText: 'We fixed it. It works now.' },
    ]);
  });

  it('writes an agent with a default model; picking it hands that model on', async () => {
    const u = await withVoices('vagent');
    const background = u.aiSettingsBackground();
    const models = (await u.call('user-models')).data as UserModel[];
    vi.mocked(background.client.listUserModels).mockResolvedValue({ ok: true, data: models });
    const model = models.find((m) => m.type === 'Text' && m.label === 'Inactive');
    if (!model) throw new Error('the server offers no text model');
    const onSelect = vi.fn();
    const { user } = u.render(<VoicesPanel selected={nothing} onSelect={onSelect} />, background);
    await user.click(await screen.findByRole('button', { name: 'New agent' }));
    const form = screen.getByRole('form', { name: 'New agent' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Proofreader');
    await user.type(within(form).getByRole('textbox', { name: 'Job title' }), 'Copy editor');
    await user.type(within(form).getByRole('textbox', { name: /^Instructions/ }), 'Fix spelling only.');
    await within(form).findByRole('option', { name: `${model.displayName} (inactive)` });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Default model' }), String(model.id));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const [saved] = (await waitFor(async () => {
      const list = await u.call('personas');
      expect(list.total).toBe(1);
      return list.data;
    })) as { id: number }[];
    expect(saved).toMatchObject({ name: 'Proofreader', jobTitle: 'Copy editor', modelId: model.id });
    await user.click(await screen.findByRole('button', { name: /^Proofreader/ }));
    expect(onSelect).toHaveBeenLastCalledWith('persona', { id: saved?.id, name: 'Proofreader', modelId: model.id });
  });

  it('passes axe with the new voice and new agent forms open', async () => {
    const u = await withVoices('vaxe');
    await u.voice('Casual');
    const { user, container } = u.render(<VoicesPanel selected={nothing} onSelect={vi.fn()} />);
    await screen.findByRole('button', { name: /^Casual/ });
    for (const kind of ['New brand voice', 'New agent']) {
      await user.click(screen.getByRole('button', { name: kind }));
      screen.getByRole('form', { name: kind });
      const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
      await user.click(within(screen.getByRole('form', { name: kind })).getByRole('button', { name: 'Cancel' }));
    }
  });

  it('shows why the list could not be fetched, with a retry', async () => {
    const offline = createChatApi(async () => ({ serverUrl: 'http://127.0.0.1:9', token: 'x' }));
    renderWithBackground(
      <ChatApiProvider api={offline}>
        <VoicesPanel selected={nothing} onSelect={vi.fn()} />
      </ChatApiProvider>,
    );
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Retry' })).toHaveLength(2));
    expect(screen.getAllByRole('alert')[0]?.textContent).toContain("Can't reach the Trove server");
  });
});
