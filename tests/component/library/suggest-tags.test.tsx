import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { BulkBar } from '@/components/library/BulkBar';
import { apiClient } from '@/lib/api/client';
import { panelTransport } from '@/lib/chat/panel-transport';
import { setupFakeProvider } from '../../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from '../chat/live-server';

/**
 * "Suggest tags…" on a library selection against the live server, its house model (every new user's default)
 * answered by the fake provider: the suggestions per gem, unticked ones left out, applied as a bulk job and undone.
 */
const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

describe('Suggest tags on a library selection', () => {
  it('lists per gem the suggested tags (yours or new), adds the ticked ones as one job, and Undo takes them back', async () => {
    const person = await live.signedIn('sugtags');
    const seamanship = (await person.call('tags', 'POST', { data: { tag: 'seamanship' } })).data.id as number;
    const gem = async (title: string, text: string) =>
      (await person.call('gems', 'POST', { data: { title, text, url: `https://example.com/${title.length}` } })).data
        .id as number;
    const spring = await gem('Spring tides', 'Spring tides run hard through the harbour mouth.');
    const loaf = await gem('A rye loaf', 'Rye flour, water and a slow rise.');
    const tagsOf = async (id: number) =>
      ((await person.call(`gems/${id}`)).data.tags as { tag: string }[]).map((t) => t.tag).sort();

    fake.script(
      { chunks: ['{"tags": ["seamanship", "tides"], "collection": null}'], delayMs: 150 },
      {
        chunks: ['{"tags": ["rye"], "collection": null}'],
      },
    );
    const client = apiClient(panelTransport(person.access));
    const { user } = person.render(
      <BulkBar
        client={client}
        count={2}
        target={{ ids: [spring, loaf] }}
        collections={[]}
        tags={[{ id: seamanship, path: 'seamanship' }]}
        pollMs={50}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Suggest tags…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest tags' });
    expect(dialog.textContent).toContain('Suggesting for 2 gems.');
    expect(within(dialog).getByRole('progressbar', { name: 'Suggesting tags' }).getAttribute('max')).toBe('2');

    const springTags = await within(dialog).findByRole('group', { name: 'Spring tides' }, { timeout: 20_000 });
    const loafTags = within(dialog).getByRole('group', { name: 'A rye loaf' });
    const boxes = (group: HTMLElement) =>
      within(group)
        .getAllByRole('checkbox')
        .map((box) => [box.getAttribute('aria-label'), (box as HTMLInputElement).checked]);
    expect(boxes(springTags)).toEqual([
      ['seamanship (your tag)', true],
      ['tides (new)', true],
    ]);
    expect(boxes(loafTags)).toEqual([['rye (new)', true]]);
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

    await user.click(within(springTags).getByRole('checkbox', { name: 'tides (new)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 tags' }));
    expect((await screen.findByRole('status')).textContent).toContain('Tagged as suggested: 2 gems');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect([await tagsOf(spring), await tagsOf(loaf)]).toEqual([['seamanship'], ['rye']]);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('Undone');
    expect([await tagsOf(spring), await tagsOf(loaf)]).toEqual([[], []]);
  });
});
