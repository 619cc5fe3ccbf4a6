import { and, eq, inArray, sql } from 'drizzle-orm';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { MessageContext, MessageStatus } from '../../../lib/api/contract';
import type { TroveStagedGem } from '../../../lib/api/export-contract';
import type { ImportItem, ImportItemStatus } from '../../../lib/api/import-contract';
import { flashCardsSchema, quizSchema, summarySchema } from '../../../lib/api/study-contract';
import { jsonParam, selectRows } from '../../db/rows';
import { collections, gemStudy, gems, gemTags, messages, tags } from '../../db/schema';
import type { Tx } from '../../db/types';
import { ownerCollections } from './collection-paths';

/** What became of a staged item. */
export interface Outcome {
  position: number;
  status: Exclude<ImportItemStatus, 'pending'>;
  gemId: number | null;
  reason: string | null;
}

/** Messages written per statement (each has 18 values). */
const MESSAGE_CHUNK = 1_000;

/** The canonical form of an address, or the address itself when it is none (a chat or a prompt may have none). */
function canonical(url: string): string {
  try {
    return canonicalizeUrl(url);
  } catch {
    return url;
  }
}

const when = (iso: string | null) => (iso === null ? null : new Date(iso));

/**
 * A batch of a Trove export's gems, each written with every field it was exported with (its trash time, manual
 * order key, dates, media, page text), its tags and its chat's messages. A gem is keyed by its idempotency key: one
 * the user has already (the same file imported again) is left as it is and counted as merged. Never merged by
 * address: the export may hold a page and a quote of it, or a trashed copy beside the saved one.
 */
export async function applyTroveItems(
  tx: Tx,
  ownerId: number,
  pending: { position: number; item: ImportItem }[],
): Promise<Outcome[]> {
  const staged = pending.filter((p): p is { position: number; item: ImportItem & { trove: TroveStagedGem } } =>
    Boolean(p.item.trove),
  );
  const outcomes: Outcome[] = pending
    .filter((p) => !p.item.trove)
    .map(({ position }) => ({ position, status: 'skipped', gemId: null, reason: 'Not a gem of a Trove export' }));
  if (!staged.length) return outcomes;

  const wantedCollections = [...new Set(staged.map((p) => p.item.trove.collectionId))];
  const present = new Set(
    (
      await tx
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.ownerId, ownerId), inArray(collections.id, wantedCollections)))
    ).map((row) => row.id),
  );
  const unfilteredId =
    present.size === wantedCollections.length ? 0 : (await ownerCollections(tx, ownerId)).unfilteredId;

  const same = await gemsAlreadyThere(
    tx,
    ownerId,
    staged.map((p) => p.item.trove),
  );
  for (const [i, gemId] of same)
    outcomes.push({ position: (staged[i] as (typeof staged)[number]).position, status: 'merged', gemId, reason: null });
  const fresh = staged.filter((_, i) => !same.has(i));
  if (!fresh.length) return outcomes;

  const inserted = await tx
    .insert(gems)
    .values(
      fresh.map(({ item: { trove: g } }) => ({
        ownerId,
        collectionId: present.has(g.collectionId) ? g.collectionId : unfilteredId,
        title: g.title,
        description: g.description,
        url: g.url,
        canonicalUrl: canonical(g.url),
        mediaType: g.mediaType,
        media: g.media,
        image: g.image,
        favicon: g.favicon,
        text: g.text,
        byline: g.byline,
        publishedAt: when(g.publishedAt),
        idempotencyKey: g.idempotencyKey,
        notes: g.notes,
        isFavourite: g.isFavourite,
        deletedAt: when(g.deletedAt),
        sortKey: g.sortKey,
        createdAt: new Date(g.createdAt),
        updatedAt: new Date(g.updatedAt),
      })),
    )
    .onConflictDoNothing({
      target: [gems.ownerId, gems.idempotencyKey],
      where: sql`${gems.idempotencyKey} is not null`,
    })
    .returning({ id: gems.id, key: gems.idempotencyKey });
  const added = new Map(inserted.map((row) => [row.key as string, row.id]));
  const keys = fresh.map((p) => p.item.trove.idempotencyKey);
  // each key looked up in the (owner, key) index, as gemsByKey in batch-writes.ts does its addresses (and why)
  const existing = await selectRows<{ id: number; key: string }>(
    tx,
    sql`select g.id, k.key from jsonb_array_elements_text(${jsonParam(keys)}) as k(key)
      cross join lateral (
        select id from ${gems} where owner_id = ${ownerId} and idempotency_key = k.key offset 0
      ) g`,
  );
  const byKey = new Map(existing.map((row) => [row.key, row.id]));

  const newGems: { gemId: number; gem: TroveStagedGem }[] = [];
  for (const { position, item } of fresh) {
    const key = item.trove.idempotencyKey;
    const addedId = added.get(key);
    if (addedId !== undefined) {
      newGems.push({ gemId: addedId, gem: item.trove });
      outcomes.push({ position, status: 'added', gemId: addedId, reason: null });
    } else outcomes.push({ position, status: 'merged', gemId: byKey.get(key) ?? null, reason: null });
  }
  await tagNewGems(tx, ownerId, newGems);
  await writeMessages(tx, ownerId, newGems);
  await writeStudy(tx, ownerId, newGems);
  return outcomes;
}

