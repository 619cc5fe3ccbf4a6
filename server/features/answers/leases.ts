import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages, UNFINISHED } from '../../db/schema';

/**
 * This server copy's hold on the answers it generates: who it is (random, per start) and how long a
 * lease lasts. A copy that stops renewing (crashed) loses its answers to recovery (server/features/answers/recovery.ts).
 */
export interface LeaseSettings {
  owner: string;
  seconds: number;
}

export const newLeaseSettings = (seconds: number): LeaseSettings => ({ owner: randomUUID(), seconds });

/** `seconds` from now by the database clock, which every copy shares (their own clocks may differ). */
export const fromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds}::float8)`;

/** Renewed every third of the lease, so one late or failed renewal does not lose it. */
const RENEWALS_PER_LEASE = 3;

/**
 * Calls `renew` every third of a lease of `seconds`, one call at a time, until `stop()`, which waits
 * for a call in progress. A failed call is logged as renewing `what`; the next one still comes.
 */
export function renewEvery(seconds: number, what: string, renew: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  let renewing: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(
      () => {
        renewing = renew()
          .catch((error: unknown) => console.error(`[trove] renewing ${what} failed:`, error))
          .finally(schedule);
      },
      (seconds * 1000) / RENEWALS_PER_LEASE,
    );
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await renewing;
    },
  };
}

/**
 * Keeps the lease on one unfinished answer (taken when its row was inserted) while it is generated.
 * A renewal succeeds only while this copy still owns the lease and the answer is unfinished; when one
 * finds it finished or taken (stopped through another copy, or marked interrupted by recovery),
 * `onLost` runs once and renewing ends. `release()` ends renewing before the answer is stored.
 */
export class HeldLease {
  private readonly renewal: ReturnType<typeof renewEvery>;
  private ended = false;

  constructor(
    private readonly db: Db,
    private readonly messageId: number,
    private readonly settings: LeaseSettings,
    private readonly onLost: () => void,
  ) {
    this.renewal = renewEvery(settings.seconds, `the lease on message ${messageId}`, () => this.renew());
  }

  private async renew() {
    const renewed = await this.db
      .update(messages)
      .set({ leaseExpiresAt: fromNow(this.settings.seconds) })
      .where(
        and(
          eq(messages.id, this.messageId),
          eq(messages.leaseOwner, this.settings.owner),
          inArray(messages.status, [...UNFINISHED]),
        ),
      )
      .returning({ id: messages.id });
    if (!renewed.length && !this.ended) {
      this.ended = true;
      void this.renewal.stop();
      this.onLost();
    }
  }

  async release() {
    this.ended = true;
    await this.renewal.stop();
  }
}
