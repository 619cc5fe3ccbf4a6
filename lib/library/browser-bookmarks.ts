import { browser } from 'wxt/browser';
import { type BookmarkNode, bookmarksAsNetscape, countBookmarks } from './import-file';

export const BROWSER_BOOKMARKS_FILE = 'Browser bookmarks';

export class BookmarksRefused extends Error {
  constructor() {
    super('Trove was not allowed to read your bookmarks. Click again and choose Allow to import them.');
  }
}

/**
 * Asks for the optional `bookmarks` permission (call it first thing in the click: browsers grant it only inside a
 * user's gesture), then reads the whole tree as a bookmarks file the import reads.
 */
export async function readBrowserBookmarks(): Promise<{ fileName: string; content: string; count: number }> {
  const granted = await browser.permissions.request({ permissions: ['bookmarks'] });
  if (!granted) throw new BookmarksRefused();
  const tree = (await browser.bookmarks.getTree()) as BookmarkNode[];
  return { fileName: BROWSER_BOOKMARKS_FILE, content: bookmarksAsNetscape(tree), count: countBookmarks(tree) };
}