/**
 * The staged gems (by their index) the account has already as the same gem: the same kind of save of the same
 * address, made at the same millisecond (an export's times are in milliseconds). So an export imported back into the
 * account it came from adds nothing, even for gems saved without an idempotency key.
 */
async function gemsAlreadyThere(tx: Tx, ownerId: number, staged: TroveStagedGem[]): Promise<Map<number, number>> {
  const wanted = staged.map((g, i) => ({
    i,
    canonical: canonical(g.url),
    media_type: g.mediaType,
    created_at: g.createdAt,
  }));
  // each gem looked up in the (owner, canonical address) index, as gemsByKey in batch-writes.ts does (and why)
  const rows = await selectRows<{ i: number; id: number }>(
    tx,
    sql`select v.i, g.id
      from jsonb_to_recordset(${jsonParam(wanted)}) as v(i int, canonical text, media_type text, created_at timestamptz)
      cross join lateral (
        select id from ${gems} where owner_id = ${ownerId} and canonical_url = v.canonical
          and media_type = v.media_type and date_trunc('milliseconds', created_at) = v.created_at
        offset 0
      ) g`,
  );
  const oldest = new Map<number, number>();
  for (const row of rows) {
    const [i, id] = [Number(row.i), Number(row.id)];
    if (id < (oldest.get(i) ?? Number.POSITIVE_INFINITY)) oldest.set(i, id);
  }
  return oldest;
}

async function tagNewGems(tx: Tx, ownerId: number, newGems: { gemId: number; gem: TroveStagedGem }[]) {
  const names = [...new Set(newGems.flatMap(({ gem }) => gem.tagNames.map((name) => name.toLowerCase())))];
  if (!names.length) return;
  const rows = await tx
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(
      and(
        eq(tags.ownerId, ownerId),
        sql`lower(${tags.name}) in (select jsonb_array_elements_text(${jsonParam(names)}))`,
      ),
    );
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  const links = newGems.flatMap(({ gemId, gem }) =>
    gem.tagNames.flatMap((name) => {
      const tagId = byName.get(name.toLowerCase());
      return tagId === undefined ? [] : [{ gemId, tagId }];
    }),
  );
  if (links.length) await tx.insert(gemTags).values(links).onConflictDoNothing();
}

async function writeMessages(tx: Tx, ownerId: number, newGems: { gemId: number; gem: TroveStagedGem }[]) {
  const rows = newGems.flatMap(({ gemId, gem }) =>
    gem.messages.map((m) => ({
      chatGemId: gemId,
      ownerId,
      userText: m.userText,
      answerText: m.answerText,
      status: m.status as MessageStatus,
      error: m.error,
      // the model by name: this server's catalogue row of the same provider and model, if it has one
      modelId: sql<number>`(select id from ai_models where provider = ${m.provider} and model = ${m.model} and endpoint_id is null)`,
      model: m.model,
      displayName: m.displayName,
      provider: m.provider,
      language: m.language,
      usage: m.usage as never,
      cost: m.cost,
      context: (m.context ?? {}) as MessageContext,
      followUps: m.followUps as never,
      citations: m.citations as never,
      results: m.results as never,
      reasoning: m.reasoning,
      images: m.images as never,
      createdAt: new Date(m.createdAt),
      updatedAt: new Date(m.updatedAt),
    })),
  );
  for (let start = 0; start < rows.length; start += MESSAGE_CHUNK)
    await tx.insert(messages).values(rows.slice(start, start + MESSAGE_CHUNK));
}

const STUDY_SCHEMAS = { summary: summarySchema, flashCards: flashCardsSchema, quiz: quizSchema };

/** The gems' summaries, flash cards and quizzes, each checked as if a model had just made it (a bad one is left out). */
async function writeStudy(tx: Tx, ownerId: number, newGems: { gemId: number; gem: TroveStagedGem }[]) {
  const rows = newGems.flatMap(({ gemId, gem }) =>
    (gem.study ?? []).flatMap((item) => {
      const content = STUDY_SCHEMAS[item.kind].safeParse(item.content);
      if (!content.success) return [];
      return [
        {
          gemId,
          kind: item.kind,
          content: content.data,
          modelName: item.modelName,
          createdBy: ownerId,
          createdAt: new Date(item.createdAt),
        },
      ];
    }),
  );
  if (rows.length) await tx.insert(gemStudy).values(rows).onConflictDoNothing();
}
