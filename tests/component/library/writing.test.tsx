import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LibraryApiProvider } from '@/components/library/library-api-context';
import { WritingView } from '@/components/library/writing/WritingView';
import type { BrandVoice, Persona, Prompt } from '@/lib/api/voice-contract';
import { createLibraryApi } from '@/lib/library/library-api';
import { setupFakeProvider } from '../../fake-provider/setup';
import { houseAnsweredBy, setupLiveServer } from '../chat/live-server';

/**
 * The library's Writing view against the live server: brand voices, agents and prompts written and edited with the side
 * panel's own forms and rich prompt editor, each change stored on the server; axe finds nothing critical or serious.
 */

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());
// jsdom has no layout: ProseMirror asks where a click landed, and typing measures the caret (tests/component/chat/prompt-editing.test.tsx).
if (!document.elementFromPoint) document.elementFromPoint = () => null;
if (!Range.prototype.getClientRects) {
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  Range.prototype.getBoundingClientRect = () => new DOMRect();
}

const fake = setupFakeProvider();
// Registered after the fake provider's hooks; its house model is every new user's default (Optimize prompt asks it).
const live = setupLiveServer(houseAnsweredBy(fake));

async function renderWriting(prefix: string) {
  const person = await live.signedIn(prefix);
  const rendered = person.render(
    <LibraryApiProvider api={createLibraryApi(person.access)}>
      <WritingView />
    </LibraryApiProvider>,
  );
  await screen.findByRole('tablist', { name: 'Writing' });
  return { person, ...rendered };
}

async function expectNoSeriousAxe(container: HTMLElement) {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
}

describe('the library’s Writing view', () => {
  it('writes a brand voice from scratch, edits it in place and deletes it; the server stores each change', async () => {
    const { person, user, container } = await renderWriting('wvoice');
    await screen.findByRole('region', { name: 'No brand voices yet' });
    await user.click(screen.getByRole('button', { name: 'New brand voice' }));
    const form = screen.getByRole('form', { name: 'New brand voice' });
    await expectNoSeriousAxe(container);
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Harbour news');
    await user.type(within(form).getByRole('textbox', { name: 'Tone of voice' }), 'Plain, warm, short sentences.');
    await user.type(within(form).getByRole('textbox', { name: 'Sample text' }), 'The ferry runs at nine.');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const list = await screen.findByRole('list', { name: 'brand voices' });
    await within(list).findByText('Harbour news');
    const stored = (await person.call('brand-voices')).data as BrandVoice[];
    expect(stored).toMatchObject([
      { name: 'Harbour news', text: 'Plain, warm, short sentences.', sampleText: 'The ferry runs at nine.' },
    ]);

    await user.click(within(list).getByRole('button', { name: 'Options for Harbour news' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = screen.getByRole('form', { name: 'Edit Harbour news' });
    const tone = within(edit).getByRole('textbox', { name: 'Tone of voice' });
    await user.clear(tone);
    await user.type(tone, 'Brisk and plain.');
    await user.click(within(edit).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit Harbour news' })).toBeNull());
    expect(((await person.call('brand-voices')).data as BrandVoice[])[0]?.text).toBe('Brisk and plain.');

    await user.click(within(list).getByRole('button', { name: 'Options for Harbour news' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Delete “Harbour news”?' })).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByRole('region', { name: 'No brand voices yet' });
    expect((await person.call('brand-voices')).data).toEqual([]);
  });

  it('writes an agent with a job title and instructions; a refusal is said in the form, which stays open', async () => {
    const { person, user, container } = await renderWriting('wagent');
    await user.click(screen.getByRole('tab', { name: 'Agents' }));
    await user.click(await screen.findByRole('button', { name: 'New agent' }));
    const form = screen.getByRole('form', { name: 'New agent' });
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/name/i);
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Copy editor');
    await user.type(within(form).getByRole('textbox', { name: 'Job title' }), 'Sub-editor');
    await user.type(within(form).getByRole('textbox', { name: 'Instructions' }), 'Tighten every sentence.');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    const list = await screen.findByRole('list', { name: 'agents' });
    expect(within(list).getByText('Sub-editor').closest('li')?.textContent).toContain('Copy editor');
    expect((await person.call('personas')).data as Persona[]).toMatchObject([
      { name: 'Copy editor', jobTitle: 'Sub-editor', text: 'Tighten every sentence.', modelId: null },
    ]);
    await expectNoSeriousAxe(container);
  });

  it('writes a prompt with variables in the rich editor, optimizes it with the default model, then changes it', async () => {
    const { person, user, container } = await renderWriting('wprompt');
    await user.click(screen.getByRole('tab', { name: 'Prompts' }));
    await user.click(await screen.findByRole('button', { name: 'New prompt' }));
    const form = await screen.findByRole('form', { name: 'New prompt' });
    await user.type(within(form).getByRole('textbox', { name: 'Title' }), 'Tide report');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Category' }), 'Write');
    await user.click(await screen.findByRole('textbox', { name: 'Prompt text' }));
    await user.keyboard('Report the tides at {{{{Harbour | Dover, Calais}}');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    // Created, it opens in the editor (its author's), with the text as written.
    await screen.findByRole('region', { name: 'Tide report' });
    const box = await screen.findByRole('textbox', { name: 'Prompt text' });
    expect(box.textContent).toBe('Report the tides at {{Harbour | Dover, Calais}}');
    const [mine] = (await person.call('prompts?scope=mine')).data as Prompt[];
    expect(mine).toMatchObject({
      title: 'Tide report',
      media: { category: 'Write', isPublic: false },
      variables: [{ name: 'Harbour', options: ['Dover', 'Calais'] }],
    });
    await expectNoSeriousAxe(container);

    // Optimize prompt asks the user's default model with the editor's text and puts its answer in the editor.
    fake.script({ chunks: ['Report tonight’s tides ', 'at {{Harbour | Dover, Calais}}.'] });
    await user.click(screen.getByRole('button', { name: 'Optimize prompt' }));
    await waitFor(() => expect(box.textContent).toBe('Report tonight’s tides at {{Harbour | Dover, Calais}}.'));
    expect(JSON.stringify(fake.requests.at(-1)?.body)).toContain('Report the tides at {{Harbour | Dover, Calais}}');

    await user.click(box);
    await user.keyboard('{Control>}a{/Control}Report the tides at {{{{Harbour}} tonight');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await screen.findByRole('button', { name: 'New prompt' });
    await waitFor(async () =>
      expect(((await person.call(`prompts/${mine?.id}`)).data as Prompt).text).toBe(
        'Report the tides at {{Harbour}} tonight',
      ),
    );
  });
});
