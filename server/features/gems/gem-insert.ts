import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { createGemBody } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { gems, gemTags } from '../../db/schema';
import type { GemRow, Owner, Tx } from '../../db/types';

export type CreateInput = z.output<typeof createGemBody>['data'];

/**
 * What a gem carries besides its row (an image gem's file): `prepare` runs once the request passed
 * every check and returns fields for the gem (a file written, its link); `attach` runs in the gem's
 * transaction; `discard` undoes `prepare` when no gem was created by this call.
 */
export interface GemAttachment {
  prepare(): Promise<Partial<CreateInput>>;
  attach(tx: Tx, gem: GemRow): Promise<void>;
  discard(): Promise<void>;
}

export const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : iso === null ? null : undefined);

/** A value handed to the driver as it is (no column encoder: the caller gives its wire form). */
const raw = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * Inserts the gem and its tag links in ONE statement (atomic without a transaction), unless a gem of
 * the user already holds its idempotency key: then nothing is written and no row comes back.
 */
function insertGemStatement(db: Db | Tx) {
  const inserted = db.$with('inserted').as(
    db
      .insert(gems)
      .values({
        ownerId: sql.placeholder('ownerId'),
        collectionId: sql.placeholder('collectionId'),
        title: sql.placeholder('title'),
        description: sql.placeholder('description'),
        url: sql.placeholder('url'),
        canonicalUrl: sql.placeholder('canonicalUrl'),
        mediaType: sql.placeholder('mediaType'),
        media: raw('media'),
        image: sql.placeholder('image'),
        favicon: sql.placeholder('favicon'),
        text: sql.placeholder('text'),
        byline: sql.placeholder('byline'),
        publishedAt: raw('publishedAt'),
        idempotencyKey: sql.placeholder('idempotencyKey'),
        addedBy: sql.placeholder('addedBy'),
      })
      .onConflictDoNothing({
        target: [gems.ownerId, gems.idempotencyKey],
        where: sql`${gems.idempotencyKey} is not null`,
      })
      .returning(),
  );
  const links = db.$with('links').as(
    db
      .insert(gemTags)
      .select(
        db
          .select({
            gemId: sql<number>`${inserted.id}`.as('gem_id'),
            tagId: sql<number>`unnest(${sql.placeholder('tagIds')}::int[])`.as('tag_id'),
            addedByAi:
              sql<boolean>`unnest(${sql.placeholder('tagIds')}::int[]) = any(${sql.placeholder('aiTagIds')}::int[])`.as(
                'added_by_ai',
              ),
          })
          .from(inserted),
      )
      .returning({ gemId: gemTags.gemId }),
  );
  return db.with(inserted, links).select().from(inserted).prepare('insert_gem');
}

/** Built once per database: building this statement costs drizzle more than running it costs Postgres. */
const insertGemQuery = preparedFor(insertGemStatement);

/** The placeholders' values of insertGemStatement. */
export function gemValues(
  owner: Owner,
  collectionId: number,
  fields: CreateInput,
  tagIds: number[],
  idempotencyKey?: string,
  /** A member adding to the owner's shared collection (see server/features/sharing/access.ts). */
  addedBy?: number,
  /** Those of `tagIds` the AI suggested (gem_tags.added_by_ai). */
  aiTagIds: number[] = [],
) {
  return {
    ownerId: owner.id,
    collectionId,
    title: fields.title,
    description: fields.description,
    url: fields.url,
    canonicalUrl: canonicalizeUrl(fields.url),
    mediaType: fields.media_type,
    media: JSON.stringify(fields.media),
    image: fields.image || null,
    favicon: fields.favicon || null,
    text: fields.text ?? null,
    byline: fields.byline ?? null,
    publishedAt: toDate(fields.publishedAt)?.toISOString() ?? null,
    idempotencyKey: idempotencyKey ?? null,
    addedBy: addedBy ?? null,
    tagIds,
    aiTagIds,
  };
}

/** Inserts the gem (see insertGemStatement); with an attachment, in one transaction with it. */
export async function insertGem(db: Db, values: ReturnType<typeof gemValues>, attachment?: GemAttachment) {
  if (!attachment) return (await insertGemQuery(db).execute(values))[0];
  return db.transaction(async (tx) => {
    const [row] = await insertGemStatement(tx).execute(values);
    if (row) await attachment.attach(tx, row);
    return row;
  });
}
