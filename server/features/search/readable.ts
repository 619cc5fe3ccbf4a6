import { type SQL, sql } from 'drizzle-orm';
import { NOT_SAVE_MEDIA_TYPES } from '../../db/schema';
import { type Reach, reachableGemsCondition, readableGemsCondition } from '../sharing/access';

/** The library: gems the user may read (server/features/sharing/access.ts, the one rule; with their reach read beforehand, as arrays) that are saves (not chats and the panel's kinds) and not in the trash. */
export const libraryGemsCondition = (userId: number, reach?: Reach): SQL =>
  sql`${reach ? reachableGemsCondition(reach) : readableGemsCondition(userId)} AND g.deleted_at IS NULL AND g.media_type NOT IN ${NOT_SAVE_MEDIA_TYPES}`;

/**
 * A gem's kind, what `type:` names (link, article, image…; NULL for chats and the panel's kinds): the database's
 * function (migration 0055), which the document's index is built on beside the owner, so `type:` and the words are
 * intersected inside that index.
 */
export const gemKindSql = sql.raw('trove_gem_kind(g.media_type)');

/**
 * The host of a gem's address (lower case, no "www."): a column the database keeps (migration 0054), indexed reversed
 * by gems_owner_rhost_idx.
 */
export const gemHostSql = sql.raw('g.url_host');
