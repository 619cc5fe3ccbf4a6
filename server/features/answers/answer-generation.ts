import { type ModelMessage, type SystemModelMessage, streamText } from 'ai';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { estimateTokens } from '../../../lib/api/context-budget';
import type { Citation, MessageUsage } from '../../../lib/api/contract';
import { askFollowUps, parseCitations } from '../../ai/chat-options';
import { MemoryProposalFilter } from '../../ai/memory-proposal';
import { describeProviderError } from '../../ai/provider-errors';
import type { ToolSetup } from '../../ai/tools';
import { WebSources } from '../../ai/web-sources';
import type { Db } from '../../db/client';
import { messages, UNFINISHED } from '../../db/schema';
import type { AiModelRow } from '../../db/types';
import { CHECKPOINT_MS } from '../chats/chats';
import { type Charge, keepHeld, settleCredits } from '../credits/credits';
import type { Generation, GenerationEnd } from './generations';
import { HeldLease, type LeaseSettings } from './leases';
import { INTERRUPTED } from './recovery';

/**
 * One answer generated from the provider into its Generation: streamed, checkpointed to its row while
 * this copy holds the lease, then stored with its cost, citations and follow-ups, and house credits charged.
 */

const costOf = (model: AiModelRow, usage: MessageUsage) =>
  (usage.input * model.inputPricePerMillion + usage.output * model.outputPricePerMillion) / 1_000_000;

export interface Persist {
  db: Db;
  messageId: number;
  /** This copy's lease on the row (taken when it was inserted). */
  lease: LeaseSettings;
}

/**
 * House-model credits an answer costs: 1 credit per 1,000 tokens (input + output), rounded up,
 * at least 1. Spent when a house model's answer ends done or stopped (with the provider's usage, or
 * when stopped before it came, the streamed text's estimated tokens), and its follow-up questions by their own usage; a
 * failed answer costs nothing. The balance never goes below 0; at 0 house models are Inactive.
 */
export const creditsFor = (usage: MessageUsage) => Math.max(1, Math.ceil((usage.input + usage.output) / 1000));

/**
 * settleCredits outside the answer's transaction (a temporary answer, one not stored, the follow-ups): a failure is
 * logged, not thrown (recovery gives an unsettled hold back).
 */
async function spendApart(charge: Charge, usage: MessageUsage | null) {
  try {
    await settleCredits(charge.db, charge, usage && creditsFor(usage));
  } catch (error) {
    console.error(`[trove] spending credits of user ${charge.userId} failed:`, error);
  }
}

/** Writes the growing answer to the row, at most every CHECKPOINT_MS, one write at a time. */
class Checkpoints {
  private last = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private written = -1;

  constructor(
    private readonly persist: Persist,
    private readonly generation: Generation,
  ) {}

  touch() {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.flush();
      },
      Math.max(0, this.last + CHECKPOINT_MS - Date.now()),
    );
  }

  private flush() {
    const text = this.generation.text;
    if (text.length === this.written) return;
    this.written = text.length;
    this.last = Date.now();
    const { db, messageId } = this.persist;
    this.chain = this.chain
      .then(async () => {
        const updated = await db
          .update(messages)
          .set({ answerText: text, status: 'streaming', updatedAt: sql`now()` })
          .where(and(eq(messages.id, messageId), inArray(messages.status, [...UNFINISHED])))
          .returning({ id: messages.id });
        // Stopped by a request another server copy handled: end here too.
        if (!updated.length && !this.generation.controller.signal.aborted) this.generation.stop();
      })
      .catch((error: unknown) => console.error(`[trove] checkpoint of message ${messageId} failed:`, error));
  }

  async close() {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }
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

/** What the provider is asked: the model, the prompt, and the tool's provider tools and options (server/ai/tools.ts). */
export interface ProviderRequest {
  llm: Parameters<typeof streamText>[0]['model'];
  system: string | SystemModelMessage[];
  messages: ModelMessage[];
  tools?: Omit<ToolSetup, 'llm'>;
}

