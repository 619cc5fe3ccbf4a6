import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { FakeBackground } from './fake-background';
import { makeGem, makePage, makeSharedCollection } from './fixtures';
import { findSaveForm, renderPopup } from './render';

/**
 * The popup and collections other users shared with this one: those their role lets them add to are offered after
 * their own, a gem added there takes no tags (the owner's), and a gem they added there is "already saved" by them.
 */

const fieldNotes = makeSharedCollection();

const picker = () => screen.getByRole('combobox', { name: 'Collection' }) as HTMLInputElement;
const listed = () =>
  within(screen.getByRole('listbox', { name: 'Collection' }))
    .queryAllByRole('option')
    .map((o) => o.textContent);
const tagChips = () => [...document.querySelectorAll('.chip')].map((chip) => chip.firstChild?.textContent);

describe('SavePopup: collections shared with the user', () => {
  test('offers them after the own ones, by name and owner; chosen, the tags give way and the save sends none', async () => {
    const fake = new FakeBackground({ sharedCollections: [fieldNotes] });
    const { user } = renderPopup(fake);
    await findSaveForm();
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 'birds{Enter}');
    expect(tagChips()).toEqual(['birds']);

    await user.click(picker());
    expect(listed()).toEqual([
      'Unfiltered0 gems',
      'Recipes3 gems',
      'Recipes / Desserts0 gems',
      'Work0 gems',
      "Field notes (grace's)shared · 2 gems",
    ]);
    await user.clear(picker());
    await user.type(picker(), 'grace');
    expect(listed()).toEqual(["Field notes (grace's)shared · 2 gems", '+ Create collection “grace”']);
    await user.click(screen.getByRole('option', { name: /^Field notes/ }));
    expect(picker().value).toBe("Field notes (grace's)");
    expect(screen.queryByRole('combobox', { name: 'Tags' })).toBeNull();
    screen.getByText("Tags in “Field notes” are grace's own: the gem is added without tags.");

    // back to an own collection: the tags typed before are still there
    await user.click(picker());
    await user.clear(picker());
    await user.type(picker(), 'Work{Enter}');
    expect(tagChips()).toEqual(['birds']);
    await user.click(picker());
    await user.clear(picker());
    await user.type(picker(), 'Field');
    await user.click(screen.getByRole('option', { name: /^Field notes/ }));

    await user.click(screen.getByRole('button', { name: 'Save gem' }));
    await waitFor(() =>
      expect(document.querySelector('.alert-success')?.textContent).toBe("Saved in Field notes (grace's)."),
    );
    const sent = fake.calls('saveGem')[0]?.payload.gem;
    expect(sent?.collectionId).toBe(90);
    expect(sent && 'tags' in sent).toBe(false);
  });

  test('a gem the user added to one is "already saved" by them: no collection or tags, and an update sends neither', async () => {
    const page = makePage();
    const added = makeGem(7, {
      url: page.url,
      title: 'Hello from the field',
      collectionId: 90,
      author: { id: 2, username: 'grace' },
      sharedAccess: 'change',
    });
    const fake = new FakeBackground({ sharedCollections: [fieldNotes], gems: [added], activePage: page });
    const { user } = renderPopup(fake);
    await findSaveForm('Edit saved gem');
    expect(document.querySelector('.alert-info')?.textContent).toMatch(
      /^Added by you to Field notes \(grace's\) on .+\. Changes update that gem; its collection and tags are grace's\.$/,
    );
    expect(screen.queryByRole('combobox', { name: 'Collection' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Tags' })).toBeNull();

    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Heard in the field');
    await user.click(screen.getByRole('button', { name: 'Update gem' }));
    await waitFor(() => expect(fake.calls('updateGem')).toHaveLength(1));
    const edit = fake.calls('updateGem')[0]?.gem;
    expect(edit?.title).toBe('Heard in the field');
    expect(edit && 'collectionId' in edit && edit.collectionId !== undefined).toBe(false);
    expect(edit && 'tags' in edit).toBe(false);
  });
});
