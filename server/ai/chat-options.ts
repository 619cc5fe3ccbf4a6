/**
 * Chat options that shape an answer after (or around) it: follow-up questions and citations.
 *
 * Follow-ups: after an answer ends with status 'done', the same model is asked once more (not
 * streamed, no retries) for FOLLOW_UP_COUNT short questions as a JSON array. The reply is read
 * defensively (`parseFollowUps`); a failed or unreadable reply gives an empty list, never a failed answer.
 *
 * Citations: the included context items (manifest order, dropped ones skipped) are numbered from 1
 * and the model is asked to cite them as [n]; the markers in the answer are mapped back to the items.
 */
import { generateText, type LanguageModel, type ModelMessage, type SystemModelMessage } from 'ai';
import type { Citation, ContextManifestItem, MessageUsage } from '../../lib/api/chat-contract';

export const FOLLOW_UP_COUNT = 3;
export const FOLLOW_UP_MAX_CHARS = 200;
export const FOLLOW_UPS_PROMPT = `Suggest ${FOLLOW_UP_COUNT} short follow-up questions the user could ask next about this conversation. Reply with only a JSON array of ${FOLLOW_UP_COUNT} strings, nothing else.`;

const unquote = (question: string) =>
  question
    .trim()
    .replace(/^["'“”‘’`]+|["'“”‘’`,]+$/g, '')
    .trim();
const cut = (question: string) => question.slice(0, FOLLOW_UP_MAX_CHARS).trim();
const clean = (question: string) => cut(unquote(question));

/**
 * The questions in a model's reply: a JSON array of strings (possibly in a code fence or with text
 * around it), or else one question per line (bullets and numbering removed; only lines ending
 * with '?' count). At most FOLLOW_UP_COUNT, each cut to FOLLOW_UP_MAX_CHARS; anything else gives [].
 */
export function parseFollowUps(reply: string): string[] {
  const start = reply.indexOf('[');
  const end = reply.lastIndexOf(']');
  if (start >= 0 && end > start) {
    try {
      const parsed: unknown = JSON.parse(reply.slice(start, end + 1));
      if (Array.isArray(parsed)) {
        return parsed
          .filter((q): q is string => typeof q === 'string')
          .map(clean)
          .filter(Boolean)
          .slice(0, FOLLOW_UP_COUNT);
      }
    } catch {
      // not JSON: try lines
    }
  }
  return reply
    .split(/\r?\n/)
    .map((line) => unquote(line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '')))
    .filter((line) => line.length > 1 && line.endsWith('?'))
    .map(cut)
    .slice(0, FOLLOW_UP_COUNT);
}

/**
 * Asks `model` for follow-up questions to the finished exchange, with the provider's usage (to be paid
 * for as the answer is); no questions and no usage when that fails.
 */
export async function askFollowUps(run: {
  model: LanguageModel;
  system: string | SystemModelMessage[];
  messages: ModelMessage[];
  answer: string;
  abortSignal: AbortSignal;
}): Promise<{ questions: string[]; usage: MessageUsage | null }> {
  try {
    const result = await generateText({
      model: run.model,
      system: run.system,
      messages: [
        ...run.messages,
        { role: 'assistant', content: run.answer },
        { role: 'user', content: FOLLOW_UPS_PROMPT },
      ],
      maxRetries: 0,
      abortSignal: run.abortSignal,
    });
    const usage = { input: result.totalUsage.inputTokens ?? 0, output: result.totalUsage.outputTokens ?? 0 };
    return { questions: parseFollowUps(result.text), usage };
  } catch {
    return { questions: [], usage: null };
  }
}

/** The items an answer can cite: those sent to the model, numbered from 1 in manifest order. */
export function citableItems(manifest: ContextManifestItem[]): Citation[] {
  return manifest
    .filter((item) => item.included !== 'dropped')
    .map((item, i) => ({
      n: i + 1,
      kind: item.kind,
      ...(item.id !== undefined ? { id: item.id } : {}),
      ...(item.url ? { url: item.url } : {}),
      title: item.title,
    }));
}

/** The system-prompt part asking for [n] citations of `items` ('' when there are none). */
export function citationInstruction(items: Citation[]): string {
  if (!items.length) return '';
  const list = items.map((item) => `[${item.n}] ${item.title || item.url || item.kind}`).join('\n');
  return `When you use a context item, cite it with its number in square brackets, like [1] or [2][3]. The context items are numbered in the order given:\n${list}`;
}

/** The items cited in `answer` by [n] (also [n, m]) markers, once each, by number; unknown numbers are ignored. */
export function parseCitations(answer: string, items: Citation[]): Citation[] {
  const cited = new Set<number>();
  for (const match of answer.matchAll(/\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g)) {
    for (const n of (match[1] ?? '').split(',')) cited.add(Number(n.trim()));
  }
  return items.filter((item) => cited.has(item.n));
}
