import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { currentMonth } from './allowance';
import { adminOf, toUsd } from './teams';

type Raw = Record<string, unknown>;

/** A month's spending through the team's keys, per member (allowance, spent, held) and per member and model (admins). */
export async function teamUsage(db: Db, actorId: number, teamId: number, month = currentMonth().slice(0, 7)) {
  await adminOf(db, actorId, teamId);
  const day = `${month}-01`;
  const [members, models] = await Promise.all([
    selectRows<Raw>(
      db,
      sql`WITH people AS (SELECT owner_id AS user_id FROM teams WHERE id = ${teamId}
          UNION SELECT invitee_user_id FROM shares WHERE team_id = ${teamId} AND status = 'accepted')
        SELECT p.user_id, u.username, coalesce(sp.spent_micros, 0) AS spent, coalesce(sp.held_micros, 0) AS held,
          coalesce(a.monthly_micros, t.default_allowance_micros) AS allowance
        FROM people p JOIN users u ON u.id = p.user_id JOIN teams t ON t.id = ${teamId}
        LEFT JOIN team_allowances a ON a.team_id = ${teamId} AND a.user_id = p.user_id
        LEFT JOIN team_spend sp ON sp.team_id = ${teamId} AND sp.user_id = p.user_id AND sp.month = ${day}
        ORDER BY lower(u.username), p.user_id`,
    ),
    selectRows<Raw>(
      db,
      sql`SELECT tu.user_id, u.username, tu.model_id, m.display_name, tu.answers, tu.input_tokens, tu.output_tokens,
          tu.cost_micros
        FROM team_usage tu JOIN users u ON u.id = tu.user_id JOIN ai_models m ON m.id = tu.model_id
        WHERE tu.team_id = ${teamId} AND tu.month = ${day}
        ORDER BY lower(u.username), tu.user_id, lower(m.display_name), tu.model_id`,
    ),
  ]);
  const user = (raw: Raw) => ({ id: Number(raw.user_id), username: String(raw.username) });
  return {
    month,
    members: members.map((raw) => ({
      user: user(raw),
      allowanceUsd: toUsd(raw.allowance),
      spentUsd: toUsd(raw.spent),
      heldUsd: toUsd(raw.held),
    })),
    models: models.map((raw) => ({
      user: user(raw),
      model: { id: Number(raw.model_id), displayName: String(raw.display_name) },
      answers: Number(raw.answers),
      inputTokens: Number(raw.input_tokens),
      outputTokens: Number(raw.output_tokens),
      costUsd: toUsd(raw.cost_micros),
    })),
  };
}
