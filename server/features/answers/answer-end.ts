import type { MessageUsage } from '../../../lib/api/contract';
import type { AiModelRow } from '../../db/types';
import type { StreamRead } from './answer-stream';
import type { Generation, GenerationEnd } from './generations';

type Prices = Pick<AiModelRow, 'inputPricePerMillion' | 'outputPricePerMillion'>;

/** US dollars: the catalogue's prices × usage. */
const costOf = (model: Prices, usage: MessageUsage) =>
  (usage.input * model.inputPricePerMillion + usage.output * model.outputPricePerMillion) / 1_000_000;

/** How an answer read from its provider ends: done, stopped by the user, or an error saying why. */
export function classifyEnd(
  generation: Generation,
  model: Prices,
  { failure, finishReason, usage }: StreamRead,
  providerName: string,
): GenerationEnd {
  // Stopped: the provider's usage if it came before the stop (the AI SDK gives none for a step cut short).
  if (generation.stopRequested)
    return { type: 'done', status: 'stopped', usage, cost: usage ? costOf(model, usage) : null };
  if (generation.cutReason) return { type: 'error', message: generation.cutReason };
  if (generation.controller.signal.aborted)
    return { type: 'error', message: 'The server stopped before the answer was complete' };
  if (failure) return { type: 'error', message: failure };
  // Ollama's provider ends a failed stream with finish reason 'other' and no error part: anything but 'stop' is a
  // failure.
  if (finishReason !== 'stop')
    return {
      type: 'error',
      message: `${providerName} ended the answer early (finish reason: ${finishReason ?? 'none'})`,
    };
  return { type: 'done', status: 'done', usage, cost: usage ? costOf(model, usage) : null };
}
