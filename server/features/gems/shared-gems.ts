import { sql } from 'drizzle-orm';
import { canonicalizeUrl } from '../../../lib/api/canonical-url';
import type { Gem, GemSummary } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import type { Author, Owner } from '../../db/types';
import { ApiError, fieldError, notFound } from '../../http/errors';
import type { FileStore } from '../../storage/file-store';
import { atLeast, collectionAccess, gemOwnerFor, writableGemsCondition } from '../sharing/access';
import { toggleFavourite } from './gem-edits';
import type { CreateInput } from './gem-insert';
import { createGem, gemOwner, getGem, type UpdateInput, updateGem } from './gems';
import { type Clock, removeGems } from './trash';

/**
 * Gems as a member of a shared collection or tag reads and changes them, by the one rule
 * (server/features/sharing/access.ts): the owner's own calls go straight to gems.ts; another user's gem is read when
 * readable, changed when the role allows (else 403 saying so), and is a 404 when it is not readable at all.
 */

/**
 * A gem as a reader who is not its owner sees it: the favourite mark is the owner's own, and it says whether their
 * role lets them change it (`canChange`).
 */
const asReader = (gem: Gem, canChange: boolean): Gem => ({
  ...gem,
  isFavourite: false,
  sharedAccess: canChange ? 'change' : 'read',
});

/** The gem, the viewer's own or shared with them. */
export async function readGem(db: Db, viewer: Author, id: number): Promise<Gem> {
  const ownerId = await gemOwnerFor(db, viewer.id, id);
  if (ownerId === null) throw notFound('Gem');
  if (ownerId === viewer.id) return getGem(db, viewer, id);
  const canChange = (await gemOwnerFor(db, viewer.id, id, 'edit')) !== null;
  return asReader(await getGem(db, await gemOwner(db, ownerId), id), canChange);
}

/**
 * The gems at the page of `url` the viewer added to collections others shared with them, newest first, as long as
 * their role still lets them change them: with their own (gem-lists.ts gemsAtUrl), the page is "already saved" by
 * them. The owners' canonical address index finds them (the rule names the owners who shared with the viewer).
 */
export async function addedGemsAtUrl(db: Db, viewerId: number, url: string): Promise<GemSummary[]> {
  const rows = await selectRows<{ id: number; owner_id: number }>(
    db,
    sql`SELECT g.id, g.owner_id FROM gems g WHERE g.canonical_url = ${canonicalizeUrl(url)}
      AND g.added_by = ${viewerId} AND g.owner_id <> ${viewerId} AND g.media_type <> 'AIChat' AND g.deleted_at IS NULL
      AND ${writableGemsCondition(viewerId, 'edit')} ORDER BY g.created_at DESC, g.id DESC`,
  );
  return Promise.all(
    rows.map(async (row) => {
      const { text: _text, ...summary } = asReader(await getGem(db, await gemOwner(db, row.owner_id), row.id), true);
      return summary;
    }),
  );
}

/** The owner of a gem the viewer may change, or a 403 (readable, the role does not allow it) or 404. */
async function ownerToChange(
  db: Db,
  viewerId: number,
  id: number,
  action: 'edit' | 'delete',
  field?: string,
): Promise<number> {
  const ownerId = await gemOwnerFor(db, viewerId, id, action);
  if (ownerId !== null) return ownerId;
  if ((await gemOwnerFor(db, viewerId, id)) === null)
    throw field ? fieldError(404, field, `gem ${id} not found`) : notFound('Gem');
  throw new ApiError(
    403,
    action === 'edit'
      ? 'Your role in this shared collection does not let you edit this gem (a contributor edits only the gems they added; an editor or admin edits all)'
      : 'Your role in this shared collection does not let you delete this gem (a contributor deletes only the gems they added; an editor or admin deletes any)',
  );
}

const ONLY_OWNER_TAGS =
  "Tags are the collection owner's own: only they tag the gems in it (a gem added to a shared collection takes none)";

/** Only the owner moves a gem, retags it (tags are the owner's) or marks it favourite (favourites are personal). */
const OWNER_ONLY: readonly { key: keyof UpdateInput; why: string }[] = [
  { key: 'collectionId', why: "Only the gem's owner can move it to another collection" },
  { key: 'tags', why: ONLY_OWNER_TAGS },
  { key: 'isFavourite', why: "Favourites are personal: only the gem's owner can mark a shared gem as favourite" },
];

export async function editGem(db: Db, viewer: Author, id: number, input: UpdateInput): Promise<Gem> {
  const ownerId = await ownerToChange(db, viewer.id, id, 'edit');
  if (ownerId === viewer.id) return updateGem(db, viewer, id, input);
  for (const { key, why } of OWNER_ONLY) if (input[key] !== undefined) throw fieldError(403, `data.${key}`, why);
  return asReader(await updateGem(db, await gemOwner(db, ownerId), id, input), true);
}

/**
 * Moves gems to their owners' trash: the viewer's own, and others' their role lets them delete; every id is checked
 * before any is moved (`field`: the request field naming the ids, for the 404 or 403 of one).
 */
export async function trashGems(
  db: Db,
  store: FileStore,
  viewerId: number,
  ids: readonly number[],
  clock: Clock,
  field?: string,
): Promise<number[]> {
  const byOwner = new Map<number, number[]>();
  for (const [index, id] of [...new Set(ids)].entries()) {
    const ownerId = await ownerToChange(db, viewerId, id, 'delete', field && `${field}.${index}`);
    byOwner.set(ownerId, [...(byOwner.get(ownerId) ?? []), id]);
  }
  const removed: number[] = [];
  for (const [ownerId, own] of byOwner) removed.push(...(await removeGems(db, store, ownerId, own, clock)));
  return removed;
}

/** Saves a gem: into the user's own collection, or (contributor and up) into a collection shared with them. */
export async function saveGem(db: Db, owner: Owner, input: CreateInput, key?: string) {
  const collectionId = input.collectionId;
  if (collectionId === undefined || collectionId === null) return createGem(db, owner, input, key);
  const found = await collectionAccess(db, owner.id, collectionId);
  if (!found?.access || found.access === 'owner') return createGem(db, owner, input, key);
  if (!atLeast(found.access, 'contributor'))
    throw fieldError(403, 'data.collectionId', 'A viewer cannot add gems to this shared collection');
  if (input.tags.length || input.aiTags?.length) throw fieldError(403, 'data.tags', ONLY_OWNER_TAGS);
  return createGem(db, await gemOwner(db, found.ownerId), input, key, undefined, owner.id);
}

/** Marks or unmarks the viewer's own gem as favourite; a shared gem is refused (favourites are personal). */
export async function likeGem(db: Db, viewerId: number, id: number) {
  const ownerId = await gemOwnerFor(db, viewerId, id);
  if (ownerId === null) throw notFound('Gem');
  if (ownerId !== viewerId)
    throw new ApiError(403, "Favourites are personal: only the gem's owner can mark a shared gem as favourite");
  return toggleFavourite(db, viewerId, id);
}
