/**
 * The user's own tags and collections nearest a page by its words: each is scored by the page words found in its
 * name (weighted) and in the titles of its latest gems, so a tag named differently from the page can still be found
 * by what it holds. Plain words, no model: this runs before the model is asked and bounds what it is shown.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { collections, gems, gemTags, tags, users } from '../../db/schema';

/** Words too common to say what a page is about (English; other languages' are mostly short or rare). */
const STOP = new Set(
  'the and for with that this from your you are was were have has had not but all any can our out how what when who why will more about into than then them they their there these those its also just over some such only other which would could should been being does did most very each here where while'.split(
    ' ',
  ),
);

/** A text's words, lower case, three letters or more, a plural's final s off, stop words out. */
export function wordsOf(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return words
    .filter((w) => !STOP.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

export interface Candidate {
  id: number;
  name: string;
  /** The titles of its latest gems, joined. */
  titles: string;
}

/** How near `candidate` is to a page whose words are `page`: name words count 4 times a gem title's. */
export function nearness(page: ReadonlySet<string>, candidate: Candidate): number {
  const name = new Set(wordsOf(candidate.name));
  let score = 0;
  for (const w of name) if (page.has(w)) score += 4;
  const held = new Set(wordsOf(candidate.titles));
  let shared = 0;
  for (const w of held) if (page.has(w)) shared += 1;
  return score + shared / Math.sqrt(held.size + 1);
}

/** The `limit` nearest candidates with any word in common, nearest first (ties: the older first). */
export function nearest(page: ReadonlySet<string>, candidates: Candidate[], limit: number): Candidate[] {
  return candidates
    .map((candidate) => ({ candidate, score: nearness(page, candidate) }))
    .filter((c) => c.score > 0)
    .sort((a, b) => b.score - a.score || a.candidate.id - b.candidate.id)
    .slice(0, limit)
    .map((c) => c.candidate);
}

/** Gems per tag or collection whose titles are read. */
const TITLES_PER = 20;

/** Every tag of the user, with the titles of its latest saves (not trashed). */
export async function tagCandidates(db: Db, userId: number): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: tags.id,
      name: tags.name,
      titles: sql<string | null>`(
        select string_agg(g.title, ' ') from (
          select g.title from ${gemTags} gt join ${gems} g on g.id = gt.gem_id
          where gt.tag_id = tags.id and g.deleted_at is null order by g.id desc limit ${TITLES_PER}
        ) g)`,
    })
    .from(tags)
    .where(eq(tags.ownerId, userId))
    .orderBy(asc(tags.id));
  return rows.map((r) => ({ ...r, titles: r.titles ?? '' }));
}

/** Every collection of the user but AI Chats (it holds chats, never saves), with the titles of its latest saves. */
export async function collectionCandidates(db: Db, userId: number): Promise<Candidate[]> {
  const rows = await db
    .select({
      id: collections.id,
      name: collections.name,
      titles: sql<string | null>`(
        select string_agg(g.title, ' ') from (
          select g.title from ${gems} g
          where g.collection_id = collections.id and g.deleted_at is null order by g.id desc limit ${TITLES_PER}
        ) g)`,
    })
    .from(collections)
    .innerJoin(users, eq(users.id, collections.ownerId))
    .where(and(eq(collections.ownerId, userId), sql`${collections.id} is distinct from ${users.aiChatsCollectionId}`))
    .orderBy(asc(collections.id));
  return rows.map((r) => ({ ...r, titles: r.titles ?? '' }));
}
