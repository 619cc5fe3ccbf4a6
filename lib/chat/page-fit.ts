import { contextBudget, estimateTokens } from '../api/context-budget';

/** The most page text a question carries (the contract's limit on `pageExtract.text`). */
export const MAX_PAGE_CHARS = 1_000_000;

export interface PageFit {
  tokens: number;
  /** The share of the page the model will get, 0–100. */
  percent: number;
  label: string;
}

const formatTokens = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'token' : 'tokens'}`;

/**
 * How much of a page fits a model of `contentLength` tokens, as the server will fit it (the same
 * estimate and budget), said before sending: "12,400 tokens — fits" or "… — cut to 60%".
 */
export function pageFit(text: string, contentLength: number): PageFit {
  const tokens = estimateTokens(text);
  const { budget } = contextBudget(contentLength);
  const sent = Math.min(tokens, budget, estimateTokens(text.slice(0, MAX_PAGE_CHARS)));
  if (sent >= tokens) return { tokens, percent: 100, label: `${formatTokens(tokens)} — fits` };
  const percent = Math.floor((sent / tokens) * 100);
  return { tokens, percent, label: `${formatTokens(tokens)} — cut to ${percent}%` };
}
