import type { z } from 'zod';
import type { ContextSize, contextSizeBody } from '../../../lib/api/chat-contract';
import { estimateTokens } from '../../../lib/api/context-budget';
import type { RequestContext } from '../../http/request-context';
import { gatherContext, isMaterial } from './context';
import { itemLabel } from './context-fit';

/**
 * The size of the gems a question would be sent with (`POST /api/chats/context-size`): the chosen gems, the gems of
 * the chosen collections and those saved at the page, gathered exactly as sending gathers them (gatherContext: the
 * user's own, each gem once, at most MAX_GEMS_PER_COLLECTION a collection). Each gem counts as it is sent, under its
 * heading, as context-fit.ts counts it against the model's budget; the page extract, files and free text are the
 * panel's to count.
 */
export async function contextSize(
  { db, files, userId }: RequestContext,
  input: z.output<typeof contextSizeBody>,
): Promise<ContextSize> {
  const { pageExtract, ...ids } = input;
  const items = await gatherContext(
    db,
    userId,
    { ...ids, fileIds: [], ...(pageExtract ? { pageExtract: { url: pageExtract.url, title: '', text: '' } } : {}) },
    { store: files.store, chatId: null, at: '' },
  );
  const sent = items
    .filter((item) => isMaterial(item) && item.omitted === undefined)
    .map((item) => `${itemLabel(item)}\n${item.text}`);
  return {
    chars: sent.reduce((sum, text) => sum + text.length, 0),
    tokens: sent.reduce((sum, text) => sum + estimateTokens(text), 0),
    items: sent.length,
  };
}