/** The provider's answer as it streams in, or why it could not be asked. */
export type ProviderAnswer = { stream: ReturnType<typeof streamText> } | { error: unknown };

/**
 * Asks the provider for the answer now (the AI SDK sends the request at once); `generate` reads it. Asked before the
 * question is stored, the store overlaps the wait for the first token. Ended by `generation`'s controller.
 */
export function askProvider(generation: Generation, request: ProviderRequest): ProviderAnswer {
  try {
    return {
      stream: streamText({
        model: request.llm,
        system: request.system,
        messages: request.messages,
        ...request.tools,
        abortSignal: generation.controller.signal,
        onError: () => {}, // errors are read from the stream in generate
      }),
    };
  } catch (error) {
    return { error };
  }
}

/** Calls off an answer asked for that will not be read (its question could not be stored). */
export function dropAnswer(generation: Generation, asked: ProviderAnswer) {
  generation.controller.abort();
  if ('stream' in asked) void asked.stream.consumeStream({ onError: () => {} });
}

/**
 * Reads the answer `asked` of the provider into `generation`: deltas are broadcast as they come and
 * checkpointed to the row (when `persist`); at the end the row gets the full answer, the status,
 * usage and cost (or the error), and only then is the end broadcast; the follow-up questions (asked for) come
 * after it, and then the generation is closed.
 */
