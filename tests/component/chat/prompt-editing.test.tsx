import { createServer, type Socket } from 'node:net';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PromptsPanel } from '@/components/chat/prompts/PromptsPanel';
import { DELETE_FAILED } from '@/components/writing/prompts/use-prompt-mutations';
import { PROMPT_CHANGED_ELSEWHERE, type Prompt } from '@/lib/api/voice-contract';
import { setupFakeProvider } from '../../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
beforeEach(() => {
  // jsdom has none; the list's end never comes into view here (one page is enough).
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout: ProseMirror asks where a click landed and gets nothing, as over an empty spot.
if (!document.elementFromPoint) document.elementFromPoint = () => null;
// Nor rectangles for a range: typing scrolls the caret into view, which measures one (an empty list: nothing to scroll).
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

type Signed = Awaited<ReturnType<typeof live.signedIn>>;

const createPrompt = async (user: Signed, title: string, text: string, extra: Record<string, unknown> = {}) =>
  (await user.call('prompts', 'POST', { data: { title, text, ...extra } })).data as Prompt;
const stored = async (user: Signed, id: number) => ((await user.call(`prompts/${id}`)).data as Prompt).text;

/** A server that takes connections and never answers: a request to it waits until `cut()` drops it. */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

/** The listed titles of the test's own prompts (the server's public starter prompts are listed too). */
const titles = (...own: string[]) =>
  within(screen.getByRole('list', { name: /prompts$/ }))
    .queryAllByRole('button')
    .filter((b) => b.classList.contains('prompt-item'))
    .map((b) => b.querySelector('.prompt-title')?.textContent ?? '')
    .filter((title) => own.includes(title));
const count = () => Number.parseInt(screen.getByText(/^\d+ prompts?$/).textContent ?? '', 10);
const editorBox = () => screen.findByRole('textbox', { name: 'Prompt text' });
/** Every prompt text in the cached lists (every tab and search). */
const cachedTexts = (queryClient: ReturnType<Signed['render']>['queryClient']) =>
  queryClient
    .getQueriesData<{ pages: { data: Prompt[] }[] }>({ queryKey: ['prompts'] })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.data.map((p) => p.text)) ?? []);

