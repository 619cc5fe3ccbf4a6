import { browser } from 'wxt/browser';
import type { CreateGemInput } from '../api/contract';
import { isWebAddress } from '../api/web-address';
import { MAX_IMAGE_BYTES } from '../files/image-type';
import type { SaveOutcome } from '../messaging/protocol';
import { isBlockedNow } from './blocked-sites';
import { enqueue } from './quick-save';

/** How many bytes a data: URL's base64 stands for. */
const bytesOf = (dataUrl: string) => Math.floor(((dataUrl.length - dataUrl.indexOf(',') - 1) * 3) / 4);

/** The visible part of the tab as PNG; as JPEG when the PNG would pass the server's 5 MB image limit. */
async function capture(windowId: number | undefined) {
  const png = await browser.tabs.captureVisibleTab(windowId as number, { format: 'png' });
  if (bytesOf(png) <= MAX_IMAGE_BYTES) return { dataUrl: png, name: 'screenshot.png' };
  const jpeg = await browser.tabs.captureVisibleTab(windowId as number, { format: 'jpeg', quality: 80 });
  return { dataUrl: jpeg, name: 'screenshot.jpg' };
}

async function sizeOf(dataUrl: string) {
  try {
    const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return {};
  }
}

/**
 * Saves what the tab shows as an Image gem (`POST /api/gems/upload-screenshot`), through the save queue like every
 * other quick save: sent now, or kept and sent when the server is back. The tab is the active one unless given; the
 * toolbar click or the menu click grants the extension it (activeTab).
 */
export async function saveScreenshot(given?: { windowId?: number; url?: string; title?: string }) {
  const [active] = given ? [given] : await browser.tabs.query({ active: true, lastFocusedWindow: true });
  const url = active?.url;
  if (!isWebAddress(url)) throw new Error('Trove saves screenshots of web pages (http and https).');
  if (isBlockedNow(url)) throw new Error('You blocked this site: Trove does not save its pages.');
  const image = await capture(active?.windowId);
  const title = `Screenshot of ${(active?.title || url).replace(/\s+/g, ' ').trim()}`.slice(0, 200);
  const gem: CreateGemInput = { title, url, media_type: 'Image', media: { ...(await sizeOf(image.dataUrl)) } };
  return enqueue(title, { endpoint: 'upload-screenshot', gem, image }) satisfies Promise<SaveOutcome>;
}
