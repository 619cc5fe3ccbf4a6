import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryPanel } from '@/components/chat/memory/MemoryPanel';
import { MemoryProposal } from '@/components/chat/memory/MemoryProposal';
import { MAX_MEMORY_TEXT } from '@/lib/api/voice-contract';
import { setupLiveServer } from './live-server';

const live = setupLiveServer();

async function withMemories(prefix: string, memories: string[]) {
  const user = await live.signedIn(prefix);
  const ids: number[] = [];
  for (const memory of memories) ids.push((await user.call('memories', 'POST', { data: { memory } })).data.id);
  return {
    ...user,
    ids,
    stored: async () => ((await user.call('memories')).data as { memory: string }[]).map((m) => m.memory),
  };
}

const shown = () =>
  within(screen.getByRole('list', { name: 'Memories' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.memory-text')?.textContent);

async function choose(user: { click: (e: Element) => Promise<void> }, memory: string, item: 'Edit' | 'Delete') {
  await user.click(await screen.findByRole('button', { name: `Options for memory “${memory}”` }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('Memory panel', () => {
  it('lists memories and searches them case-insensitively after a pause', async () => {
    const u = await withMemories('mlist', ['I am vegetarian', 'My dog is called Rex']);
    const { user } = u.render(<MemoryPanel />);
    await waitFor(() => expect(shown()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'VEGET');
    await waitFor(() => expect(shown()).toEqual(['I am vegetarian']));
    await user.type(screen.getByRole('searchbox', { name: 'Search memories' }), 'xyz');
    await screen.findByRole('region', { name: 'No memory matches' });
  });

  it('adds, edits and deletes a memory on the server', async () => {
    const u = await withMemories('mcrud', ['I live in Oslo']);
    const { user } = u.render(<MemoryPanel />);
    await user.type(screen.getByRole('textbox', { name: 'New memory' }), 'I prefer short answers');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(shown()).toContain('I prefer short answers'));

    await choose(user, 'I live in Oslo', 'Edit');
    const text = within(screen.getByRole('form', { name: 'Edit memory' })).getByRole('textbox', { name: 'Memory' });
    await user.clear(text);
    await user.type(text, 'I live in Bergen');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown()).toContain('I live in Bergen'));

    await choose(user, 'I prefer short answers', 'Delete');
    await waitFor(() => expect(shown()).toEqual(['I live in Bergen']));
    // The list drops the row before the server answers (optimistic), so the stored list is awaited.
    await waitFor(async () => expect(await u.stored()).toEqual(['I live in Bergen']));
  });

  it('an edit the server refuses leaves the list as it was and shows nothing', async () => {
    const u = await withMemories('mbad', ['I live in Oslo']);
    const { user } = u.render(<MemoryPanel />);
    await choose(user, 'I live in Oslo', 'Edit');
    const text = within(screen.getByRole('form', { name: 'Edit memory' })).getByRole('textbox', { name: 'Memory' });
    await user.clear(text);
    await user.click(text);
    await user.paste('x'.repeat(MAX_MEMORY_TEXT + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shown()).toEqual(['I live in Oslo']));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await u.stored()).toEqual(['I live in Oslo']);
  });

  it('a delete that cannot reach the server leaves the list as it was and shows nothing', async () => {
    const u = await withMemories('moff', ['I live in Oslo', 'I am vegetarian']);
    const { user } = u.render(<MemoryPanel />);
    await waitFor(() => expect(shown()).toHaveLength(2));
    u.goOffline();
    await choose(user, 'I am vegetarian', 'Delete');
    await waitFor(() => expect(shown()).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await u.stored()).toHaveLength(2);
  });
});

describe('Memory proposal in Temporary Chat (no stored message)', () => {
  it('Save makes the proposal a memory, says so and is done', async () => {
    const u = await live.signedIn('mprop');
    const onDone = vi.fn();
    const { user } = u.render(<MemoryProposal proposal="The user is vegetarian." messageId={null} onDone={onDone} />);
    const proposal = screen.getByRole('region', { name: 'Memory proposal' });
    expect(proposal.textContent).toContain('Remember this in later chats?');
    expect(proposal.querySelector('blockquote')?.textContent).toBe('The user is vegetarian.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Memory saved');
    expect(onDone).toHaveBeenCalledOnce();
    expect((await u.call('memories')).data).toMatchObject([{ memory: 'The user is vegetarian.' }]);
  });

  it('Dismiss saves nothing', async () => {
    const u = await live.signedIn('mdis');
    const onDone = vi.fn();
    const { user } = u.render(<MemoryProposal proposal="you like cats" messageId={null} onDone={onDone} />);
    const proposal = screen.getByRole('region', { name: 'Memory proposal' });
    await user.click(within(proposal).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect((await u.call('memories')).total).toBe(0);
  });
});
