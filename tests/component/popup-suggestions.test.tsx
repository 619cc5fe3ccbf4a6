import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { SuggestionSettings } from '@/components/options/suggestions/SuggestionSettings';
import type { Collection, Tag } from '@/lib/api/contract';
import type { SuggestionSettings as Settings } from '@/lib/api/suggestions-contract';
import { setupFakeProvider } from '../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from './chat/live-server';
import { FakeBackground } from './fake-background';
import { makePage, sampleExtract } from './fixtures';
import { findSaveForm, renderPopup } from './render';

/**
 * The popup's suggested tags and collection against the live server, its house model answered by the fake provider:
 * asked only after the form is filled in and only when the setting is active; accepted chips go into the form and are
 * saved as added by the AI; a save before the answer stops the request (the provider sees the client go).
 */

const fake = setupFakeProvider();
const live = setupLiveServer(houseAnsweredBy(fake));

const page = makePage({
  url: 'https://sailing.example.org/spring-tides',
  title: 'Spring tides and the harbour entrance',
  extract: {
    ...sampleExtract,
    title: 'Spring tides and the harbour entrance',
    description: 'When the tide tables say to wait before a passage',
    text: 'Spring tides run hard through the harbour mouth.',
  },
});

async function popupFor(prefix: string, settings: { enabled?: boolean } = {}) {
  const server = await live.signedIn(prefix);
  await server.call('collections', 'POST', { data: { name: 'Sailing' } });
  await server.call('tags', 'POST', { data: { tag: 'harbours' } });
  await server.call('suggestions/settings', 'PUT', { modelId: await server.usableModelId(), ...settings });
  // The popup reads the setting through the background, which relays the server's answer.
  const suggestionSettings = ((await server.call('suggestions/settings')) as { data: Settings }).data;
  const { token } = await server.access();
  const collections = ((await server.call('get-user-collections')) as { data: Collection[] }).data;
  const tags = ((await server.call('tags')) as { data: Tag[] }).data;
  const background = new FakeBackground({
    user: server.account,
    serverUrl: server.serverUrl,
    lentToken: token,
    collections,
    tags,
    activePage: page,
    suggestionSettings,
  });
  const sailing = collections.find((c) => c.name === 'Sailing');
  return { ...renderPopup(background), background, server, sailingId: sailing?.id };
}

const chosenTags = () => within(screen.getByRole('list', { name: 'Tags' })).queryAllByRole('listitem');

describe('the popup suggests tags and a collection', () => {
  it('after the form is up: accepted chips are saved as the AI’s, dismissed ones go', async () => {
    const since = fake.requests.length;
    fake.script({ chunks: ['{"tags": ["harbours", "tides", "boats"], "collection": "Sailing"}'] });
    const { user, background, sailingId } = await popupFor('sugpop');
    await findSaveForm();
    const suggested = await screen.findByRole('group', { name: 'Suggested tags' });
    await within(suggested).findByRole('button', { name: 'Add suggested tag harbours' });
    // The model got the page, and the user's own tag on its shortlist.
    const prompt = JSON.stringify(fake.requests[since]?.body);
    expect(prompt).toContain('Spring tides and the harbour entrance');
    expect(prompt).toContain('- harbours');

    expect(within(suggested).getByRole('button', { name: 'Add suggested tag tides (new)' }).textContent).toBe(
      'tidesnew',
    );
    expect(chosenTags()).toHaveLength(0);
    await user.click(within(suggested).getByRole('button', { name: 'Add suggested tag harbours' }));
    within(suggested).getByRole('button', { name: 'Add suggested tag tides (new)' }).focus();
    await user.keyboard('{Enter}');
    await user.click(within(suggested).getByRole('button', { name: 'Dismiss suggested tag boats' }));
    expect(chosenTags().map((li) => li.firstChild?.textContent)).toEqual(['harbours', 'tides']);
    expect(screen.queryByRole('group', { name: 'Suggested tags' })).toBeNull();

    const collection = screen.getByRole('group', { name: 'Suggested collection' });
    await user.click(within(collection).getByRole('button', { name: 'Add suggested collection Sailing' }));
    expect(screen.queryByRole('group', { name: 'Suggested collection' })).toBeNull();

    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'mine{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    await screen.findByText(/^Saved in/);
    const [call] = background.calls('saveGem');
    expect(call?.payload.gem).toMatchObject({
      collectionId: sailingId,
      tags: ['harbours', 'tides', 'mine'],
      aiTags: ['harbours', 'tides'],
    });
  });

  it('says so in the same place when the model suggests nothing, or does not answer', async () => {
    fake.script({ chunks: ['{"tags": [], "collection": null}'] });
    const first = await popupFor('sugnone');
    await findSaveForm();
    expect((await screen.findByText('Nothing to suggest for this page.')).className).toBe('hint');
    first.unmount();

    fake.script({ chunks: [], status: 400, errorMessage: 'The model refused the request.' });
    const second = await popupFor('sugfail');
    await findSaveForm();
    expect((await screen.findByText('No suggestions this time: the model did not answer.')).className).toBe('hint');
    expect(screen.queryByRole('group', { name: 'Suggested tags' })).toBeNull();
    second.unmount();
  });

  it('asks nothing when switched off', async () => {
    const since = fake.requests.length;
    const { background } = await popupFor('sugoff', { enabled: false });
    await findSaveForm();
    // The setting has been read (the popup asked the background) and said no: no chips, no model call.
    await waitFor(() => expect(background.calls('getSuggestionSettings').length).toBeGreaterThan(0));
    expect(screen.queryByRole('group', { name: 'Suggested tags' })).toBeNull();
    expect(screen.queryByText('Suggesting…')).toBeNull();
    expect(fake.requests.length).toBe(since);
  });

  it('a save before the answer stops the request; the save does not wait for it', async () => {
    let answered = () => {};
    fake.script({
      chunks: ['{"tags": ["late"], "collection": null}'],
      lastChunkAfter: new Promise<void>((resolve) => {
        answered = resolve;
      }),
    });
    const since = fake.requests.length;
    const { user, background } = await popupFor('sugcancel');
    await findSaveForm();
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('Suggesting…');
    await waitFor(() => expect(fake.requests.length).toBe(since + 1));
    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    await screen.findByText(/^Saved in/);
    expect(background.calls('saveGem')[0]?.payload.gem).not.toHaveProperty('aiTags');
    await waitFor(() => expect(fake.requests[since]?.aborted).toBe(true));
    answered();
  });
});

describe('the options page’s Suggestions when saving', () => {
  it('switches suggestions off and on and chooses their model, as the server keeps them', async () => {
    const server = await live.signedIn('sugopts');
    const { token } = await server.access();
    const background = new FakeBackground({ user: server.account, serverUrl: server.serverUrl, lentToken: token });
    const { user, container } = server.render(<SuggestionSettings />, background);
    const modelId = await server.usableModelId();
    const picker = (await screen.findByRole('combobox', { name: 'Model for suggestions' })) as HTMLSelectElement;
    expect((await within(picker).findAllByRole('option', { name: /\(Credits\)$/ })).length).toBeGreaterThan(0);
    await user.selectOptions(picker, String(modelId));
    const saved = async () => ((await server.call('suggestions/settings')) as { data: Record<string, unknown> }).data;
    await waitFor(async () => expect(await saved()).toMatchObject({ modelId, active: true }));

    const toggle = screen.getByRole('switch', { name: 'Suggest tags and a collection' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(await saved()).toMatchObject({ enabled: false, active: false });
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(await saved()).toMatchObject({ enabled: true, active: true });

    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
  });
});
