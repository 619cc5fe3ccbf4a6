import type { CreateGemInput } from '../api/contract';
import { saveEndpointFor } from '../api/save-endpoints';
import { isWebAddress } from '../api/web-address';
import { detectImageType, MAX_IMAGE_BYTES } from '../files/image-type';
import type { SaveOutcome, SavePayload } from '../messaging/protocol';
import { isPageMediaType } from '../messaging/types';
import { defaultMediaType, pageDetails } from '../page/page-gem';
import { getActivePage } from './active-page';
import { captureInTab } from './capture-in-tab';
import { findGemsAtUrl } from './library';
import { getPreferences } from './preferences';
import { queueSave } from './saves';

/**
 * Saves made without the popup (right-click menu, keyboard shortcut): straight into the queue, to the chosen default
 * collection.
 */
interface TabRef {
  tabId: number;
  frameId?: number;
  pageUrl: string;
  pageTitle: string;
}

const shorten = (text: string, max = 80) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
};

/**
 * Goes to the quick-save collection; if that is deleted before the save reaches the server, to Unfiltered (saves.ts).
 */
export async function enqueue(label: string, payload: SavePayload): Promise<SaveOutcome> {
  const { quickSaveCollectionId } = await getPreferences();
  const key = crypto.randomUUID();
  if (!quickSaveCollectionId) return queueSave({ key, label, payload });
  const gem = { ...payload.gem, collectionId: quickSaveCollectionId };
  return queueSave({ key, label, payload: { ...payload, gem }, quickSave: true });
}

/**
 * The gem of the page at `url` if the user saved it already (as a page: a quote, code or image saved from it is not
 * the page, as in the popup), or undefined. When the server cannot tell (offline, signed out), the save goes ahead:
 * queued, it is not checked again.
 */
async function pageAlreadySaved(url: string) {
  const found = await findGemsAtUrl(url).catch(() => []);
  return found.find((gem) => isPageMediaType(gem.media_type));
}

let lastPageSave: Promise<unknown> = Promise.resolve();
/**
 * Saves of a page or link one after the other: the same link saved twice in a row is looked up after the first
 * save has landed, so it finds it instead of making a second gem.
 */
function oneAtATime(save: () => Promise<SaveOutcome>): Promise<SaveOutcome> {
  const next = lastPageSave.then(save, save);
  lastPageSave = next.catch(() => undefined);
  return next;
}

/** A page or link: the gem already saved there (`existing`, nothing new made), or a new save. */
function savePageOrLink(url: string, label: string, payload: SavePayload) {
  return oneAtATime(async () => {
    const existing = await pageAlreadySaved(url);
    if (existing) return { status: 'saved', gem: existing, existing: true };
    return enqueue(label, payload);
  });
}

export async function savePage(tabId?: number): Promise<SaveOutcome> {
  const page = await getActivePage(tabId);
  if (!isWebAddress(page.url)) throw new Error('Trove saves web pages (http and https).');
  if (page.blocked) throw new Error('You blocked this site: Trove does not save its pages.');
  const mediaType = defaultMediaType(page);
  const gem: CreateGemInput = {
    ...pageDetails(page, mediaType),
    title: page.extract?.title || page.title,
    description: page.extract?.description ?? '',
    url: page.url,
    image: page.extract?.image ?? null,
  };
  return savePageOrLink(page.url, gem.title, { endpoint: saveEndpointFor(mediaType), gem });
}

export async function saveSelection(tab: TabRef, selectionText: string | undefined): Promise<SaveOutcome> {
  const captured = await captureInTab(tab, { kind: 'selection' });
  const text = captured?.text || selectionText || '';
  if (!text.trim()) throw new Error('Nothing is selected.');
  return enqueue(shorten(text), {
    endpoint: 'gems',
    gem: { title: shorten(text), description: text, text, url: tab.pageUrl, media_type: 'Quote', media: {} },
  });
}

export async function saveCode(tab: TabRef, selectionText: string | undefined): Promise<SaveOutcome> {
  const captured = await captureInTab(tab, { kind: 'code' });
  const code = captured?.code || selectionText || '';
  if (!code.trim()) throw new Error('Nothing is selected.');
  const language = captured?.language ?? undefined;
  const title = `${language ? `${language} code` : 'Code'} from ${shorten(tab.pageTitle, 60)}`;
  return enqueue(title, {
    endpoint: 'code',
    gem: { title, url: tab.pageUrl, media_type: 'Code', media: { code, ...(language ? { language } : {}) } },
  });
}

export async function saveLink(tab: TabRef, linkUrl: string): Promise<SaveOutcome> {
  const captured = await captureInTab(tab, { kind: 'link', linkUrl });
  const title = shorten(captured?.title || linkUrl, 200);
  return savePageOrLink(linkUrl, title, {
    endpoint: 'gems',
    gem: { title, url: linkUrl, media_type: 'Link', media: {} },
  });
}

/**
 * The image's bytes when the extension may read them (same origin as the page, which the menu
 * click grants; a CORS-open server; a data: URL) and they are a supported image within the size
 * limit. Otherwise null, and the image is saved by its address.
 */
async function readImage(srcUrl: string): Promise<{ dataUrl: string; name: string } | null> {
  try {
    const response = await fetch(srcUrl, { credentials: 'omit' });
    if (!response.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const type = detectImageType(bytes);
    if (!type || bytes.length > MAX_IMAGE_BYTES) return null;
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    const name = decodeURIComponent(new URL(srcUrl).pathname.split('/').pop() || 'image') || 'image';
    return { dataUrl: `data:${type};base64,${btoa(binary)}`, name };
  } catch {
    return null;
  }
}

export async function saveImage(tab: TabRef, srcUrl: string): Promise<SaveOutcome> {
  const captured = await captureInTab(tab, { kind: 'image', srcUrl });
  const title = shorten(captured?.title || captured?.alt || `Image from ${tab.pageTitle}`, 200);
  const gem: CreateGemInput = {
    title,
    description: captured?.alt ?? '',
    url: tab.pageUrl,
    media_type: 'Image',
    image: isWebAddress(srcUrl) ? srcUrl : null,
    media: {
      ...(isWebAddress(srcUrl) ? { mediaUrl: srcUrl } : {}),
      ...(captured?.alt ? { alt: captured.alt } : {}),
      ...(captured?.width ? { width: captured.width } : {}),
      ...(captured?.height ? { height: captured.height } : {}),
    },
  };
  const image = await readImage(srcUrl);
  return enqueue(title, image ? { endpoint: 'upload-all-file', gem, image } : { endpoint: 'gems', gem });
}

export const tabRef = (
  tab: { id?: number; url?: string; title?: string } | undefined,
  frameId?: number,
  pageUrl?: string,
): TabRef => {
  if (tab?.id === undefined) throw new Error('There is no tab to save from.');
  return { tabId: tab.id, frameId, pageUrl: pageUrl ?? tab.url ?? '', pageTitle: tab.title ?? pageUrl ?? '' };
};
