import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { idSchema } from '../api/integers';
import { parseSearch } from '../search/parse';

/**
 * What the side panel is asked to do, one entry per tab, written as the panel opens and taken (and removed) by the
 * panel: the right-click menu's "Chat about this page" / "Ask about the selection" (written by the background), or the
 * library page's "Chat about it" / "Chat about these results" (written by that page). An entry of its own per tab, so
 * two requests for two tabs made at the same moment never overwrite each other (a shared list read, then written,
 * lost one). Session storage: gone with the browser. Checked against its schema on both sides of storage.
 */

/** Most gems one request names (the context's limit on chosen gems, lib/api/chat-contract.ts). */
export const MAX_REQUEST_GEMS = 100;

const name = z.string().trim().max(1000);
/** Query text in the library's search language (lib/search/), checked by its parser. */
const searchText = z
  .string()
  .max(1000)
  .superRefine((text, ctx) => {
    const parsed = parseSearch(text);
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: `${parsed.error.message} (at ${parsed.error.position})` });
  });

/** The library's chat about saved gems: some gems, a collection (with its sub-collections), or a search's results. */
export const libraryChatSchema = z.discriminatedUnion('about', [
  z.strictObject({
    about: z.literal('gems'),
    gems: z
      .array(z.strictObject({ id: idSchema, title: name }))
      .min(1)
      .max(MAX_REQUEST_GEMS),
  }),
  z.strictObject({ about: z.literal('collection'), collection: z.strictObject({ id: idSchema, name }) }),
  z.strictObject({
    about: z.literal('search'),
    /** '' is every gem (the library's All gems). */
    query: searchText,
    /** What the library called these results ("Favourites", "Search results"). */
    label: name,
    /** How many gems the library showed for it. */
    total: z.number().int().min(0),
  }),
]);
export type LibraryChat = z.infer<typeof libraryChatSchema>;

const tabIdSchema = z.number().int().min(0);
export const chatRequestSchema = z.union([
  z.strictObject({
    tabId: tabIdSchema,
    /** A selection to quote in the composer ("Ask about the selection"); null for "Chat about this page". */
    quote: z.string().nullable(),
  }),
  z.strictObject({ tabId: tabIdSchema, library: libraryChatSchema }),
]);
export type ChatRequest = z.infer<typeof chatRequestSchema>;
export type LibraryChatRequest = Extract<ChatRequest, { library: unknown }>;
export const isLibraryRequest = (request: ChatRequest): request is LibraryChatRequest => 'library' in request;

const PREFIX = 'chatRequest.';
const keyOf = (tabId: number) => `session:${PREFIX}${tabId}` as const;

/** Stores `request` for its tab; a request that breaks the schema throws before anything is written. */
export function addChatRequest(request: ChatRequest): Promise<void> {
  const checked = chatRequestSchema.parse(request);
  return storage.setItem(keyOf(checked.tabId), checked);
}

/** The request for `tabId`, removed from storage; null when there is none (or what is stored breaks the schema). */
export async function takeChatRequest(tabId: number): Promise<ChatRequest | null> {
  const stored = await storage.getItem<unknown>(keyOf(tabId));
  if (stored === null) return null;
  await storage.removeItem(keyOf(tabId));
  const parsed = chatRequestSchema.safeParse(stored);
  return parsed.success && parsed.data.tabId === tabId ? parsed.data : null;
}

/** Calls `onChange` when a request for any tab is added or taken; returns how to stop. */
export function watchChatRequests(onChange: () => void): () => void {
  // The session area's own event, as WXT's storage watches it.
  const listener = (changes: Record<string, unknown>) => {
    if (Object.keys(changes).some((key) => key.startsWith(PREFIX))) onChange();
  };
  browser.storage.session.onChanged.addListener(listener);
  return () => browser.storage.session.onChanged.removeListener(listener);
}
