import { type SQL, sql } from 'drizzle-orm';
import type { MediaType } from '../../../lib/api/contract';
import type { SearchKind } from '../../../lib/search/ast';
import { NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import { type Reach, reachableGemsCondition, readableGemsCondition } from '../sharing/access';

/** The library: gems the user may read (server/features/sharing/access.ts, the one rule; with their reach read beforehand, as arrays) that are saves (not chats and the panel's kinds) and not in the trash. */
export const libraryGemsCondition = (userId: number, reach?: Reach): SQL =>
  sql`${reach ? reachableGemsCondition(reach) : readableGemsCondition(userId)} AND g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}`;

/** The media types each kind of `type:` stands for. */
export const KIND_MEDIA_TYPES: Record<SearchKind, readonly MediaType[]> = {
  link: ['Link'],
  article: ['Article', 'Blog', 'Page'],
  image: ['Image'],
  code: ['Code'],
  pdf: ['PDF'],
  audio: ['Audio'],
  video: ['Video'],
  quote: ['Quote'],
  note: ['Note'],
};

/** A gem's kind as SQL (for the types facet and groups): the inverse of KIND_MEDIA_TYPES. */
export const gemKindSql = sql.raw(
  `CASE ${Object.entries(KIND_MEDIA_TYPES)
    .map(([kind, types]) => `WHEN g.media_type IN (${types.map((t) => `'${t}'`).join(', ')}) THEN '${kind}'`)
    .join(' ')} END`,
);

/**
 * The host of a gem's address (lower case, no "www."): a column the database keeps (migration 0054), indexed reversed
 * by gems_owner_rhost_idx.
 */
export const gemHostSql = sql.raw('g.url_host');
