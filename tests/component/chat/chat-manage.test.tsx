/**
 * Renaming and deleting a chat from the history (Recents and Collections) and from the panel's header, with the
 * keyboard, a confirm step before deleting; against the real server (PUT/DELETE /api/chats/{id}).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HistoryPanel } from '@/components/chat/history/HistoryPanel';
import { setupFakeProvider } from '../../fake-provider/setup';
import { setupTestIntersectionObserver } from '../intersection-observer';
import { houseAnsweredBy, setupLiveServer } from './live-server';
import { renderPanelWithDrawer } from './panel-chat-harness';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));
type Signed = Awaited<ReturnType<typeof live.signedIn>>;

setupTestIntersectionObserver();

async function makeChats(user: Signed, titles: string[]) {
  const ids: number[] = [];
  for (const title of titles) ids.push((await user.call('chats', 'POST', { title })).data.id);
  return ids;
}

const titlesIn = (list: HTMLElement) =>
  [...list.querySelectorAll('.history-item .history-title')].map((title) => title.textContent);

/** The status of `GET /api/{path}` as the user, without failing on an error answer. */
async function statusOf(user: Signed, path: string) {
  return user.call(path).then(
    () => 200,
    (error: Error) => Number(/: (\d{3}) /.exec(error.message)?.[1]),
  );
}

describe('Chat history: Rename and Delete', () => {
  it('renames a chat with the keyboard only: menu, Rename, the new title, Enter', async () => {
    const user = await live.signedIn('rename');
    const [tides] = await makeChats(user, ['Tide tables', 'Harbour map']);
    const { user: ui } = user.render(<HistoryPanel onOpenChat={() => {}} busy={false} />);
    await ui.click(await screen.findByRole('tab', { name: 'Recents' }));
    const panel = screen.getByRole('tabpanel');
    await waitFor(() => expect(titlesIn(panel)).toEqual(['Harbour map', 'Tide tables']));

    within(panel).getByRole('button', { name: 'Chat actions: Tide tables' }).focus();
    await ui.keyboard('{Enter}');
    const rename = await screen.findByRole('menuitem', { name: 'Rename' });
    await waitFor(() => expect(document.activeElement).toBe(rename));
    await ui.keyboard('{Enter}');
    const field = await within(panel).findByRole('textbox', { name: 'New chat title' });
    expect(document.activeElement).toBe(field);
    expect((field as HTMLInputElement).value).toBe('Tide tables');
    await ui.keyboard('Spring tides{Enter}');

    await waitFor(() => expect(titlesIn(panel)).toEqual(['Spring tides', 'Harbour map']));
    expect(within(panel).queryByRole('textbox', { name: 'New chat title' })).toBeNull();
    expect((await user.call(`gems/${tides}`)).data.title).toBe('Spring tides');
  });

  it('Escape leaves the title as it was', async () => {
    const user = await live.signedIn('renameesc');
    const [chat] = await makeChats(user, ['Tide tables']);
    const { user: ui } = user.render(<HistoryPanel onOpenChat={() => {}} busy={false} />);
    const panel = await screen.findByRole('tabpanel');
    await ui.click(await within(panel).findByRole('button', { name: 'Chat actions: Tide tables' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await ui.keyboard('Something else{Escape}');
    expect(within(panel).queryByRole('textbox', { name: 'New chat title' })).toBeNull();
    expect(titlesIn(panel)).toEqual(['Tide tables']);
    expect((await user.call(`gems/${chat}`)).data.title).toBe('Tide tables');
  });

  it('deletes a chat only after the confirm step; its share link stops working', async () => {
    const user = await live.signedIn('delete');
    const [keep, gone] = await makeChats(user, ['Keep me', 'Delete me']);
    const link = (await user.call(`chats/${gone}/share`, 'POST')).data.url as string;
    const { user: ui } = user.render(<HistoryPanel onOpenChat={() => {}} busy={false} />);
    const panel = await screen.findByRole('tabpanel');
    await waitFor(() => expect(titlesIn(panel)).toEqual(['Delete me', 'Keep me']));

    await ui.click(within(panel).getByRole('button', { name: 'Chat actions: Delete me' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(panel).getByRole('group', { name: 'Delete “Delete me”' });
    expect(confirm.textContent).toContain('its share link stops working');
    await ui.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(panel).queryByRole('group', { name: 'Delete “Delete me”' })).toBeNull();
    expect(await statusOf(user, `chats/${gone}/messages`)).toBe(200);

    await ui.click(within(panel).getByRole('button', { name: 'Chat actions: Delete me' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const again = within(panel).getByRole('group', { name: 'Delete “Delete me”' });
    expect(document.activeElement).toBe(within(again).getByRole('button', { name: 'Delete chat' }));
    await ui.keyboard('{Enter}');

    await waitFor(() => expect(titlesIn(panel)).toEqual(['Keep me']));
    expect(await statusOf(user, `chats/${gone}/messages`)).toBe(404);
    expect(await statusOf(user, `chats/${keep}/messages`)).toBe(200);
    expect((await fetch(link)).status).toBe(404);
  });
});

describe('The panel header: Rename and Delete of the chat on screen', () => {
  it('shows the new title, and a deleted chat gives way to a new one', async () => {
    const user = await live.signedIn('headmanage');
    const { user: ui, ask } = await renderPanelWithDrawer(user);
    fake.script({ chunks: ['Low tide is at noon.'] });
    await ask('When is low tide?');
    const heading = screen.getByRole('heading', { level: 1 });
    await waitFor(() => expect(heading.textContent).toBe('When is low tide?'));
    // The harness's "Received" output: the list shows the answer as markdown too once its renderer has loaded (at
    // once when an earlier file in the worker loaded it), two elements with the text.
    await screen.findByText('Low tide is at noon.', { selector: 'output' });

    await ui.click(screen.getByRole('button', { name: 'Chat actions: When is low tide?' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await ui.keyboard('Tides{Enter}');
    await waitFor(() => expect(heading.textContent).toBe('Tides'));
    const [chat] = (await user.call('chats/history')).data as { id: number; title: string }[];
    expect(chat?.title).toBe('Tides');

    await ui.click(screen.getByRole('button', { name: 'Chat actions: Tides' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await ui.click(screen.getByRole('button', { name: 'Delete chat' }));
    await waitFor(() => expect(heading.textContent).toBe('New chat'));
    expect(screen.queryByText('Low tide is at noon.')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Chat actions/ })).toBeNull();
    expect((await user.call('chats/history')).totalCount).toBe(0);
  });
});
