import { type PGlite, protocol } from '@electric-sql/pglite';

/**
 * Group commit for PGlite's durable mode.
 *
 * PGlite is one Postgres backend inside the server's thread, and its fsync (pglite-durable.ts) blocks
 * that thread: with a commit fsynced on its own, every save stopped the server for a whole disk flush
 * (~3 ms on the machines we measured), one save after another. So the server's session commits with
 * `synchronous_commit = off` and each write waits, before it is acknowledged, for a flush of the WAL:
 * writes that committed while no flush had started share the next one, as Postgres's own group commit
 * does across backends. The answer of a statement that ran while writes were not flushed yet (a read
 * that may show them) waits for that flush too, so nothing a client is told about can be lost by a
 * crash, as with `synchronous_commit = on`. A flush waits while the server is still busy with other
 * statements (their writes may join it), for at most MAX_DELAY_MS; an idle server flushes at once.
 * Postgres still writes WAL before the data pages it covers.
 */

/**
 * Flushes the WAL written so far, if any: `pg_logical_emit_message(…, flush => true)` writes a small
 * record and flushes up to it, so everything before it is on disk when it returns.
 */
const FLUSH = protocol.serialize.query(
  "SELECT CASE WHEN pg_current_wal_insert_lsn() > pg_current_wal_flush_lsn() THEN pg_logical_emit_message(false, 'trove', '', true) END",
);

/** The longest a write waits for others to join its flush (a flush itself takes ~3 ms here). */
const MAX_DELAY_MS = 4;

export class GroupCommit {
  readonly #pg: PGlite;
  /** The next flush, not started yet: a commit made now is covered by it. */
  #waiting: PromiseWithResolvers<void> | undefined;
  /** Statements run so far (see `ran`). */
  #statements = 0;
  /** Whether a statement that may have written ran since the last flush started. */
  #unflushed = false;
  /** How many flushes ran (tests read it). */
  flushes = 0;

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  /** Makes the server's session commit without waiting for the disk; `flushed()` then does the waiting. */
  static async start(pg: PGlite): Promise<GroupCommit> {
    await pg.exec('SET synchronous_commit = off');
    return new GroupCommit(pg);
  }

  /**
   * Notes a statement of the server's session that just ran (under PGlite's lock). True when its answer
   * must wait for `flushed()`: it wrote, or it ran while writes were not on disk yet (it may show them).
   */
  ran(sql: string): boolean {
    this.#statements += 1;
    if (mayWrite(sql)) this.#unflushed = true;
    return this.#unflushed;
  }

  /** Settles once every commit made before the call is on disk. */
  flushed(): Promise<void> {
    if (this.#waiting) return this.#waiting.promise;
    const waiting = Promise.withResolvers<void>();
    this.#waiting = waiting;
    this.#whenQuiet(waiting, performance.now(), this.#statements);
    return waiting.promise;
  }

  /** Flushes once a turn of the event loop ran no statement, or MAX_DELAY_MS after the first request. */
  #whenQuiet(waiting: PromiseWithResolvers<void>, since: number, statements: number) {
    setImmediate(() => {
      const busy = this.#statements !== statements && performance.now() - since < MAX_DELAY_MS;
      if (busy) this.#whenQuiet(waiting, since, this.#statements);
      else this.#flush(waiting);
    });
  }

  #flush(waiting: PromiseWithResolvers<void>) {
    // PGlite runs one thing at a time: when this flush starts, every commit before it is done.
    this.#pg
      ._runExclusiveTransaction(() =>
        this.#pg._runExclusiveQuery(async () => {
          if (this.#waiting === waiting) this.#waiting = undefined;
          this.#unflushed = false;
          await this.#pg.execProtocol(FLUSH, { syncToFs: false });
          this.flushes += 1;
        }),
      )
      .then(waiting.resolve, waiting.reject);
  }
}

/**
 * Whether a statement may have written: anything but a SELECT, and a SELECT that writes through a CTE.
 * Erring towards yes costs a flush that finds nothing to flush.
 */
export const mayWrite = (sql: string) =>
  !/^\s*(select|with)\b/i.test(sql) || /\b(insert|update|delete|merge)\b/i.test(sql);
