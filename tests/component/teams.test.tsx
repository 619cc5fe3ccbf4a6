import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ModelPicker } from '@/components/chat/models/ModelPicker';
import { AiSettings } from '@/components/options/AiSettings';
import { TeamsSection } from '@/components/options/teams/TeamsSection';
import type { UserModel } from '@/lib/api/ai-contract';
import { type FakeProvider, startFakeProvider } from '../fake-provider/server';
import { setupLiveServer } from './chat/live-server';
import { FakeBackground } from './fake-background';

/**
 * The options page's Teams section against the live server: create a team, invite a member (who accepts through the
 * sharing invitation), share a key (only its mask shown) and a custom endpoint (by name only; a fake provider is the
 * endpoint), allow a model, set an allowance, see the usage table; the member's side answers an invitation. axe finds
 * nothing critical or serious. Once its sharer removes the endpoint, a member's AI settings and model picker show its
 * model Inactive, saying why.
 */
let endpointServer: FakeProvider;
beforeAll(async () => {
  endpointServer = await startFakeProvider({ models: { openai: ['lab-model-7b'] } });
});
afterAll(() => endpointServer?.close());
const live = setupLiveServer();
type Server = Awaited<ReturnType<typeof live.signedIn>>;

async function renderTeams(server: Server) {
  const { token } = await server.access();
  const background = new FakeBackground({ user: server.account, serverUrl: server.serverUrl, lentToken: token });
  const rendered = server.render(<TeamsSection selfId={server.account.id} />, background);
  await rendered.user.click(screen.getByRole('button', { name: 'Show my teams' }));
  return rendered;
}

