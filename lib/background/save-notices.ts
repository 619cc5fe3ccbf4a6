import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { libraryPath } from '../library/open-library';
import { announceLibraryChange } from '../messaging/library-changes';
import { deleteGem } from './library';

/**
 * The notifications that confirm saves made without the popup, and their buttons: **Open** (the gem's sheet on the
 * library page, as the popup's "Open in library") and, for a gem this save made, **Undo** (deletes it). Which gem a
 * notification is about is kept in session storage, so a click still works after the service worker was stopped.
 * Firefox shows no buttons: there a click on the notification opens the gem.
 */
export interface SaveNotice {
  gemId: number;
  /** The save made this gem (Undo deletes it); false when it was already saved. */
  undo: boolean;
}

export const OPEN_BUTTON = 'Open';
export const UNDO_BUTTON = 'Undo';

const noticesItem = storage.defineItem<Record<string, SaveNotice>>('session:saveNotices', { fallback: {} });

const basic = (title: string, message: string) => ({
  type: 'basic' as const,
  iconUrl: browser.runtime.getURL('/icon/128.png'),
  title,
  message,
});

/** Shows a notification; with `notice`, its buttons act on that gem. */
export async function notify(title: string, message: string, notice?: SaveNotice) {
  const notifications = browser.notifications;
  if (!notifications) return;
  let id: string | undefined;
  if (notice) {
    const buttons = [{ title: OPEN_BUTTON }, ...(notice.undo ? [{ title: UNDO_BUTTON }] : [])];
    // Browsers without notification buttons (Firefox) may refuse the option: the notification goes without them.
    id = await notifications.create({ ...basic(title, message), buttons }).catch(() => undefined);
  }
  id ??= await notifications.create(basic(title, message)).catch(() => undefined);
  if (id && notice) await noticesItem.setValue({ ...(await noticesItem.getValue()), [id]: notice });
}

async function take(id: string): Promise<SaveNotice | undefined> {
  const all = await noticesItem.getValue();
  const notice = all[id];
  if (notice) {
    const { [id]: _, ...rest } = all;
    await noticesItem.setValue(rest);
  }
  await browser.notifications?.clear(id).catch(() => false);
  return notice;
}

const openGem = (gemId: number) =>
  browser.tabs.create({ url: browser.runtime.getURL(libraryPath(gemId)) }).then(() => undefined);

/** A click on a notification's button (0: Open, 1: Undo). */
export async function onNoticeButton(id: string, buttonIndex: number) {
  const notice = await take(id);
  if (!notice) return;
  if (buttonIndex === 0) return openGem(notice.gemId);
  if (buttonIndex !== 1 || !notice.undo) return;
  try {
    await deleteGem({ id: notice.gemId });
    announceLibraryChange();
    await notify('Save undone', 'The gem was removed from Trove.');
  } catch (error) {
    await notify('The save was not undone', error instanceof Error ? error.message : String(error));
  }
}

/** A click on the notification itself opens the gem (the only way to it where notifications have no buttons). */
export async function onNoticeClick(id: string) {
  const notice = await take(id);
  if (notice) await openGem(notice.gemId);
}

export function registerSaveNotices() {
  browser.notifications?.onButtonClicked?.addListener((id, index) => void onNoticeButton(id, index));
  browser.notifications?.onClicked?.addListener((id) => void onNoticeClick(id));
  browser.notifications?.onClosed?.addListener((id) => void take(id));
}