describe('Prompt library: the author’s Edit and Delete', () => {
  it('offers Edit/Delete in the list and Edit Prompt in the detail only to the author', async () => {
    const other = await live.signedIn('pother');
    await createPrompt(other, 'Their public prompt', 'Theirs {{X}}', { isPublic: true });
    const user = await live.signedIn('powner');
    await createPrompt(user, 'My own prompt', 'Mine {{X}}');
    const { user: ui } = user.render(<PromptsPanel onInsert={() => {}} onSubmitHidden={() => {}} />);
    await waitFor(() => expect(titles('Their public prompt')).toHaveLength(1));
    screen.getByRole('button', { name: 'Options for My own prompt' });
    expect(screen.queryByRole('button', { name: 'Options for Their public prompt' })).toBeNull();

    await ui.click(screen.getByRole('button', { name: /^Their public prompt/ }));
    expect(screen.queryByRole('button', { name: 'Edit Prompt' })).toBeNull();
    screen.getByRole('button', { name: 'Copy Prompt' });
    await ui.click(screen.getByRole('button', { name: 'Back to prompts' }));
    await ui.click(await screen.findByRole('button', { name: /^My own prompt/ }));
    await ui.click(screen.getByRole('button', { name: 'Edit Prompt' }));
    expect((await editorBox()).textContent).toBe('Mine {{X}}');
  });

  it('deletes after a confirm; a refused delete shows the server’s message and keeps the prompt', async () => {
    const user = await live.signedIn('pdelete');
    const keep = await createPrompt(user, 'Keep me', 'Keep');
    const drop = await createPrompt(user, 'Drop me', 'Drop');
    const { user: ui, queryClient } = user.render(<PromptsPanel onInsert={() => {}} onSubmitHidden={() => {}} />);
    await waitFor(() => expect(titles('Drop me', 'Keep me')).toEqual(['Drop me', 'Keep me']));
    const before = count();

    await ui.click(screen.getByRole('button', { name: 'Options for Drop me' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('group', { name: 'Delete “Drop me”?' });
    await ui.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles('Drop me', 'Keep me')).toEqual(['Keep me']));
    expect(count()).toBe(before - 1);
    await expect(user.call(`prompts/${drop.id}`)).rejects.toThrow(/404/);

    // Gone on the server meanwhile (another device), once the lists were fetched again: the server's own message.
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    await user.call(`prompts/${keep.id}`, 'DELETE');
    await ui.click(screen.getByRole('button', { name: 'Options for Keep me' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await ui.click(
      within(screen.getByRole('group', { name: 'Delete “Keep me”?' })).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText(/^Prompt (\d+ )?not found$/);
  });

  it('a delete that cannot reach the server says “Something went wrong” and puts the row back', async () => {
    const user = await live.signedIn('pdeloff');
    await createPrompt(user, 'Stays', 'Stays');
    const { user: ui } = user.render(<PromptsPanel onInsert={() => {}} onSubmitHidden={() => {}} />);
    await waitFor(() => expect(titles('Stays')).toEqual(['Stays']));
    user.goOffline();
    await ui.click(screen.getByRole('button', { name: 'Options for Stays' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await ui.click(
      within(screen.getByRole('group', { name: 'Delete “Stays”?' })).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText(DELETE_FAILED);
    expect(titles('Stays')).toEqual(['Stays']);
  });
});

describe('A prompt written from scratch', () => {
  it('takes a title, a category tab, public or not, and text with variables; a refusal names the field', async () => {
    const user = await live.signedIn('pnew');
    const { user: ui, container } = user.render(<PromptsPanel onInsert={() => {}} onSubmitHidden={() => {}} />);
    await ui.click(await screen.findByRole('button', { name: 'New prompt' }));
    const form = await screen.findByRole('form', { name: 'New prompt' });
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

    await ui.click(within(form).getByRole('button', { name: 'Create' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/title/i);
    await ui.type(within(form).getByRole('textbox', { name: 'Title' }), 'Status update');
    await ui.selectOptions(within(form).getByRole('combobox', { name: 'Category' }), 'Write');
    await ui.click(within(form).getByRole('checkbox', { name: /^Public/ }));
    await ui.click(await editorBox());
    await ui.keyboard('Write a status update on {{{{Topic}} for {{{{Audience | Managers, Engineers}}');
    await ui.click(within(form).getByRole('button', { name: 'Create' }));

    // The new prompt opens in its detail view, ready to fill in.
    await screen.findByRole('region', { name: 'Status update' });
    screen.getByRole('textbox', { name: 'Topic' });
    screen.getByRole('combobox', { name: 'Audience' });
    const mine = (await user.call('prompts?scope=mine')).data as Prompt[];
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      title: 'Status update',
      text: 'Write a status update on {{Topic}} for {{Audience | Managers, Engineers}}',
      isAuthor: true,
      media: { category: 'Write', isPublic: true, showPrompt: true },
      variables: [
        { name: 'Topic', options: null },
        { name: 'Audience', options: ['Managers', 'Engineers'] },
      ],
    });
  });
});

describe('Prompt editor', () => {
  it('formats with the toolbar, updates the lists at once, saves, then closes back to the list', async () => {
    const user = await live.signedIn('pedit');
    const prompt = await createPrompt(user, 'Briefing', 'Brief the team');
    const { user: ui, queryClient } = user.render(<PromptsPanel onInsert={() => {}} onSubmitHidden={() => {}} />);
    await waitFor(() => expect(titles('Briefing')).toEqual(['Briefing']));
    await ui.click(screen.getByRole('button', { name: 'Options for Briefing' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const box = await editorBox();
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(
      expect.arrayContaining([
        'Heading 1',
        'Heading 2',
        'Bold',
        'Italic',
        'Underline',
        'Numbered list',
        'Bulleted list',
        'Link',
      ]),
    );
    await ui.click(box);
    await ui.keyboard('{Control>}a{/Control}');
    await ui.click(screen.getByRole('button', { name: 'Bold' }));
    expect(screen.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await ui.click(screen.getByRole('button', { name: 'Bulleted list' }));
    expect(box.querySelector('ul li strong')?.textContent).toBe('Brief the team');

    // The save waits on a server that does not answer yet: the lists already hold the edit.
    const silent = await silentServer();
    user.goOffline(silent.url);
    await ui.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findByRole('button', { name: 'Updating...' })).getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(cachedTexts(queryClient)).toContain('- **Brief the team**'));
    expect(cachedTexts(queryClient)).not.toContain('Brief the team');
    // It fails: the lists go back, the editor stays open with the reason.
    silent.cut();
    expect((await screen.findByRole('alert')).textContent).toMatch(/Can't reach the Trove server/);
    expect(cachedTexts(queryClient)).toContain('Brief the team');
    expect(cachedTexts(queryClient)).not.toContain('- **Brief the team**');
    expect(screen.getByRole('button', { name: 'Update' }).getAttribute('aria-busy')).toBeNull();
    expect(await stored(user, prompt.id)).toBe('Brief the team');

    user.goOnline();
    await ui.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(titles('Briefing')).toEqual(['Briefing']));
    expect(screen.queryByRole('textbox', { name: 'Prompt text' })).toBeNull();
    expect(await stored(user, prompt.id)).toBe('- **Brief the team**');
    const saved = (await user.call(`prompts/${prompt.id}`)).data as Prompt;
    expect(saved.expander).toEqual([
      {
        type: 'prompt',
        text: expect.stringMatching(/^<ul><li><p><strong>Brief the team<\/strong><\/p><\/li><\/ul>/),
        plainText: '- **Brief the team**',
      },
    ]);
    expect(cachedTexts(queryClient)).toContain('- **Brief the team**');

    // Opened again, the editor starts from the saved HTML.
    await ui.click(screen.getByRole('button', { name: 'Options for Briefing' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect((await editorBox()).querySelector('ul li strong')?.textContent).toBe('Brief the team');
  });

  it('a prompt changed elsewhere since the editor opened is not overwritten: the reason, then Reload to edit the latest', async () => {
    const user = await live.signedIn('pstale');
    const prompt = await createPrompt(user, 'Opened twice', 'Opened here');
    const { user: ui } = user.render(<PromptsPanel onInsert={() => {}} onSubmitHidden={() => {}} />);
    await ui.click(await screen.findByRole('button', { name: 'Options for Opened twice' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect((await editorBox()).textContent).toBe('Opened here');
    // Another device saves meanwhile.
    await user.call(`prompts/${prompt.id}`, 'PUT', {
      data: { text: 'Changed on the phone', updatedAt: prompt.updatedAt },
    });

    await ui.click(screen.getByRole('button', { name: 'Update' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PROMPT_CHANGED_ELSEWHERE);
    expect(await stored(user, prompt.id)).toBe('Changed on the phone');
    await ui.click(screen.getByRole('button', { name: 'Discard my changes and reload' }));
    await waitFor(async () => expect((await editorBox()).textContent).toBe('Changed on the phone'));
    expect(screen.queryByRole('alert')).toBeNull();

    await ui.click(await editorBox());
    await ui.keyboard('{Control>}a{/Control}');
    await ui.click(screen.getByRole('button', { name: 'Bold' }));
    await ui.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Prompt text' })).toBeNull());
    expect(await stored(user, prompt.id)).toBe('**Changed on the phone**');
  });

  it('Optimize prompt puts the model’s text in the editor; Update saves it and returns to the detail', async () => {
    const user = await live.signedIn('poptim');
    const modelId = await user.usableModelId();
    const prompt = await createPrompt(user, 'Rough', 'write about {{Topic}}');
    fake.script({ chunks: ['Write a clear, ', 'friendly post about {{Topic}}.\n---\nThen a title.'], delayMs: 100 });
    const { user: ui } = user.render(<PromptsPanel onInsert={() => {}} onSubmitHidden={() => {}} modelId={modelId} />);
    await ui.click(await screen.findByRole('button', { name: /^Rough/ }));
    expect(screen.queryByRole('button', { name: 'Optimize prompt' })).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Edit Prompt' }));
    await editorBox();
    await ui.click(screen.getByRole('button', { name: 'Optimize prompt' }));
    await screen.findByText('Optimizing the prompt…');
    await waitFor(async () =>
      expect((await editorBox()).textContent).toBe('Write a clear, friendly post about {{Topic}}.Then a title.'),
    );
    expect((await editorBox()).querySelector('hr')).toBeTruthy();
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('write about {{Topic}}');
    await ui.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByRole('button', { name: 'Insert Prompt' });
    expect(await stored(user, prompt.id)).toBe('Write a clear, friendly post about {{Topic}}.\n---\nThen a title.');
    await ui.click(screen.getByRole('button', { name: 'Show Prompt' }));
    expect(screen.getByText(/Then a title\./).textContent).toBe(
      'Write a clear, friendly post about {{Topic}}.\n---\nThen a title.',
    );
  });
});
