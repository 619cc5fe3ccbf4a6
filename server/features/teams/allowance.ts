import { sql } from 'drizzle-orm';
import type { MessageUsage } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { AiModelRow } from '../../db/types';
import { fieldError } from '../../http/errors';
import { fromNow, renewEvery } from '../answers/leases';

/**
 * A member's monthly allowance in a team, spent by answers through the team's shared keys, with credits' hold/settle
 * pattern (server/features/credits/credits.ts): before an answer starts, a hold is added to the member's `held_micros`
 * for the month by ONE UPDATE whose WHERE checks spent + held + hold ≤ allowance, so answers started together are
 * serialised on the row and cannot pass the allowance; the hold is a `team_holds` row leased like the answer. When the
 * answer ends, one statement deletes the hold and charges its cost (the catalogue's prices × the usage), the spent
 * amount never going past the allowance (as credits never go below 0); a failed answer costs nothing. Recovery gives
 * back holds whose lease lapsed. Amounts are millionths of a US dollar.
 */

/** The month an amount is counted in: its first day, UTC (`2026-11-01`). */
export const currentMonth = (at = new Date()) => `${at.toISOString().slice(0, 7)}-01`;

/** What an answer's usage costs at the model's prices (per million tokens, in dollars): micro-dollars, rounded up. */
export const costMicros = (
  model: Pick<AiModelRow, 'inputPricePerMillion' | 'outputPricePerMillion'>,
  usage: MessageUsage,
) => Math.ceil(usage.input * model.inputPricePerMillion + usage.output * model.outputPricePerMillion);

/** The hold: what 1,000 output tokens cost at the model's price, at least one micro-dollar. */
export const holdMicros = (model: Pick<AiModelRow, 'outputPricePerMillion'>) =>
  Math.max(1, Math.ceil(1000 * model.outputPricePerMillion));

export const allowanceSpentMessage = (teamName: string) => `Your monthly allowance in the team ${teamName} is spent`;

/** The member's allowance in micro-dollars: their own, else the team's default. */
const allowanceOf = (teamId: number, userId: number) => sql`coalesce(
  (SELECT a.monthly_micros FROM team_allowances a WHERE a.team_id = ${teamId} AND a.user_id = ${userId}),
  (SELECT t.default_allowance_micros FROM teams t WHERE t.id = ${teamId}), 0)`;

/** An answer charged to a member's allowance in a team: its hold (null once settled) and what settling needs. */
export interface TeamCharge {
  teamId: number;
  teamName: string;
  model: Pick<AiModelRow, 'id' | 'inputPricePerMillion' | 'outputPricePerMillion'>;
  holdId: number | null;
  month: string;
}

/**
 * Holds each answer's share of the member's allowance, all in one transaction: when the allowance does not cover them
 * all, none is held and the request is refused (400 naming `modelId`, saying the allowance is spent).
 */
export async function holdAllowances(
  db: Db,
  userId: number,
  wanted: { teamId: number; teamName: string; model: AiModelRow }[],
  seconds: number,
): Promise<TeamCharge[]> {
  if (!wanted.length) return [];
  const month = currentMonth();
  return db.transaction(async (tx) => {
    const charges: TeamCharge[] = [];
    for (const { teamId, teamName, model } of wanted) {
      const hold = holdMicros(model);
      await tx.execute(sql`INSERT INTO team_spend (team_id, user_id, month) VALUES (${teamId}, ${userId}, ${month})
        ON CONFLICT DO NOTHING`);
      const [row] = await selectRows<{ id: number }>(
        tx,
        sql`WITH taken AS (UPDATE team_spend SET held_micros = held_micros + ${hold}
            WHERE team_id = ${teamId} AND user_id = ${userId} AND month = ${month}
              AND spent_micros + held_micros + ${hold} <= ${allowanceOf(teamId, userId)}
            RETURNING 1)
          INSERT INTO team_holds (team_id, user_id, month, micros, expires_at)
          SELECT ${teamId}, ${userId}, ${month}, ${hold}, ${fromNow(seconds)} FROM taken RETURNING id`,
      );
      if (!row) {
        const message = allowanceSpentMessage(teamName);
        throw fieldError(400, 'modelId', message, message);
      }
      charges.push({ teamId, teamName, model, holdId: Number(row.id), month });
    }
    return charges;
  });
}