describe('the Teams section', () => {
  it('creates a team, invites, shares a key and an endpoint, allows models and sets an allowance; passes axe', async () => {
    const owner = await live.signedIn('towner');
    const member = await live.signedIn('tmember');
    await owner.call('ai-settings/keys/openai', 'PUT', { apiKey: 'sk-team-ui-key-4321' });
    await owner.call('ai-endpoints', 'POST', {
      name: 'Lab vLLM',
      kind: 'openai-compatible',
      baseUrl: `${endpointServer.url}/v1`,
      apiKey: 'sk-lab-endpoint-5555',
    });
    const { user, container } = await renderTeams(owner);
    await screen.findByText('You are in no team yet.');
    await user.type(screen.getByRole('textbox', { name: 'New team' }), 'Studio');
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    const card = await screen.findByRole('article', { name: /Studio/ });
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Studio owner');

    await user.type(within(card).getByRole('textbox', { name: 'Username or email' }), member.account.username);
    await user.click(within(card).getByRole('button', { name: 'Invite' }));
    const members = within(card).getByRole('list', { name: 'Members of Studio' });
    await within(members).findByText(/pending/);
    const invitations = (await member.call('teams')).data.invitations as { shareId: number }[];
    expect(invitations).toHaveLength(1);
    await member.call(`shares/${invitations[0]?.shareId}/accept`, 'POST');

    await user.click(within(card).getByRole('button', { name: 'Share key' }));
    const keys = within(card).getByRole('list', { name: 'Keys shared with Studio' });
    await within(keys).findByText(`OpenAI ••••4321 · shared by ${owner.account.username}`);
    expect(container.textContent).not.toContain('sk-team-ui-key');
    const gpt = await within(keys).findByRole('checkbox', { name: 'GPT-4o mini' });
    await user.click(gpt);
    await waitFor(() =>
      expect(within(keys).getByRole('checkbox', { name: 'GPT-4o mini' })).toHaveProperty('checked', true),
    );

    const allowance = within(card).getByRole('spinbutton', { name: 'Monthly allowance per member (US$)' });
    await user.clear(allowance);
    await user.type(allowance, '5');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    const table = await within(card).findByRole('table', { name: 'Usage per member in Studio' });
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: new RegExp(member.account.username) }).textContent).toContain(
        '$5.00',
      ),
    );
    // the member now sees GPT-4o mini through the team's key
    const models = (await member.call('user-models')).data as { model: string; label: string }[];
    expect(models.find((m) => m.model === 'gpt-4o-mini')?.label).toBe('Team');

    // a custom endpoint of the owner's, shared by name: its address never shown, its model allowed like a key's
    const share = within(card).getByRole('form', { name: 'Share a key with Studio' });
    const pick = within(share).getByRole('combobox', { name: 'Share my key of' });
    await within(pick).findByRole('option', { name: 'Lab vLLM' });
    await user.selectOptions(pick, 'Lab vLLM');
    await user.click(within(share).getByRole('button', { name: 'Share key' }));
    await within(keys).findByText(`Lab vLLM (custom endpoint) · shared by ${owner.account.username}`);
    await user.click(await within(keys).findByRole('checkbox', { name: 'lab-model-7b' }));
    await waitFor(() =>
      expect(within(keys).getByRole('checkbox', { name: 'lab-model-7b' })).toHaveProperty('checked', true),
    );
    const withLab = (await member.call('user-models')).data as { model: string; provider: string; label: string }[];
    expect(withLab.find((m) => m.model === 'lab-model-7b')).toMatchObject({ provider: 'Lab vLLM', label: 'Team' });
    expect(container.textContent).not.toContain(new URL(endpointServer.url).host);
    expect(container.textContent).not.toContain('sk-lab-endpoint');

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
  });

  it('shows the models of an endpoint its sharer removed to a member Inactive, saying why, and never offers them', async () => {
    const owner = await live.signedIn('tremove');
    const member = await live.signedIn('tkeeps');
    const endpoint = (
      await owner.call('ai-endpoints', 'POST', {
        name: 'Lab vLLM',
        kind: 'openai-compatible',
        baseUrl: `${endpointServer.url}/v1`,
      })
    ).data as { id: number; models: { id: number }[] };
    const team = (await owner.call('teams', 'POST', { data: { name: 'Lab' } })).data as { id: number };
    const invited = (
      await owner.call(`teams/${team.id}/members`, 'POST', { data: { username: member.account.username } })
    ).data as { id: number };
    await member.call(`shares/${invited.id}/accept`, 'POST');
    const modelIds = endpoint.models.map((m) => m.id);
    await owner.call('share-key-with-team', 'POST', { data: { teamId: team.id, endpointId: endpoint.id, modelIds } });
    await owner.call('update-team-shared-settings', 'POST', { data: { teamId: team.id, monthlyAllowanceUsd: 1 } });
    const labModel = async () =>
      ((await member.call('user-models')).data as UserModel[]).find((m) => m.model === 'lab-model-7b');
    expect((await labModel())?.label).toBe('Team');
    await owner.call(`ai-endpoints/${endpoint.id}`, 'DELETE');

    const reason = 'lab-model-7b is no longer available: the endpoint Lab vLLM shared with the team Lab was removed';
    const models = (await member.call('user-models')).data as UserModel[];
    expect(models.find((m) => m.model === 'lab-model-7b')).toMatchObject({ label: 'Inactive', inactiveReason: reason });
    const background = member.aiSettingsBackground();
    vi.mocked(background.client.listUserModels).mockImplementation(async () => ({ ok: true, data: models }));
    const onSelect = vi.fn();
    const { user } = member.render(
      <>
        <AiSettings />
        <ModelPicker
          models={models}
          selectedIds={[]}
          multi={false}
          toolFilter="chat"
          currentProvider={null}
          onSelect={onSelect}
          onToggle={() => {}}
        />
      </>,
      background,
    );
    // AI settings: in the folded Inactive part, under its provider, with the reason and no "Make default"
    await screen.findByRole('heading', { name: 'Models', level: 3 });
    const group = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ai-models-inactive [data-provider-group="Lab vLLM"]');
      if (!found) throw new Error('no Inactive group for Lab vLLM');
      return found;
    });
    expect(group.querySelector('summary')?.textContent).toContain(reason);
    const row = [...group.querySelectorAll('.ai-model-name')].find((el) => el.textContent === 'lab-model-7b');
    expect(row?.closest('li')?.querySelector('[data-label]')?.textContent).toBe('Inactive');
    expect(screen.queryByRole('button', { name: /^Make default: lab-model-7b/ })).toBeNull();
    // the picker: listed in its provider's group as Inactive with the reason; picking it is refused with that reason
    const option = screen.getByRole('option', { name: /^lab-model-7b Inactive/ });
    expect(option.closest('[role="group"]')?.textContent).toContain('Lab vLLM');
    await user.click(option);
    expect(screen.getByRole('alert').textContent).toBe(reason);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('shows an invitation to accept, then the team as a member (no admin controls), and leaves it', async () => {
    const owner = await live.signedIn('tlead');
    const member = await live.signedIn('tjoin');
    const team = (await owner.call('teams', 'POST', { data: { name: 'Choir' } })).data as { id: number };
    await owner.call(`teams/${team.id}/members`, 'POST', { data: { username: member.account.username } });
    const { user } = await renderTeams(member);
    const invitations = await screen.findByRole('list', { name: 'Team invitations' });
    expect(invitations.textContent).toContain(`${owner.account.username} invited you to Choir as member`);
    await user.click(within(invitations).getByRole('button', { name: 'Accept' }));
    const card = await screen.findByRole('article', { name: /Choir/ });
    expect(within(card).queryByRole('form', { name: 'Settings of Choir' })).toBeNull();
    expect(within(card).queryByRole('table')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Leave Choir' }));
    await screen.findByText('You are in no team yet.');
  });

  it('hands the team to a member after a confirmation step; the old owner stays as an admin', async () => {
    const owner = await live.signedIn('tgive');
    const heir = await live.signedIn('their');
    const team = (await owner.call('teams', 'POST', { data: { name: 'Relay' } })).data as { id: number };
    const invited = (
      await owner.call(`teams/${team.id}/members`, 'POST', { data: { username: heir.account.username } })
    ).data as { id: number };
    await heir.call(`shares/${invited.id}/accept`, 'POST');
    const { user } = await renderTeams(owner);
    const card = await screen.findByRole('article', { name: /Relay/ });
    const newOwner = await within(card).findByRole('combobox', { name: 'New owner' });
    expect((newOwner as HTMLSelectElement).value).toBe(String(heir.account.id));
    await user.click(within(card).getByRole('button', { name: 'Hand over…' }));
    const confirm = within(card).getByRole('group', { name: `Hand Relay to ${heir.account.username}` });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(card).queryByRole('group', { name: /Hand Relay/ })).toBeNull();
    expect((await heir.call('teams')).data.teams[0].role).toBe('member');
    await user.click(within(card).getByRole('button', { name: 'Hand over…' }));
    await user.click(within(card).getByRole('button', { name: `Make ${heir.account.username} the owner` }));
    await waitFor(() => expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Relay admin'));
    expect(within(card).getByText(`2 members · owner ${heir.account.username}`).tagName).toBe('P');
    expect(within(card).queryByRole('button', { name: 'Hand over…' })).toBeNull();
    expect((await heir.call('teams')).data.teams[0].role).toBe('owner');
  });
});
