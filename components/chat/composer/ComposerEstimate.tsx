import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { UserModel } from '@/lib/api/ai-contract';
import type { ContextSizeInput } from '@/lib/api/chat-contract';
import { CHARS_PER_TOKEN, contextBudget, estimateTokens } from '@/lib/api/context-budget';
import { MAX_PAGE_CHARS } from '@/lib/chat/page-fit';
import type { ActivePage } from '@/lib/messaging/types';
import { pageGemsIncludedAtom } from '../atoms';
import { type BookmarkChoice, bookmarkCount, contextIds } from '../bookmarks/selection';
import { useChatApi } from '../chat-api-context';
import { usePageGems } from '../page/use-page-gems';
import { useContextSent } from '../use-context-sent';
import { contextSizeQuery } from './queries';

interface ComposerEstimateProps {
  page: ActivePage | null;
  models: UserModel[];
  showCost: boolean;
}

/**
 * The tokens of the gems a question would be sent with, which only the server reads (POST /api/chats/context-size):
 * the chosen gems and collections and, when included, the gems saved at the page (asked for only when it has some).
 * 0 when there are none; while a new choice is counted (or cannot be), the count so far stands.
 */
function useGemTokens(page: ActivePage | null, bookmarks: BookmarkChoice): number {
  const api = useChatApi();
  const pageGemsIncluded = useAtomValue(pageGemsIncludedAtom);
  // As useSendQuestion sends them: the page's gems go with its extract.
  const pageGems = usePageGems(page?.extract ? page.url : null);
  const withPageGems = page !== null && pageGemsIncluded && pageGems.length > 0;
  const input: ContextSizeInput = {
    ...contextIds(bookmarks),
    ...(withPageGems ? { includePageGems: true, pageExtract: { url: page.url } } : {}),
  };
  const enabled = withPageGems || bookmarkCount(bookmarks) > 0;
  const size = useQuery({ ...contextSizeQuery(api, input), enabled, placeholderData: keepPreviousData });
  return enabled ? (size.data?.tokens ?? 0) : 0;
}

/**
 * The context a question would be sent with against the model's context length, and its input cost when
 * asked for. What is counted is what useSendQuestion sends and the server fits (server/features/answers/context.ts): the
 * Context Text, the attached files' text, the page and the gems (chosen ones, the chosen collections', the page's
 * saved ones when included; their size comes from the server, which reads them), together cut to the model's budget.
 */
export function ComposerEstimate({ page, models, showCost }: ComposerEstimateProps) {
  const sent = useContextSent();
  const gemTokens = useGemTokens(page, sent.bookmarks);
  const model = models[0];
  if (!model) return null;
  const contentLength = Math.min(...models.map((m) => m.content_length));
  const pageText = page?.extract?.markdown.slice(0, MAX_PAGE_CHARS) ?? '';
  const attached =
    estimateTokens(sent.text) + sent.files.reduce((sum, f) => sum + Math.ceil((f.chars ?? 0) / CHARS_PER_TOKEN), 0);
  const tokens = Math.min(attached + estimateTokens(pageText) + gemTokens, contextBudget(contentLength).budget);
  const cost = models.reduce((sum, m) => sum + (tokens * m.inputPricePerMillion) / 1_000_000, 0);
  return (
    <>
      ≈ {tokens.toLocaleString('en-US')} / {contentLength.toLocaleString('en-US')} tokens
      {showCost ? ` · ≈ $${cost < 0.01 ? cost.toFixed(4) : cost.toFixed(2)}` : ''}
    </>
  );
}