/**
 * Settles a hold: the hold comes off `held_micros` and the cost of `usage` (none for a failed answer) is added to
 * `spent_micros`, never past the allowance; the real cost and tokens go to the month's usage per model. A hold recovery
 * gave back already counts as none. Later charges of the same answer (its follow-ups) are charged in full.
 */
export async function settleAllowance(db: Db, userId: number, charge: TeamCharge, usage: MessageUsage | null) {
  const cost = usage ? costMicros(charge.model, usage) : 0;
  const { teamId, month } = charge;
  const holdId = charge.holdId ?? 0;
  charge.holdId = null;
  await db.execute(sql`WITH released AS (DELETE FROM team_holds WHERE id = ${holdId} RETURNING micros)
    UPDATE team_spend SET held_micros = greatest(held_micros - coalesce((SELECT sum(micros) FROM released), 0), 0),
      spent_micros = least(spent_micros + ${cost}, greatest(${allowanceOf(teamId, userId)}, spent_micros))
    WHERE team_id = ${teamId} AND user_id = ${userId} AND month = ${month}`);
  if (!usage) return;
  await db.execute(sql`INSERT INTO team_usage (team_id, user_id, model_id, month, answers, input_tokens, output_tokens,
      cost_micros) VALUES (${teamId}, ${userId}, ${charge.model.id}, ${month}, 1, ${usage.input}, ${usage.output}, ${cost})
    ON CONFLICT (team_id, user_id, model_id, month) DO UPDATE SET answers = team_usage.answers + 1,
      input_tokens = team_usage.input_tokens + excluded.input_tokens,
      output_tokens = team_usage.output_tokens + excluded.output_tokens,
      cost_micros = team_usage.cost_micros + excluded.cost_micros`);
}

/** Renews the hold while its answer runs; `stop()` before settling. */
export function keepAllowanceHeld(db: Db, charge: TeamCharge, seconds: number) {
  const { holdId } = charge;
  if (holdId === null) return { stop: async () => {} };
  return renewEvery(seconds, `team hold ${holdId}`, async () => {
    await db.execute(sql`UPDATE team_holds SET expires_at = ${fromNow(seconds)} WHERE id = ${holdId}`);
  });
}

/** Gives back every team hold whose lease lapsed (as returnExpiredHolds does credits); returns how many. */
export async function returnExpiredTeamHolds(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await selectRows<{ team_id: number; user_id: number; month: string; micros: number }>(
      tx,
      sql`DELETE FROM team_holds WHERE id IN (SELECT id FROM team_holds WHERE expires_at < now()
        ORDER BY team_id, user_id FOR UPDATE SKIP LOCKED) RETURNING team_id, user_id, month, micros`,
    );
    const perRow = new Map<string, { teamId: number; userId: number; month: string; micros: number }>();
    for (const hold of expired) {
      const key = `${hold.team_id}:${hold.user_id}:${hold.month}`;
      const entry = perRow.get(key) ?? { teamId: hold.team_id, userId: hold.user_id, month: hold.month, micros: 0 };
      entry.micros += Number(hold.micros);
      perRow.set(key, entry);
    }
    for (const { teamId, userId, month, micros } of [...perRow.values()].sort((a, b) => a.teamId - b.teamId))
      await tx.execute(sql`UPDATE team_spend SET held_micros = greatest(held_micros - ${micros}, 0)
        WHERE team_id = ${teamId} AND user_id = ${userId} AND month = ${month}`);
    return expired.length;
  });
}
