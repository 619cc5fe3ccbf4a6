import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { OptionsApp } from '@/components/options/OptionsApp';
import { FakeBackground } from './fake-background';
import { makeCollection } from './fixtures';
import { renderWithBackground } from './render';

/** The options page and the server: the address checked as it is typed, first-run steps, one connection error. */

const status = () => document.querySelector('.server-check');

describe('OptionsApp: the server address', () => {
  test('is checked as it is typed: a Trove server, nothing answering, something else', async () => {
    const fake = new FakeBackground({ user: null });
    fake.state.servers['https://example.org'] = 'other';
    const { user } = renderWithBackground(<OptionsApp />, fake);
    const input = await screen.findByLabelText('Trove server URL');
    await user.clear(input);
    await user.type(input, '127.0.0.1:8787');
    // Typed without a scheme: taken as http://.
    await waitFor(() => expect(status()?.textContent).toBe('A Trove server answers at this address.'));

    await user.clear(input);
    await user.type(input, 'http://127.0.0.1:9999');
    await waitFor(() =>
      expect(status()?.textContent).toMatch(/^Can't reach the Trove server at http:\/\/127\.0\.0\.1:9999\./),
    );

    await user.clear(input);
    await user.type(input, 'https://example.org');
    await waitFor(() =>
      expect(status()?.textContent).toMatch(/^https:\/\/example\.org answers, but it is not a Trove server/),
    );
    // Typing is checked once it settles, not at every key.
    expect(
      fake
        .calls('checkServer')
        .every((url) =>
          ['http://127.0.0.1:8787', '127.0.0.1:8787', 'http://127.0.0.1:9999', 'https://example.org'].includes(url),
        ),
    ).toBe(true);
    // Checking saves nothing.
    expect(fake.calls('setServerUrl')).toEqual([]);
  });

  test('before the user acts, the saved address is not judged: no red error, even with nothing answering there', async () => {
    const fake = new FakeBackground({ user: null, serverReachable: false });
    renderWithBackground(<OptionsApp />, fake);
    const steps = await screen.findByRole('region', { name: 'Get started in three steps' });
    await waitFor(() => expect(fake.calls('checkServer')).toEqual(['http://127.0.0.1:8787']));
    expect(within(steps).getAllByRole('listitem')[0]?.textContent).toMatch(/^Server: enter the address/);
    // the check's line is there, empty, so that the Save button does not move when it speaks
    expect([status()?.getAttribute('data-state'), status()?.textContent]).toEqual(['idle', '']);
    expect(screen.queryByText(/Can't reach the Trove server/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('first run shows three steps, the server one ticked when it answers; they go once signed in', async () => {
    const fake = new FakeBackground({ user: null });
    const { user } = renderWithBackground(<OptionsApp />, fake);
    const steps = await screen.findByRole('region', { name: 'Get started in three steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    await waitFor(() => expect(items[0]?.getAttribute('data-done')).toBe('true'));
    expect(items[0]?.textContent).toContain('a Trove server answers at http://127.0.0.1:8787');
    expect(items[2]?.textContent).toContain('pin beside Trove');
    // Nothing about saves waiting before there is an account.
    expect(screen.queryByRole('heading', { name: 'Saves waiting' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Sign in' }));
    await user.type(screen.getByLabelText('Email or username'), 'ada');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Saves waiting' });
    expect(screen.queryByRole('region', { name: 'Get started in three steps' })).toBeNull();
  });

  test('signed in with the server down, the page says so once and sections stay quiet', async () => {
    const fake = new FakeBackground({ serverReachable: false });
    for (const name of ['listGems', 'getAiSettings', 'listUserModels'] as const) {
      fake.failNext(name, {
        kind: 'offline',
        status: 0,
        message: "Can't reach the Trove server at http://127.0.0.1:8787.",
      });
    }
    renderWithBackground(<OptionsApp />, fake);
    await screen.findByRole('heading', { name: 'Saves waiting' });
    await waitFor(() => expect(screen.getAllByText(/Can't reach the Trove server/)).toHaveLength(1));
    // Give the sections time to fail too; still one message.
    await waitFor(() => expect(fake.calls('listGems').length).toBeGreaterThan(0));
    expect(screen.getAllByText(/Can't reach the Trove server/)).toHaveLength(1);
  });

  test('choosing where quick saves go is confirmed', async () => {
    const fake = new FakeBackground();
    fake.state.collections.push(makeCollection(9, 'Reading list'));
    const { user } = renderWithBackground(<OptionsApp />, fake);
    const select = await screen.findByLabelText(/saves go to/);
    await user.selectOptions(select, 'Reading list');
    expect((await screen.findByRole('status')).textContent).toBe('Quick saves now go to Reading list.');
    expect(fake.state.preferences.quickSaveCollectionId).toBe(9);
  });
});
