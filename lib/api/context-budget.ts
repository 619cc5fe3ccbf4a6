/**
 * How much context fits a model, shared by the server (which fits it, server/features/answers/context.ts) and the
 * side panel (whose page chip says before sending how much of the page will fit).
 *
 * Token estimate: ~4 characters per token, the usual rule of thumb for English text with the
 * providers' BPE tokenizers; no tokenizer is loaded. The budget for context items is the model's
 * `content_length` minus a reserve for the question, the earlier turns and the answer: a quarter of
 * the context length, at least `MIN_RESERVE_TOKENS`.
 */
export const CHARS_PER_TOKEN = 4;
export const MIN_RESERVE_TOKENS = 1024;
export const RESERVE_SHARE = 0.25;
/** At most this many gems are read from one chosen collection and its sub-collections (newest first). */
export const MAX_GEMS_PER_COLLECTION = 1000;

export const estimateTokens = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/** The room for context items in a model of `contentLength` tokens. */
export function contextBudget(contentLength: number) {
  const reserve = Math.max(MIN_RESERVE_TOKENS, Math.ceil(contentLength * RESERVE_SHARE));
  return { reserve, budget: Math.max(0, contentLength - reserve) };
}
