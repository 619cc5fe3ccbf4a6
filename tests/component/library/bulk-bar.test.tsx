import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, inject, it, vi } from 'vitest';
import { BulkBar } from '@/components/library/BulkBar';
import { BULK_INLINE_LIMIT, type BulkJob } from '@/lib/api/bulk-contract';
import { apiClient } from '@/lib/api/client';
import { panelTransport } from '@/lib/chat/panel-transport';

/** The bulk bar against the real server the component files share (a fresh PGlite database): each test has its own user. */
const url = inject('sharedLiveServer');

let users = 0;
async function signedIn() {
  let token = '';
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${url}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(json)}`);
    return json;
  };
  users += 1;
  const username = `bulk${users}${Math.random().toString(36).slice(2, 6)}`;
  ({ jwt: token } = await call('auth/local/register', {
    username,
    email: `${username}@example.test`,
    password: 'correct-horse-1',
  }));
  const saveGems = async (count: number, title: string) => {
    const ids: number[] = [];
    for (let from = 0; from < count; from += 20) {
      const made = await Promise.all(
        Array.from({ length: Math.min(20, count - from) }, (_, i) =>
          call('gems', { data: { title: `${title} ${from + i}`, url: `https://example.com/${title}/${from + i}` } }),
        ),
      );
      ids.push(...made.map((res) => res.data.id as number));
    }
    return ids;
  };
  const client = apiClient(panelTransport(async () => ({ serverUrl: url, token })));
  return { call, saveGems, client };
}

const tagsOf = async (call: (path: string) => Promise<{ data: { tags: { id: number }[] } }>, id: number) =>
  (await call(`gems/${id}`)).data.tags.map((tag) => tag.id);

describe('BulkBar', () => {
  it('tags the selected gems, says so, and Undo takes the tag off again', async () => {
    const { call, saveGems, client } = await signedIn();
    const ids = await saveGems(3, 'heron');
    const tag = (await call('tags', { data: { tag: 'birds' } })).data.id as number;
    const onChanged = vi.fn<(job: BulkJob) => void>();
    const user = userEvent.setup();
    render(
      <BulkBar
        client={client}
        count={3}
        target={{ ids }}
        collections={[]}
        tags={[{ id: tag, path: 'birds' }]}
        onChanged={onChanged}
      />,
    );
    const bar = screen.getByRole('toolbar', { name: 'Bulk changes' });
    expect(within(bar).getByText('3 gems selected').tagName).toBe('SPAN');
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Tag' }), String(tag));
    expect((await within(bar).findByRole('status')).textContent).toContain('Tagged: 3 gems');
    for (const id of ids) expect(await tagsOf(call, id)).toEqual([tag]);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    await user.click(within(bar).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(within(bar).getByRole('status').textContent).toContain('Undone'));
    for (const id of ids) expect(await tagsOf(call, id)).toEqual([]);
    expect(onChanged.mock.calls.map(([job]) => job.status)).toEqual(['done', 'undone']);
  });

  it('Check links puts the selected gems first in the link check; a selection by search cannot', async () => {
    const { call, saveGems, client } = await signedIn();
    const ids = await saveGems(2, 'egret');
    const user = userEvent.setup();
    const { rerender } = render(<BulkBar client={client} count={2} target={{ ids }} collections={[]} tags={[]} />);
    await user.click(screen.getByRole('button', { name: 'Check links' }));
    expect((await screen.findByRole('status')).textContent).toBe('Checking 2 links');
    for (const id of ids) expect((await call(`gems/${id}/link-check`)).data.requested).toBe(true);
    rerender(
      <BulkBar client={client} count={2} target={{ query: 'egret', expectedCount: 2 }} collections={[]} tags={[]} />,
    );
    expect(screen.getByRole('button', { name: 'Check links' }).hasAttribute('disabled')).toBe(true);
  });

  it('a search that now matches more than the user saw shows the server refusing it', async () => {
    const { saveGems, client } = await signedIn();
    await saveGems(3, 'ibis');
    const user = userEvent.setup();
    render(
      <BulkBar client={client} count={2} target={{ query: 'ibis', expectedCount: 2 }} collections={[]} tags={[]} />,
    );
    await user.click(screen.getByRole('button', { name: 'Favourite' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The search now matches 3 gems, more than the 2 you saw: nothing was changed',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a large job shows its progress until the server has done it, then moves the gems', async () => {
    const { call, saveGems, client } = await signedIn();
    const count = BULK_INLINE_LIMIT + 10;
    const ids = await saveGems(count, 'egret');
    const to = (await call('collections', { data: { name: 'Waders' } })).data.id as number;
    const user = userEvent.setup();
    render(
      <BulkBar
        client={client}
        count={count}
        target={{ query: 'egret', expectedCount: count }}
        collections={[{ id: to, path: 'Waders' }]}
        tags={[]}
        pollMs={200}
      />,
    );
    // Move to… opens the picker over the collections; Enter takes the highlighted one.
    await user.click(screen.getByRole('button', { name: 'Move to…' }));
    const picker = await screen.findByRole('dialog', { name: `Move ${count} gems to…` });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Waders']);
    await user.keyboard('{Enter}');
    const progress = await screen.findByRole('progressbar', { name: 'Bulk change progress' });
    expect(progress.getAttribute('max')).toBe(String(count));
    expect((await screen.findByRole('status', {}, { timeout: 20_000 })).textContent).toContain(`Moved: ${count} gems`);
    expect(screen.queryByRole('progressbar')).toBeNull();
    const moved = await call(`gems/${ids[0]}`);
    expect(moved.data.collectionId).toBe(to);
  }, 60_000);
});
