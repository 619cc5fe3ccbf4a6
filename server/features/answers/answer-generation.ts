import type { Citation } from '../../../lib/api/contract';
import { parseCitations } from '../../ai/chat-options';
import { MemoryProposalFilter } from '../../ai/memory-proposal';
import type { Db } from '../../db/client';
import type { AiModelRow } from '../../db/types';
import { type Charge, keepHeld } from '../credits/credits';
import { type AccessWatch, watchAccess } from './access-watch';
import { Checkpoints } from './answer-checkpoints';
import { settleCharge, spendApart, spentUsage } from './answer-credits';
import { classifyEnd } from './answer-end';
import { followUp } from './answer-follow-ups';
import { type AnswerEnd, type Persist, storeAnswer } from './answer-store';
import { type ProviderName, readAnswer } from './answer-stream';
import type { ProviderAnswer, ProviderRequest } from './ask-provider';
import type { Generation, GenerationEnd } from './generations';
import { HeldLease } from './leases';
import { INTERRUPTED } from './recovery';

/**
 * One answer generated from the provider into its Generation: streamed, checkpointed to its row while
 * this copy holds the lease, then stored with its cost, citations and follow-ups, and house credits charged.
 */

/** How one answer is generated: what its provider is asked, and what is done with the answer. */
export type AnswerRun = ProviderRequest &
  ProviderName & {
    persist?: Persist;
    /** Ask for follow-up questions once the answer is done. */
    followUps?: boolean;
    /** The citable context items, when citations were asked for. */
    citable?: Citation[];
    /** Memory on: a `REMEMBER:` line is taken off the answer as the message's memory proposal. */
    memoryProposals?: boolean;
    /** A house model's answer: the user whose credits pay for it. */
    charge?: Charge;
    /** Asked with gems of others: their access is checked while the answer is read (access-watch.ts). */
    watch?: AccessWatch;
  };

/**
 * What an answer holds while it is read: its checkpoints, its row's lease (lost: stopped through another copy, the end
 * stored as such, or taken by recovery, which the store finds), its credit hold and the watch on its shared gems.
 * `release` ends them all.
 */
function holdWhileReading(generation: Generation, { persist, charge, watch }: AnswerRun) {
  const checkpoints = persist ? new Checkpoints(persist, generation) : undefined;
  const lease = persist
    ? new HeldLease(persist.db, persist.messageId, persist.lease, () => {
        if (!generation.controller.signal.aborted) generation.stop();
      })
    : undefined;
  const holding = charge ? keepHeld(charge) : undefined;
  const unwatch = watch ? watchAccess(generation, watch) : undefined;
  const release = async () => {
    try {
      await unwatch?.();
      await checkpoints?.close();
    } finally {
      // Renewing ends whatever happens: if this answer is not stored, recovery takes its lease and its hold once they
      // lapse.
      await lease?.release();
      await holding?.stop();
    }
  };
  return { checkpoints, release };
}

/**
 * Stores the answer's end (when `persist`) and settles its credits, in the same transaction when it is stored. An
 * answer no longer this copy's ends as interrupted: what is stored stands, nothing is charged.
 */
async function storeAndSettle(generation: Generation, run: AnswerRun, answer: AnswerEnd): Promise<GenerationEnd> {
  const { charge, persist } = run;
  const spent = charge ? spentUsage(answer.end, generation.text) : null;
  if (!persist) {
    if (charge) await spendApart(charge, spent);
    return answer.end;
  }
  const settle = async (db: Db) => {
    if (charge) await settleCharge(db, charge, spent);
  };
  try {
    if (await storeAnswer(persist, generation, answer, settle)) return answer.end;
    if (charge) await spendApart(charge, null);
    return { type: 'error', message: INTERRUPTED };
  } catch (error) {
    console.error(`[trove] storing message ${persist.messageId} failed:`, error);
    return answer.end;
  }
}

/**
 * Reads the answer `asked` of the provider into `generation`: deltas are broadcast as they come and
 * checkpointed to the row (when `persist`); at the end the row gets the full answer, the status,
 * usage and cost (or the error), and only then is the end broadcast; the follow-up questions (asked for) come
 * after it, and then the generation is closed.
 */
export async function generate(generation: Generation, model: AiModelRow, asked: ProviderAnswer, run: AnswerRun) {
  const held = holdWhileReading(generation, run);
  const proposals = run.memoryProposals ? new MemoryProposalFilter() : undefined;
  const read = await readAnswer(generation, asked, { ...run, checkpoints: held.checkpoints, proposals });
  await held.release();

  const end = classifyEnd(generation, model, read, run.providerName);
  const done = end.type === 'done' && end.status === 'done';
  const citations = run.citable && done ? parseCitations(generation.text, run.citable) : null;
  if (end.type === 'done' && citations) end.citations = citations;
  const memoryProposal = done ? (proposals?.proposal ?? null) : null;
  const webSearch = Boolean(run.tools?.tools);

  const stored = await storeAndSettle(generation, run, { end, citations, memoryProposal, webSearch });
  if (memoryProposal && stored.type === 'done') generation.emit({ type: 'memory', proposal: memoryProposal });
  generation.emit(stored);
  // Follow-ups: asked once the answer is stored and its end sent, so the panel takes the next question meanwhile.
  if (run.followUps && stored.type === 'done' && stored.status === 'done') await followUp(generation, run);
  generation.close();
}
