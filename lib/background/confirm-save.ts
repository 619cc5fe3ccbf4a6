import { sharedCollectionLabel } from '../library/shared-collection-label';
import type { SaveOutcome } from '../messaging/protocol';
import { flashBadge } from './badge';
import { recordError } from './diagnostics';
import { listCollections, listSharedCollections } from './library';
import { notify } from './save-notices';

/** A saved gem's collection as the user names it: one of theirs, or one shared with them ("Field notes (ada's)"). */
async function collectionName(id: number): Promise<string | undefined> {
  const own = await listCollections()
    .then((all) => all.find((c) => c.id === id)?.name)
    .catch(() => undefined);
  if (own) return own;
  const shared = await listSharedCollections()
    .then((all) => all.find((c) => c.id === id))
    .catch(() => undefined);
  return shared && sharedCollectionLabel(shared);
}

/**
 * Tells the user what became of a save made without the popup: the badge, and a notification naming the collection,
 * with Open and Undo (save-notices.ts); a page or link already saved says so and offers Open.
 */
export async function confirmSave(outcome: SaveOutcome) {
  if (outcome.status === 'saved') {
    const collection = await collectionName(outcome.gem.collectionId);
    const where = collection ? `in ${collection}` : 'in Trove';
    if (outcome.existing) {
      flashBadge('saved', `“${outcome.gem.title}” was already saved ${where}`);
      await notify('Already in Trove', `“${outcome.gem.title}” was already saved ${where}: nothing new was made.`, {
        gemId: outcome.gem.id,
        undo: false,
      });
      return;
    }
    flashBadge('saved', `Saved “${outcome.gem.title}” ${where}`);
    await notify('Saved to Trove', `“${outcome.gem.title}” is ${where}.${outcome.note ? ` ${outcome.note}` : ''}`, {
      gemId: outcome.gem.id,
      undo: true,
    });
  } else if (outcome.status === 'queued') {
    await notify(
      'Saved on this device',
      outcome.waitsFor === 'sign-in'
        ? 'Sign in to Trove to send it to your library.'
        : 'Trove will send it to the server as soon as it can be reached.',
    );
  } else {
    flashBadge('failed', `Trove could not save: ${outcome.error.message}`);
    await notify('Trove could not save', outcome.error.message);
  }
}

/**
 * Runs a save made without the popup (right-click menu, keyboard shortcut) and tells the user what became
 * of it, including a save that could not even start (a page Trove cannot save, nothing selected).
 */
export async function runQuickSave(source: string, save: () => Promise<SaveOutcome>): Promise<SaveOutcome | null> {
  try {
    const outcome = await save();
    await confirmSave(outcome);
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await recordError(source, message);
    await confirmSave({ status: 'failed', error: { kind: 'unknown', status: 0, message } });
    return null;
  }
}
