import { asc, eq, gt, sql } from 'drizzle-orm';
import { CANONICAL_URL_VERSION, canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { Db } from '../../db/client';
import { jsonParam } from '../../db/rows';
import { gems, maintenanceSteps } from '../../db/schema';

/** The step's name in maintenance_steps: one per version of the rule, so a new rule runs it again. */
export const RECANONICALIZE_STEP = `canonical-url-v${CANONICAL_URL_VERSION}`;
const BATCH = 2_000;

/**
 * Brings every gem's canonical_url to the rule of lib/api/canonical-url.ts, once per version of the rule: a migration
 * cannot run that function, and SQL mirroring it (punycode, escapes) would drift from it. Runs at start, before the
 * server answers, in batches by id, writing only the rows whose key changed; recorded in maintenance_steps when done,
 * so later starts skip it. Safe to run twice (two copies starting together): it writes the same keys.
 * Answers how many rows changed (null when it had already run).
 */
export async function recanonicalizeGems(db: Db, batch = BATCH): Promise<number | null> {
  const done = await db
    .select({ name: maintenanceSteps.name })
    .from(maintenanceSteps)
    .where(eq(maintenanceSteps.name, RECANONICALIZE_STEP));
  if (done.length) return null;
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: gems.id, url: gems.url, key: gems.canonicalUrl })
      .from(gems)
      .where(gt(gems.id, after))
      .orderBy(asc(gems.id))
      .limit(batch);
    const updates = rows.flatMap(({ id, url, key }) => {
      const next = keyOf(url);
      return next !== null && next !== key ? [{ id, key: next }] : [];
    });
    if (updates.length) {
      await db.execute(sql`
        update ${gems} g set canonical_url = v.key
        from jsonb_to_recordset(${jsonParam(updates)}) as v(id int, key text)
        where g.id = v.id`);
      changed += updates.length;
    }
    if (rows.length < batch) break;
    after = rows[rows.length - 1]?.id ?? after;
  }
  await db.insert(maintenanceSteps).values({ name: RECANONICALIZE_STEP }).onConflictDoNothing();
  return changed;
}

/** An address the rule cannot read (none should be stored: saves are validated) keeps its key. */
function keyOf(url: string): string | null {
  try {
    return canonicalizeUrl(url);
  } catch {
    return null;
  }
}
