import { randomUUID } from 'node:crypto';
import {
  TROVE_EXPORT_VERSION,
  type TroveExport,
  type TroveGem,
  type TroveMessage,
} from '../../../lib/api/export-contract';
import type { Db } from '../../db/client';
import type { MessageRow } from '../../db/types';
import type { StoredStudy } from '../study/study-store';
import { studyOfGems } from '../study/study-store';
import { type ExportGem, gemPages, messagesOf } from './gem-pages';
import { type ExportScope, savedSearchesOf } from './scope';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function troveMessage(row: MessageRow): TroveMessage {
  return {
    userText: row.userText,
    answerText: row.answerText,
    status: row.status,
    error: row.error,
    model: row.model,
    displayName: row.displayName,
    provider: row.provider,
    language: row.language,
    usage: row.usage,
    cost: row.cost,
    context: row.context,
    followUps: row.followUps,
    citations: row.citations,
    results: row.results,
    reasoning: row.reasoning,
    images: row.images,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function troveGem(gem: ExportGem, messages: MessageRow[] = [], study: StoredStudy[] = []): TroveGem {
  return {
    id: gem.id,
    collectionId: gem.collectionId,
    title: gem.title,
    description: gem.description,
    url: gem.url,
    mediaType: gem.mediaType,
    media: gem.media as Record<string, unknown>,
    image: gem.image,
    favicon: gem.favicon,
    text: gem.text,
    byline: gem.byline,
    publishedAt: iso(gem.publishedAt),
    idempotencyKey: gem.idempotencyKey,
    notes: gem.notes,
    isFavourite: gem.isFavourite,
    deletedAt: iso(gem.deletedAt),
    sortKey: gem.sortKey,
    createdAt: gem.createdAt.toISOString(),
    updatedAt: gem.updatedAt.toISOString(),
    tagIds: gem.tagIds,
    messages: messages.map(troveMessage),
    study: study.map((item) => ({ ...item, createdAt: item.createdAt.toISOString() })),
  };
}

/** The tags a collection export carries: those its gems have, with their parents. */
async function tagsInScope(db: Db, scope: ExportScope): Promise<Set<number>> {
  const used = new Set<number>();
  for await (const page of gemPages(db, scope, { savesOnly: false }))
    for (const gem of page) for (const id of gem.tagIds) used.add(id);
  const byId = new Map(scope.tags.map((t) => [t.id, t]));
  for (const id of [...used]) {
    for (let t = byId.get(id); t?.parentId && !used.has(t.parentId); t = byId.get(t.parentId)) used.add(t.parentId);
  }
  return used;
}

/**
 * Trove's lossless JSON (lib/api/export-contract.ts), written as it is read: the head (collections, tags, saved
 * searches) at once, then the gems a page at a time, each page with its chats' messages, one gem per line.
 */
export async function* troveJson(db: Db, scope: ExportScope): AsyncGenerator<string> {
  const library = scope.kind === 'library';
  const tagIds = library ? null : await tagsInScope(db, scope);
  const head: Omit<TroveExport, 'gems'> = {
    format: 'trove',
    version: TROVE_EXPORT_VERSION,
    exportId: randomUUID(),
    exportedAt: new Date().toISOString(),
    scope: scope.root ? { kind: 'collection', id: scope.root.id } : { kind: 'library' },
    collections: scope.collections.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    })),
    tags: scope.tags
      .filter((t) => !tagIds || tagIds.has(t.id))
      .map((t) => ({
        id: t.id,
        parentId: t.parentId,
        name: t.name,
        color: t.color,
        createdAt: t.createdAt.toISOString(),
      })),
    savedSearches: library
      ? (await savedSearchesOf(db, scope.ownerId)).map((s) => ({
          name: s.name,
          query: s.query,
          createdAt: s.createdAt.toISOString(),
          updatedAt: s.updatedAt.toISOString(),
        }))
      : [],
  };
  yield `${JSON.stringify(head).slice(0, -1)},"gems":[`;
  let first = true;
  for await (const page of gemPages(db, scope, { savesOnly: false })) {
    const ids = page.map((gem) => gem.id);
    const [chats, study] = await Promise.all([messagesOf(db, scope.ownerId, ids), studyOfGems(db, ids)]);
    const lines = page.map((gem) => JSON.stringify(troveGem(gem, chats.get(gem.id), study.get(gem.id))));
    yield `${first ? '\n' : ',\n'}${lines.join(',\n')}`;
    first = false;
  }
  yield '\n]}\n';
}
