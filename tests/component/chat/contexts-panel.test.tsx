import { screen, within } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';
import { attachedFilesAtom, chosenBookmarksAtom, contextOnAtom, contextTextAtom } from '@/components/chat/atoms';
import { useChosenBookmarks } from '@/components/chat/bookmarks/use-chosen-bookmarks';
import { ContextsPanel } from '@/components/chat/contexts/ContextsPanel';
import { useChatFiles } from '@/components/chat/files/use-chat-files';
import type { UserModel } from '@/lib/api/ai-contract';
import type { ChatFile } from '@/lib/api/chat-files-contract';
import { makeAiModel } from '../fixtures';
import { setupLiveServer } from './live-server';

const live = setupLiveServer();
const PDF_MODEL = { ...makeAiModel(1, 'OpenAI', 'gpt-4.1', 'GPT-4.1'), supported_file_formats: ['pdf'] } as UserModel;

const file = (id: number): ChatFile => ({
  id,
  name: `report-${id}.pdf`,
  format: 'pdf',
  mime: 'application/pdf',
  size: 2048 * id,
  chars: 100,
  chatId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
});

/** The panel as the chat drawer shows it: the chat's own files and bookmarks hooks over the panel's atoms. */
function Harness({ onOpenDrawer }: { onOpenDrawer: (name: string) => void }) {
  const files = useChatFiles(PDF_MODEL, null);
  const bookmarks = useChosenBookmarks(null);
  return <ContextsPanel files={files} bookmarks={bookmarks} onOpenDrawer={onOpenDrawer} />;
}

async function renderPanel(prefix: string) {
  const store = createStore();
  store.set(attachedFilesAtom, [1, 2, 3, 4, 5, 6, 7].map(file));
  store.set(chosenBookmarksAtom, {
    collections: [{ id: 3, name: 'Travel' }],
    gems: [{ id: 9, title: 'Lisbon trams', collectionId: null }],
  });
  const onOpenDrawer = vi.fn();
  const user = await live.signedIn(prefix);
  const rendered = user.render(
    <Provider store={store}>
      <Harness onOpenDrawer={onOpenDrawer} />
    </Provider>,
  );
  return { ...rendered, store, onOpenDrawer };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const reset = () => screen.getByRole('button', { name: 'Reset' });

describe('Contexts panel (the Attachment drawer)', () => {
  it('Context Text: empty says so; what is typed is kept; Reset clears it', async () => {
    const { user, store } = await renderPanel('ctxtext');
    screen.getByText('No context text found');
    expect((reset() as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: 'Context text' }), 'Budgets are in euros.');
    expect(store.get(contextTextAtom)).toBe('Budgets are in euros.');
    expect(screen.queryByText('No context text found')).toBeNull();
    await user.click(reset());
    expect(store.get(contextTextAtom)).toBe('');
  });

  it('Attachments: the first five, a search by name, remove, and Reset removes them all', async () => {
    const { user, store } = await renderPanel('ctxfiles');
    await user.click(tab('Attachments'));
    const list = () => screen.queryByRole('list', { name: 'Attached files' });
    expect(within(list() as HTMLElement).getAllByRole('listitem')).toHaveLength(5);
    screen.getByText('and 2 more: search by name to find them');
    await user.type(screen.getByRole('searchbox', { name: 'Search files by name' }), 'report-7');
    expect(within(list() as HTMLElement).getAllByRole('listitem')).toHaveLength(1);
    expect((list() as HTMLElement).textContent).toContain('report-7.pdf14 KB');
    await user.click(screen.getByRole('button', { name: 'Remove report-7.pdf' }));
    screen.getByText('No attachments found');
    expect(store.get(attachedFilesAtom)).toHaveLength(6);
    await user.clear(screen.getByRole('searchbox', { name: 'Search files by name' }));
    await user.click(reset());
    expect(store.get(attachedFilesAtom)).toEqual([]);
    screen.getByText('No attachments found');
  });

  it('Gems: lists the chosen, adds through the picker, and Reset clears only them', async () => {
    const { user, store, onOpenDrawer } = await renderPanel('ctxbook');
    await user.click(tab('Gems'));
    const chosen = screen.getByRole('list', { name: 'Chosen gems and collections' });
    expect(chosen.textContent).toContain('Travel');
    expect(chosen.textContent).toContain('Lisbon trams');
    await user.click(screen.getByRole('button', { name: 'Choose gems/collections' }));
    expect(onOpenDrawer).toHaveBeenCalledWith('bookmarks');
    await user.click(reset());
    expect(store.get(chosenBookmarksAtom)).toEqual({ collections: [], gems: [] });
    screen.getByText('No gems or collections chosen');
    expect(store.get(attachedFilesAtom)).toHaveLength(7);
  });

  it('the Context switch holds everything back without losing it', async () => {
    const { user, store } = await renderPanel('ctxswitch');
    const contextSwitch = screen.getByRole('switch', { name: /^Context/ });
    await user.click(contextSwitch);
    expect(store.get(contextOnAtom)).toBe(false);
    screen.getByText('Kept, but not sent');
    expect(store.get(attachedFilesAtom)).toHaveLength(7);
  });
});
