import type { Collection, Feedback, Gem, Tag, Upload, User } from '../../lib/api/contract';
import type { collections, feedbacks, gems, tags, uploads, users } from '../db/schema';
import type { Row } from '../db/types';
import { linkOf } from './uploads/upload-files';

/** The fields of a tag row that its answer shows. */
export type TagFields = Pick<Row<typeof tags>, 'id' | 'name' | 'parentId' | 'createdAt'>;

export const toTag = (row: TagFields): Tag => ({
  id: row.id,
  tag: row.name,
  parentId: row.parentId,
  createdAt: row.createdAt.toISOString(),
});

export const toUser = (row: Row<typeof users>, userTags?: Row<typeof tags>[]): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  unfiltered_collection_id: row.unfilteredCollectionId,
  ai_chats_collection_id: row.aiChatsCollectionId,
  createdAt: row.createdAt.toISOString(),
  ...(userTags ? { tags: userTags.map(toTag) } : {}),
});

export const toCollection = (row: Row<typeof collections>): Collection => ({
  id: row.id,
  name: row.name,
  parentId: row.parentId,
  gems_count: row.gemsCount,
  isUnfiltered: row.isUnfiltered,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toGem = (row: Row<typeof gems>, author: { id: number; username: string }, gemTags: TagFields[]): Gem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  url: row.url,
  canonicalUrl: row.canonicalUrl,
  media_type: row.mediaType,
  media: row.media,
  image: row.image,
  favicon: row.favicon,
  text: row.text,
  byline: row.byline,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  collectionId: row.collectionId,
  author,
  tags: gemTags.map(toTag),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** `base` is the base URL of file links (PUBLIC_URL or the request's origin). */
export const toUpload = (row: Row<typeof uploads>, base: string): Upload => ({
  id: row.id,
  url: linkOf(base, row),
  mime: row.mime,
  size: row.size,
  createdAt: row.createdAt.toISOString(),
});

export const toFeedback = (
  row: Row<typeof feedbacks>,
  author: Feedback['author'],
  feedbackTags: Row<typeof tags>[],
): Feedback => ({
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
