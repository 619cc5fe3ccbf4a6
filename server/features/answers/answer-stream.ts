import type { MessageUsage } from '../../../lib/api/contract';
import type { MemoryProposalFilter } from '../../ai/memory-proposal';
import { describeProviderError } from '../../ai/provider-errors';
import { WebSources } from '../../ai/web-sources';
import type { Checkpoints } from './answer-checkpoints';
import type { ProviderAnswer } from './ask-provider';
import type { Generation } from './generations';

/** How the provider's stream ended: its first failure, its finish reason and its usage (each when it came). */
export interface StreamRead {
  failure?: string;
  finishReason?: string;
  usage: MessageUsage | null;
}

/** The provider, named in the failures read (its key masked in them; someone else's told without its words). */
export interface ProviderName {
  providerName: string;
  providerKey?: string;
  providerOnBehalf?: string;
}

/** How long an answer's deltas may keep the event loop to themselves (a provider's burst of chunks). */
const HOLD_MS = 2;

/**
 * Lets the event loop run after the first delta and then at least every HOLD_MS. A provider's chunks
 * that arrive together are parsed and forwarded in one run of promise callbacks, and Node sends what
 * a response wrote only after such a run (it corks the socket until the next tick): without a break,
 * the first delta left only with the last, and other requests waited for the whole burst.
 */
class Outlet {
  private last: number | undefined;

  async after(): Promise<void> {
    const now = performance.now();
    if (this.last !== undefined && now - this.last < HOLD_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.last = performance.now();
  }
}

/**
 * Reads the answer `asked` of the provider into `generation`: reasoning, web sources and text deltas are broadcast as
 * they come (a memory proposal held back by `proposals`), and the text is checkpointed to the row.
 */
export async function readAnswer(
  generation: Generation,
  asked: ProviderAnswer,
  {
    providerName,
    providerKey,
    providerOnBehalf,
    checkpoints,
    proposals,
  }: ProviderName & {
    checkpoints?: Checkpoints;
    proposals?: MemoryProposalFilter;
  },
): Promise<StreamRead> {
  const upstream = { name: providerName, apiKey: providerKey, onBehalf: providerOnBehalf };
  const outlet = new Outlet();
  const sources = new WebSources();
  const read: StreamRead = { usage: null };
  try {
    if ('error' in asked) throw asked.error;
    for await (const part of asked.stream.fullStream) {
      // Cut (access to its context lost): nothing the provider sent after that reaches anyone.
      if (generation.cutReason) break;
      if (part.type === 'reasoning-delta') {
        generation.emit({ type: 'reasoning', text: part.text });
      } else if (part.type === 'source') {
        const results = sources.look(part);
        if (results) generation.emit({ type: 'sources', results });
      } else if (part.type === 'text-end') {
        const results = sources.cite(part.citations);
        if (results) generation.emit({ type: 'sources', results });
      } else if (part.type === 'text-delta') {
        const text = proposals ? proposals.push(part.text) : part.text;
        if (!text) continue;
        generation.emit({ type: 'delta', text });
        checkpoints?.touch();
        await outlet.after();
      } else if (part.type === 'error') {
        read.failure ??= describeProviderError(upstream, part.error);
      } else if (part.type === 'finish') {
        read.finishReason = part.finishReason;
        read.usage = { input: part.totalUsage.inputTokens ?? 0, output: part.totalUsage.outputTokens ?? 0 };
      }
    }
  } catch (error) {
    if (!generation.controller.signal.aborted) read.failure ??= describeProviderError(upstream, error);
  }
  const rest = proposals?.end();
  if (rest) generation.emit({ type: 'delta', text: rest });
  return read;
}
