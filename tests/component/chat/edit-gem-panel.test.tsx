import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EditGemPanel } from '@/components/chat/page/EditGemPanel';
import { FakeBackground } from '../fake-background';
import { makeGem, makePage } from '../fixtures';
import { findSaveForm, renderWithBackground } from '../render';

describe('Edit Gem in the side panel', () => {
  const page = makePage();
  const gem = makeGem(41, { url: page.url, title: 'Hello, world', collectionId: 2 });

  function setup() {
    const onDone = vi.fn();
    const fake = new FakeBackground({ gems: [gem] });
    const rendered = renderWithBackground(<EditGemPanel page={page} gem={gem} onDone={onDone} />, fake);
    return { ...rendered, onDone };
  }

  it('edits the page’s saved gem in place and closes', async () => {
    const { user, fake, onDone } = setup();
    await findSaveForm('Edit saved gem');
    const title = screen.getByLabelText('Title');
    expect((title as HTMLInputElement).value).toBe('Hello, world');
    await user.clear(title);
    await user.type(title, 'Hello, edited');
    await user.click(screen.getByRole('button', { name: 'Update gem' }));
    await screen.findByText('Gem updated');
    expect(fake.client.updateGem).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }));
    expect(fake.state.gems.find((g) => g.id === 41)?.title).toBe('Hello, edited');
    expect(fake.state.gems.find((g) => g.id === 41)?.collectionId).toBe(2);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('a refused edit stays in the form with the reason on the field', async () => {
    const { user, onDone } = setup();
    await findSaveForm('Edit saved gem');
    await user.clear(screen.getByLabelText('Title'));
    await user.click(screen.getByRole('button', { name: 'Update gem' }));
    await waitFor(() => expect(screen.getByLabelText('Title').getAttribute('aria-invalid')).toBe('true'));
    expect(onDone).not.toHaveBeenCalled();
  });
});
