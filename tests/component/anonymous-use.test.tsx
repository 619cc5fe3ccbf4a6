import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { AnonymousUseSettings } from '@/components/options/public-prompts/AnonymousUseSettings';
import { setupFakeProvider } from '../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from './chat/live-server';
import { FakeBackground } from './fake-background';

/**
 * The options page's "Public prompt page" section against the live server (house models answered by the fake
 * provider): anonymous use switched on and off, the models and limits saved, a refused limit shown on its field, the
 * user's public prompts linked to their pages.
 */

const fake = setupFakeProvider();
const live = setupLiveServer(houseAnsweredBy(fake));

async function renderSection(prefix: string) {
  const server = await live.signedIn(prefix);
  await server.call('prompts', 'POST', { data: { title: 'Tweet writer', text: 'About {{Topic}}', isPublic: true } });
  const { token } = await server.access();
  const background = new FakeBackground({ user: server.account, serverUrl: server.serverUrl, lentToken: token });
  return { ...server.render(<AnonymousUseSettings />, background), server };
}

const settingsOf = async (server: { call: (path: string) => Promise<unknown> }) =>
  ((await server.call('anonymous-use')) as { data: Record<string, unknown> }).data;

describe('the Public prompt page section', () => {
  it('passes axe, and links each public prompt to its page', async () => {
    const { container, server } = await renderSection('anonaxe');
    const link = await screen.findByRole('link', { name: 'Tweet writer' });
    expect(link.getAttribute('href')).toBe(`${server.serverUrl}/prompts/${server.account.username}/tweet-writer`);
    await screen.findByRole('checkbox', { name: /Trove Chat/ });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
  });

  it('switches anonymous use on and off, and saves the models and limits', async () => {
    const { user, server } = await renderSection('anonsave');
    const toggle = await screen.findByRole('switch', { name: 'Let visitors run my public prompts' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(await settingsOf(server)).toMatchObject({ isAnonymousEnabled: true });

    const form = screen.getByRole('form', { name: 'Anonymous use' });
    await user.click(await within(form).findByRole('checkbox', { name: /Trove Chat/ }));
    await user.clear(within(form).getByLabelText('Runs a day per visitor'));
    await user.type(within(form).getByLabelText('Runs a day per visitor'), '3');
    await user.clear(within(form).getByLabelText('Credits a month'));
    await user.type(within(form).getByLabelText('Credits a month'), '40');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved');
    const saved = await settingsOf(server);
    expect(saved).toMatchObject({ dailyLimit: 3, monthlyBudget: 40 });
    expect(saved.enabledModels).toHaveLength(1);
    expect(within(form).getByText(/Spent this month: 0 of 40 credits/).textContent).toBe(
      'Spent this month: 0 of 40 credits',
    );

    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(await settingsOf(server)).toMatchObject({ isAnonymousEnabled: false });
  });

  it('shows a refused limit on its field', async () => {
    const { user } = await renderSection('anonbad');
    const form = await screen.findByRole('form', { name: 'Anonymous use' });
    await user.clear(within(form).getByLabelText('Credits a month'));
    await user.type(within(form).getByLabelText('Credits a month'), '2000000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByText('At most 1000000')).id).toBe('anonymous-budget-error');
  });
});
