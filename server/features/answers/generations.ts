import type { Citation, SearchResult } from '../../../lib/api/chat-contract';
import type { MessageUsage } from '../../../lib/api/contract';
import type { LeaseSettings } from './leases';

/**
 * What a listener of a generation hears: deltas, maybe a memory proposal, the end, then (asked for, the answer done) the
 * follow-up questions: the answer is done before they are asked, so the panel can take the next question at once.
 */
export type GenerationEvent =
  | { type: 'delta'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'sources'; results: SearchResult[] }
  | { type: 'followups'; questions: string[] }
  | { type: 'memory'; proposal: string }
  | {
      type: 'done';
      status: 'done' | 'stopped';
      usage: MessageUsage | null;
      cost: number | null;
      citations?: Citation[];
    }
  | { type: 'error'; message: string };
export type GenerationEnd = Extract<GenerationEvent, { type: 'done' | 'error' }>;
/** Hears each event, then null once the generation is closed. */
type Listener = (event: GenerationEvent | null) => void;

/**
 * One answer being generated in this process, independent of any HTTP request: it keeps the text
 * so far and broadcasts what follows to whoever is attached (the request that started it, re-attached
 * clients). `stop()` asks it to end with status 'stopped'.
 */
export class Generation {
  text = '';
  /** Research: the reasoning summary so far. */
  reasoning = '';
  /** Web search: the pages drawn on so far. */
  results: SearchResult[] | undefined;
  /** The follow-up questions, once asked for and received (after the end). */
  followUps: string[] | undefined;
  /** The memory the answer proposes, once it is stored (before the follow-ups and the end). */
  memoryProposal: string | undefined;
  end: GenerationEnd | undefined;
  /** Nothing more comes (the end, and the follow-ups when they were asked for): listeners are let go. */
  closed = false;
  readonly controller = new AbortController();
  /** True when the user stopped it (rather than the server shutting down). */
  stopRequested = false;
  /** Why the server ended it early (the asker lost access to a gem of its context): it ends with this error. */
  cutReason: string | undefined;
  /** Settles once the answer is stored, the end broadcast and the generation closed. */
  finished: Promise<void> = Promise.resolve();
  private readonly listeners = new Set<Listener>();

  /** After the end only the follow-ups may still come. */
  emit(event: GenerationEvent) {
    if (this.closed || (this.end && event.type !== 'followups')) return;
    if (event.type === 'delta') this.text += event.text;
    else if (event.type === 'reasoning') this.reasoning += event.text;
    else if (event.type === 'sources') this.results = event.results;
    else if (event.type === 'followups') this.followUps = event.questions;
    else if (event.type === 'memory') this.memoryProposal = event.proposal;
    else this.end = event;
    for (const listener of this.listeners) listener(event);
  }

  /** Ends what listeners hear (called once the end and any follow-ups are sent, or when the work failed). */
  close() {
    if (this.closed) return;
    this.closed = true;
    for (const listener of this.listeners) listener(null);
    this.listeners.clear();
  }

  stop() {
    this.stopRequested = true;
    this.controller.abort();
  }

  /** Ends it with the error `reason`, unless it is ending already. */
  cut(reason: string) {
    if (this.controller.signal.aborted) return;
    this.cutReason = reason;
    this.controller.abort();
  }

  /**
   * Attaches a listener: the text so far and the end (if any) now, the events after them later.
   * Synchronous, so nothing is missed or heard twice between the snapshot and the listener.
   */
  attach(listener: Listener) {
    const snapshot = {
      text: this.text,
      reasoning: this.reasoning,
      results: this.results,
      memoryProposal: this.memoryProposal,
      followUps: this.followUps,
      end: this.end,
      closed: this.closed,
    };
    if (!this.closed) this.listeners.add(listener);
    return { ...snapshot, detach: () => this.listeners.delete(listener) };
  }
}

/**
 * The per-process registry of generations in flight, by message id (temporary ones have none).
 * `lease` is this process's hold on the stored answers it generates (server/features/answers/leases.ts).
 * `shutdown` ends them all (each stores what it has) before the database closes.
 */
export class Generations {
  constructor(readonly lease: LeaseSettings) {}

  private readonly live = new Map<number, Generation>();
  private readonly running = new Set<Promise<void>>();
  /** Aborted when the server stops: pollers of other processes' answers end too. */
  readonly closing = new AbortController();

  get(messageId: number): Generation | undefined {
    return this.live.get(messageId);
  }

  /**
   * Runs `work` for `generation`, registered under `messageId` until it is finished. Its provider was asked before its
   * question was stored: if the server began stopping meanwhile, it is ended now as the others were.
   */
  start(messageId: number | null, generation: Generation, work: () => Promise<void>) {
    if (this.closing.signal.aborted) generation.controller.abort();
    if (messageId !== null) this.live.set(messageId, generation);
    const run = work()
      .catch((error: unknown) => console.error('[trove] generation failed unexpectedly:', error))
      .finally(() => {
        generation.close();
        if (messageId !== null && this.live.get(messageId) === generation) this.live.delete(messageId);
        this.running.delete(run);
      });
    generation.finished = run;
    this.running.add(run);
    return generation;
  }

  async shutdown() {
    this.closing.abort();
    for (const generation of this.live.values()) generation.controller.abort();
    await Promise.allSettled([...this.running]);
  }
}

/**
 * Events of a generation as an async iterable: the reasoning, sources and text so far (if any), then live
 * deltas, the end, then the follow-ups (if any); it ends when the generation is closed. `close()` (the client went away) ends the iteration without ending the
 * generation.
 */
export function subscribe(generation: Generation) {
  const queue: GenerationEvent[] = [];
  let wake: (() => void) | undefined;
  let closed = false;
  let over = false;
  const push = (event: GenerationEvent | null) => {
    if (event) queue.push(event);
    else over = true;
    wake?.();
  };
  const attached = generation.attach(push);
  if (attached.reasoning) queue.push({ type: 'reasoning', text: attached.reasoning });
  if (attached.results) queue.push({ type: 'sources', results: attached.results });
  if (attached.text) queue.push({ type: 'delta', text: attached.text });
  if (attached.memoryProposal) queue.push({ type: 'memory', proposal: attached.memoryProposal });
  if (attached.end) queue.push(attached.end);
  if (attached.followUps) queue.push({ type: 'followups', questions: attached.followUps });
  over = attached.closed;
  const close = () => {
    closed = true;
    attached.detach();
    wake?.();
  };
  async function* events(): AsyncGenerator<GenerationEvent> {
    try {
      while (!closed) {
        const event = queue.shift();
        if (!event) {
          if (over) return;
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
          wake = undefined;
          continue;
        }
        yield event;
      }
    } finally {
      attached.detach();
    }
  }
  return { events: events(), close };
}
