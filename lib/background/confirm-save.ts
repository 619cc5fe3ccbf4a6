import { browser } from 'wxt/browser';
import type { SaveOutcome } from '../messaging/protocol';
import { flashBadge } from './badge';
import { listCollections } from './library';

async function notify(title: string, message: string) {
  await browser.notifications
    ?.create({ type: 'basic', iconUrl: browser.runtime.getURL('/icon/128.png'), title, message })
    .catch(() => {});
}

/** Tells the user what became of a save made without the popup: the badge, and a notification naming the collection. */
export async function confirmSave(outcome: SaveOutcome) {
  if (outcome.status === 'saved') {
    const collection = await listCollections()
      .then((all) => all.find((c) => c.id === outcome.gem.collectionId)?.name)
      .catch(() => undefined);
    const where = collection ? `in ${collection}` : 'in Trove';
    flashBadge('saved', `Saved “${outcome.gem.title}” ${where}`);
    await notify('Saved to Trove', `“${outcome.gem.title}” is ${where}.${outcome.note ? ` ${outcome.note}` : ''}`);
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
