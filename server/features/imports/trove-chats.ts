import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { MessageContext } from '../../../lib/api/contract';
import { jsonParam, selectRows } from '../../db/rows';
import { importItems, messages } from '../../db/schema';
import type { ImportJobRow, Tx } from '../../db/types';
import { gemIdsNamed, repointContext } from '../chats/context-ids';

/** Messages rewritten per statement. */
const PAGE = 500;

/**
 * After the last batch of a Trove import (in its transaction): the messages of the chats it added name the gems the
 * export's gems became here, in the gems they were asked with, their manifest and their citations. Done once at the
 * end because a chat may name gems that come after it in the file (a later batch). The export's gem id of each item
 * is its `trove.sourceId`; the gem it became (added, or one the account had) is the item's `gem_id`.
 */
export async function repointImportedChats(tx: Tx, job: ImportJobRow): Promise<void> {
  for (let after = 0; ; ) {
    const page = await tx
      .select({ id: messages.id, context: messages.context, citations: messages.citations })
      .from(messages)
      .innerJoin(
        importItems,
        and(eq(importItems.jobId, job.id), eq(importItems.status, 'added'), eq(importItems.gemId, messages.chatGemId)),
      )
      .where(
        and(
          eq(messages.ownerId, job.ownerId),
          gt(messages.id, after),
          or(sql`${messages.context} ?| array['input', 'items']`, sql`${messages.citations} is not null`),
        ),
      )
      .orderBy(asc(messages.id))
      .limit(PAGE);
    if (!page.length) return;
    after = page[page.length - 1]?.id as number;
    const gems = await importedGems(tx, job.id, [...new Set(page.flatMap((m) => gemIdsNamed(m.context, m.citations)))]);
    const rows = page.map((m) => ({
      id: m.id,
      ...withoutFiles(repointContext(m.context, m.citations, { gem: (id) => gems.get(id) })),
    }));
    await tx.execute(sql`
      update ${messages} m set context = v.context, citations = v.citations
      from jsonb_to_recordset(${jsonParam(rows)}) as v(id int, context jsonb, citations jsonb)
      where m.id = v.id`);
    if (page.length < PAGE) return;
  }
}

/** The gems the export's gems `sourceIds` became in this import (those it did not carry are not in the map). */
async function importedGems(tx: Tx, jobId: number, sourceIds: number[]): Promise<Map<number, number>> {
  if (!sourceIds.length) return new Map();
  const rows = await selectRows<{ source: number; gem_id: number }>(
    tx,
    sql`select (item->'trove'->>'sourceId')::int as source, gem_id from ${importItems}
      where job_id = ${jobId} and gem_id is not null
        and (item->'trove'->>'sourceId')::int in (select jsonb_array_elements_text(${jsonParam(sourceIds)})::int)`,
  );
  return new Map(rows.map((row) => [Number(row.source), Number(row.gem_id)]));
}

/** The chat files asked with are not exported, so their ids name nothing in the importing account. */
function withoutFiles<T extends { context: MessageContext }>(repointed: T): T {
  const { input } = repointed.context;
  return input ? { ...repointed, context: { ...repointed.context, input: { ...input, fileIds: [] } } } : repointed;
}
