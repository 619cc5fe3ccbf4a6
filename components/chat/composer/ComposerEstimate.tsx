import type { UserModel } from '@/lib/api/ai-contract';
import { pageFit } from '@/lib/chat/page-fit';
import type { ActivePage } from '@/lib/messaging/types';

interface ComposerEstimateProps {
  page: ActivePage | null;
  models: UserModel[];
  showCost: boolean;
}

/** The context a question would be sent with against the model's context length, and its input cost when asked for. */
export function ComposerEstimate({ page, models, showCost }: ComposerEstimateProps) {
  const model = models[0];
  if (!model) return null;
  const contentLength = Math.min(...models.map((m) => m.content_length));
  const text = page?.extract?.markdown ?? '';
  const fit = text ? pageFit(text, contentLength) : null;
  const tokens = fit ? Math.round((fit.tokens * fit.percent) / 100) : 0;
  const cost = models.reduce((sum, m) => sum + (tokens * m.inputPricePerMillion) / 1_000_000, 0);
  return (
    <>
      ≈ {tokens.toLocaleString('en-US')} / {contentLength.toLocaleString('en-US')} tokens
      {showCost ? ` · ≈ $${cost < 0.01 ? cost.toFixed(4) : cost.toFixed(2)}` : ''}
    </>
  );
}
