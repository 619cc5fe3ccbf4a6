import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { createFeedbackBody, Feedback } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { feedbacks, feedbackTags, tags, uploads, users } from '../../db/schema';
import type { FeedbackRow, TagRow } from '../../db/types';
import { type FieldError, fieldErrors } from '../../http/errors';
import { toTag } from '../tags/tags';
import { linkOf, parseLink } from '../uploads/upload-files';

export const toFeedback = (row: FeedbackRow, author: Feedback['author'], feedbackTags: TagRow[]): Feedback => ({
  id: row.id,
  title: row.title,
  description: row.description,
  url: row.url,
  category: row.category,
  isExtension: row.isExtension,
  imageLinks: row.imageLinks,
  tags: feedbackTags.map(toTag),
  diagnostics: row.diagnostics ?? null,
  author,
  createdAt: row.createdAt.toISOString(),
});

type CreateInput = z.output<typeof createFeedbackBody>['data'];

function invalid(errors: FieldError[]): never {
  throw fieldErrors(400, errors);
}

/** Adds tags and authors (with their email for the operator) to feedback rows, keeping their order. */
async function hydrate(db: Db, rows: FeedbackRow[], options: { withEmail?: boolean } = {}): Promise<Feedback[]> {
  if (!rows.length) return [];
  const tagRows = await db
    .select({ feedbackId: feedbackTags.feedbackId, tag: tags })
    .from(feedbackTags)
    .innerJoin(tags, eq(tags.id, feedbackTags.tagId))
    .where(
      inArray(
        feedbackTags.feedbackId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  const authorIds = [...new Set(rows.map((r) => r.authorId))];
  const authors = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(inArray(users.id, authorIds));
  return rows.map((row) => {
    const found = authors.find((a) => a.id === row.authorId);
    const author = {
      id: row.authorId,
      username: found?.username ?? '',
      ...(options.withEmail ? { email: found?.email ?? '' } : {}),
    };
    return toFeedback(
      row,
      author,
      tagRows.filter((t) => t.feedbackId === row.id).map((t) => t.tag),
    );
  });
}

/** The author's tags with these ids; an id that is not one of them is a 400 naming `data.tags`. */
async function authorTags(db: Db, authorId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db
    .select()
    .from(tags)
    .where(and(eq(tags.ownerId, authorId), inArray(tags.id, unique)));
  const missing = unique.filter((id) => !rows.some((t) => t.id === id));
  if (missing.length) invalid([{ path: 'data.tags', message: `Unknown tag id ${missing.join(', ')}` }]);
  return rows;
}

/**
 * The author's own, not yet attached feedback uploads behind these links (`base` is this server's
 * link base). Every link that is not one is named (`data.imageLinks.N`). Repeated links count once.
 */
async function authorUploads(db: Db, authorId: number, links: string[], base: string) {
  const parsed = links.map((link) => parseLink(base, link));
  const keys = [...new Set(parsed.flatMap((p) => (p ? [p.key] : [])))];
  const rows = keys.length
    ? await db
        .select()
        .from(uploads)
        .where(and(eq(uploads.ownerId, authorId), eq(uploads.purpose, 'feedback'), inArray(uploads.key, keys)))
    : [];
  const errors: FieldError[] = [];
  const found: typeof rows = [];
  parsed.forEach((p, index) => {
    const row = p && rows.find((r) => r.key === p.key && linkOf(base, r) === links[index]);
    const path = `data.imageLinks.${index}`;
    if (!row) errors.push({ path, message: 'Not an image you uploaded to this server' });
    else if (row.feedbackId !== null)
      errors.push({ path, message: 'This image is already attached to another report' });
    else if (!found.includes(row)) found.push(row);
  });
  if (errors.length) invalid(errors);
  return found;
}

/**
 * Saves a bug report from the extension: its tags must be the author's, its images the author's own
 * uploads not yet attached elsewhere. The report, its tags and the claim on its images are one
 * transaction; an image claimed by another report meanwhile undoes everything.
 */
export async function createFeedback(db: Db, authorId: number, input: CreateInput, base: string): Promise<Feedback> {
  const tagRows = await authorTags(db, authorId, input.tags);
  const images = await authorUploads(db, authorId, input.imageLinks, base);
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(feedbacks)
      .values({
        authorId,
        title: input.title,
        description: input.description,
        url: input.url,
        category: input.category,
        isExtension: input.isExtension,
        imageLinks: images.map((u) => linkOf(base, u)),
        diagnostics: input.diagnostics ?? null,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    if (tagRows.length)
      await tx.insert(feedbackTags).values(tagRows.map((t) => ({ feedbackId: inserted.id, tagId: t.id })));
    if (images.length) {
      const ids = images.map((u) => u.id);
      const claimed = await tx
        .update(uploads)
        .set({ feedbackId: inserted.id })
        .where(and(inArray(uploads.id, ids), eq(uploads.ownerId, authorId), isNull(uploads.feedbackId)))
        .returning({ id: uploads.id });
      if (claimed.length !== ids.length) {
        invalid([{ path: 'data.imageLinks', message: 'An image was attached to another report or deleted meanwhile' }]);
      }
    }
    return inserted;
  });
  const [feedback] = await hydrate(db, [row]);
  if (!feedback) throw new Error('hydrate lost a row');
  return feedback;
}

const NEWEST_FIRST = [desc(feedbacks.createdAt), desc(feedbacks.id)];

/** One page of reports, newest first: the author's own, or (operator) everyone's with the authors' emails. */
export async function listFeedbacks(db: Db, options: { authorId?: number; page: number; perPage: number }) {
  const where = options.authorId === undefined ? undefined : eq(feedbacks.authorId, options.authorId);
  const rows = await db
    .select()
    .from(feedbacks)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(options.perPage)
    .offset((options.page - 1) * options.perPage);
  const [total] = await db.select({ n: count() }).from(feedbacks).where(where);
  return {
    data: await hydrate(db, rows, { withEmail: options.authorId === undefined }),
    total: total?.n ?? 0,
    page: options.page,
    perPage: options.perPage,
  };
}
