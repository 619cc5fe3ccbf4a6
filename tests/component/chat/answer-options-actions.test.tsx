/**
 * Chat Options' actions on a stored answer (the per-answer menu, components/chat/menus/AnswerOptions.tsx), through the real
 * server and the fake provider: Save as a gem in the collection picked, Copy text, Reply, and the sliders,
 * which close the menu and regenerate once released.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionQuery } from '@/components/app/queries';
import { draftAtom } from '@/components/chat/atoms';
import { setupFakeProvider } from '../../fake-provider/setup';
import { findToast } from '../render';
import { answersShown, renderConversation } from './conversation-harness';
import { houseAnsweredBy, setupLiveServer } from './live-server';

const fake = setupFakeProvider();
// Registered after the fake provider's hooks, so its address is known when the server starts.
const live = setupLiveServer(houseAnsweredBy(fake));

/** A chat answered "Kept answer." to "A stored question", its Chat options open. */
async function answeredWithOptionsOpen(prefix: string) {
  const user = await live.signedIn(prefix);
  const modelId = await user.usableModelId();
  fake.script({ chunks: ['Kept ', 'answer.'] });
  const rendered = renderConversation(user, { modelIds: [modelId], temporary: false });
  // The panel knows its session (and so the server's address) before it shows a chat.
  await rendered.queryClient.prefetchQuery(sessionQuery(rendered.fake.client));
  await rendered.ask('A stored question');
  await waitFor(() => expect(answersShown()).toEqual(['done: Kept answer.']));
  // The options come once the stored answer replaces the streamed one.
  await rendered.user.click(await screen.findByRole('button', { name: 'Chat options' }));
  const menu = await screen.findByRole('dialog', { name: 'Chat options' });
  return { ...rendered, menu };
}

describe('Chat Options on an answer', () => {
  it('Save → Note makes a Note holding the answer in the collection picked, and says where', async () => {
    const { menu, user, fake: background } = await answeredWithOptionsOpen('savenote');
    const collection = within(menu).getByRole('combobox', { name: 'Collection' });
    await waitFor(() => expect(collection.hasAttribute('disabled')).toBe(false));
    expect(
      within(collection)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unfiltered', 'Recipes', 'Recipes / Desserts', 'Work']);
    await user.selectOptions(collection, 'Recipes / Desserts');
    await user.click(within(menu).getByRole('button', { name: 'Note' }));

    await findToast('Saved as a Note in Recipes / Desserts');
    expect(screen.queryByRole('dialog', { name: 'Chat options' })).toBeNull();
    const [saved] = background.state.gems;
    expect(saved).toMatchObject({
      media_type: 'Note',
      title: 'A stored question',
      text: 'Kept answer.',
      collectionId: 3,
    });
  });

  it('Save → Blog without picking goes to Unfiltered', async () => {
    const { menu, user, fake: background } = await answeredWithOptionsOpen('saveblog');
    await user.click(within(menu).getByRole('button', { name: 'Blog' }));
    await findToast('Saved as a Blog in Unfiltered');
    expect(background.state.gems[0]).toMatchObject({ media_type: 'Blog', text: 'Kept answer.', collectionId: 1 });
  });

  it('Copy text copies the answer and says so; Reply quotes it in the composer', async () => {
    const { menu, user, store } = await answeredWithOptionsOpen('copyreply');
    await user.click(within(menu).getByRole('button', { name: 'Copy text' }));
    await findToast('Text Copied to clipboard');
    expect(await navigator.clipboard.readText()).toBe('Kept answer.');

    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Chat options' })).getByRole('button', { name: 'Reply' }),
    );
    expect(store.get(draftAtom)).toBe('> Kept answer.\n\n');
  });

  it('releasing the Reading Level slider closes the menu and regenerates at that level', async () => {
    const { menu, user } = await answeredWithOptionsOpen('slider');
    fake.script({ chunks: ['Simpler ', 'answer.'] });
    const since = fake.requests.length;
    const level = within(menu).getByRole('slider', { name: 'Reading Level' });
    // The menu moves focus to its first item once opened (a frame later); the slider is focused after that.
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    level.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');

    expect(screen.queryByRole('dialog', { name: 'Chat options' })).toBeNull();
    await waitFor(() => expect(answersShown()).toEqual(['done: Simpler answer.']));
    // Follow-up questions (of the first answer, and of this one) are asked as requests of their own, in any order.
    const asked = fake.requests.slice(since).map((r) => JSON.stringify(r.body));
    expect(asked.some((body) => body.includes('College'))).toBe(true);
  });
});