export async function generate(
  generation: Generation,
  model: AiModelRow,
  asked: ProviderAnswer,
  run: ProviderRequest & {
    providerName: string;
    /** The key the provider is called with, masked in its error messages. */
    providerKey?: string;
    persist?: Persist;
    /** Ask for follow-up questions once the answer is done. */
    followUps?: boolean;
    /** The citable context items, when citations were asked for. */
    citable?: Citation[];
    /** Memory on: a `REMEMBER:` line is taken off the answer as the message's memory proposal. */
    memoryProposals?: boolean;
    /** A house model's answer: the user whose credits pay for it. */
    charge?: Charge;
  },
) {
  const checkpoints = run.persist ? new Checkpoints(run.persist, generation) : undefined;
  // Lost lease: stopped through another copy (the end is stored as such) or taken by recovery (the store below finds
  // that).
  const lease = run.persist
    ? new HeldLease(run.persist.db, run.persist.messageId, run.persist.lease, () => {
        if (!generation.controller.signal.aborted) generation.stop();
      })
    : undefined;
  const holding = run.charge ? keepHeld(run.charge) : undefined;
  const outlet = new Outlet();
  const proposals = run.memoryProposals ? new MemoryProposalFilter() : undefined;
  const sources = new WebSources();
  let failure: string | undefined;
  let finishReason: string | undefined;
  let usage: MessageUsage | null = null;
  try {
    if ('error' in asked) throw asked.error;
    for await (const part of asked.stream.fullStream) {
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
        failure ??= describeProviderError(run.providerName, part.error, run.providerKey);
      } else if (part.type === 'finish') {
        finishReason = part.finishReason;
        usage = { input: part.totalUsage.inputTokens ?? 0, output: part.totalUsage.outputTokens ?? 0 };
      }
    }
  } catch (error) {
    if (!generation.controller.signal.aborted)
      failure ??= describeProviderError(run.providerName, error, run.providerKey);
  }
  const rest = proposals?.end();
  if (rest) generation.emit({ type: 'delta', text: rest });
  try {
    await checkpoints?.close();
  } finally {
    // Renewing ends whatever happens: if this answer is not stored, recovery takes its lease and its hold once they
    // lapse.
    await lease?.release();
    await holding?.stop();
  }

  let end: GenerationEnd;
  // Stopped: the provider's usage if it came before the stop (the AI SDK gives none for a step cut short).
  if (generation.stopRequested)
    end = { type: 'done', status: 'stopped', usage, cost: usage ? costOf(model, usage) : null };
  else if (generation.controller.signal.aborted)
    end = { type: 'error', message: 'The server stopped before the answer was complete' };
  else if (failure) end = { type: 'error', message: failure };
  // Ollama's provider ends a failed stream with finish reason 'other' and no error part: anything but 'stop' is a
  // failure.
  else if (finishReason !== 'stop')
    end = {
      type: 'error',
      message: `${run.providerName} ended the answer early (finish reason: ${finishReason ?? 'none'})`,
    };
  else end = { type: 'done', status: 'done', usage, cost: usage ? costOf(model, usage) : null };
  const citations =
    run.citable && end.type === 'done' && end.status === 'done' ? parseCitations(generation.text, run.citable) : null;
  if (end.type === 'done' && citations) end.citations = citations;
  const memoryProposal = end.type === 'done' && end.status === 'done' ? (proposals?.proposal ?? null) : null;

  // Credits are spent in the same transaction that stores the usage and cost (creditsFor above).
  // A stopped answer without usage is paid for by an estimate of the text streamed so far (its input is not counted).
  const spent =
    run.charge && end.type === 'done'
      ? (end.usage ?? (end.status === 'stopped' ? { input: 0, output: estimateTokens(generation.text) } : null))
      : null;
  const spend = async (db: Db) => {
    if (run.charge) await settleCredits(db, run.charge, spent && creditsFor(spent));
  };
  if (run.persist) {
    const { messageId, lease: held } = run.persist;
    try {
      const stored = await run.persist.db.transaction(async (tx) => {
        const rows = await tx
          .update(messages)
          .set({
            answerText: generation.text,
            status: end.type === 'error' ? 'error' : end.status,
            error: end.type === 'error' ? end.message : null,
            usage: end.type === 'done' ? end.usage : null,
            cost: end.type === 'done' ? end.cost : null,
            ...(citations ? { citations } : {}),
            ...(generation.reasoning ? { reasoning: generation.reasoning } : {}),
            // A web-search answer is search-style even when it found nothing.
            ...(run.tools?.tools || generation.results ? { results: generation.results ?? [] } : {}),
            ...(memoryProposal
              ? { context: sql`${messages.context} || jsonb_build_object('memoryProposal', ${memoryProposal}::text)` }
              : {}),
            leaseOwner: null,
            leaseExpiresAt: null,
            updatedAt: sql`now()`,
          })
          .where(and(eq(messages.id, messageId), eq(messages.leaseOwner, held.owner)))
          .returning({ id: messages.id });
        if (rows.length) await spend(tx);
        return rows.length > 0;
      });
      // No longer this copy's (recovery took it, thinking this copy gone) or deleted: what is stored stands, nothing is
      // charged.
      if (!stored) {
        end = { type: 'error', message: INTERRUPTED };
        if (run.charge) await spendApart(run.charge, null);
      }
    } catch (error) {
      console.error(`[trove] storing message ${messageId} failed:`, error);
    }
  } else if (run.charge) {
    await spendApart(run.charge, spent);
  }
  if (memoryProposal && end.type === 'done') generation.emit({ type: 'memory', proposal: memoryProposal });
  generation.emit(end);
  // Follow-ups: asked once the answer is stored and its end sent, so the panel takes the next question meanwhile.
  if (run.followUps && end.type === 'done' && end.status === 'done') {
    const { questions, usage: asked } = await askFollowUps({
      model: run.llm,
      system: run.system,
      messages: run.messages,
      answer: generation.text,
      abortSignal: generation.controller.signal,
    });
    // A house model's follow-ups are paid for as its answer is (a failed request costs nothing).
    if (run.charge && asked) await spendApart(run.charge, asked);
    if (run.persist) {
      try {
        await run.persist.db
          .update(messages)
          .set({ followUps: questions })
          .where(eq(messages.id, run.persist.messageId));
      } catch (error) {
        console.error(`[trove] storing the follow-ups of message ${run.persist.messageId} failed:`, error);
      }
    }
    generation.emit({ type: 'followups', questions });
  }
  generation.close();
}
