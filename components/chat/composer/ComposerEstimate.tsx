import type { UserModel } from '@/lib/api/ai-contract';
import { CHARS_PER_TOKEN, contextBudget, estimateTokens } from '@/lib/api/context-budget';
import { MAX_PAGE_CHARS } from '@/lib/chat/page-fit';
import type { ActivePage } from '@/lib/messaging/types';
import { useContextSent } from '../use-context-sent';

interface ComposerEstimateProps {
  page: ActivePage | null;
  models: UserModel[];
  showCost: boolean;
}

/**
 * The context a question would be sent with against the model's context length, and its input cost when
 * asked for. What is counted is what useSendQuestion sends and the server fits (server/ai/context.ts): the
 * Context Text, the attached files' text and the page, together cut to the model's budget. The chosen
 * gems and collections are read on the server, so their size is not known here.
 */
export function ComposerEstimate({ page, models, showCost }: ComposerEstimateProps) {
  const sent = useContextSent();
  const model = models[0];
  if (!model) return null;
  const contentLength = Math.min(...models.map((m) => m.content_length));
  const pageText = page?.extract?.markdown.slice(0, MAX_PAGE_CHARS) ?? '';
  const attached =
    estimateTokens(sent.text) + sent.files.reduce((sum, f) => sum + Math.ceil((f.chars ?? 0) / CHARS_PER_TOKEN), 0);
  const tokens = Math.min(attached + estimateTokens(pageText), contextBudget(contentLength).budget);
  const cost = models.reduce((sum, m) => sum + (tokens * m.inputPricePerMillion) / 1_000_000, 0);
  return (
    <>
      ≈ {tokens.toLocaleString('en-US')} / {contentLength.toLocaleString('en-US')} tokens
      {showCost ? ` · ≈ $${cost < 0.01 ? cost.toFixed(4) : cost.toFixed(2)}` : ''}
    </>
  );
}
