import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messages, UNFINISHED } from '../db/schema';

/**
 * This server copy's hold on the answers it generates: who it is (random, per start) and how long a
 * lease lasts. A copy that stops renewing (crashed) loses its answers to recovery (server/ai/recovery.ts).
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
 * Keeps the lease on one unfinished answer (taken when its row was inserted) while it is generated.
 * A renewal succeeds only while this copy still owns the lease and the answer is unfinished; when one
 * finds it finished or taken (stopped through another copy, or marked interrupted by recovery),
 * `onLost` runs once and renewing ends. `release()` ends renewing before the answer is stored.
 */
export class HeldLease {
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(
    private readonly db: Db,
    private readonly messageId: number,
    private readonly settings: LeaseSettings,
    private readonly onLost: () => void,
  ) {
    this.schedule();
  }

  private schedule() {
    if (this.ended) return;
    this.timer = setTimeout(
      () => {
        this.renewing = this.renew().finally(() => this.schedule());
      },
      (this.settings.seconds * 1000) / RENEWALS_PER_LEASE,
    );
  }

  private async renew() {
    try {
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
        this.onLost();
      }
    } catch (error) {
      console.error(`[trove] renewing the lease on message ${this.messageId} failed:`, error);
    }
  }

  async release() {
    this.ended = true;
    clearTimeout(this.timer);
    await this.renewing;
  }
}
