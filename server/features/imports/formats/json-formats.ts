import { z } from 'zod';
import type { ImportFormat } from '../../../../lib/api/import-contract';
import { ImportDraft, type ParsedImport } from './draft';

const text = z.string().nullish().catch(null);
const date = z.union([z.string(), z.number()]).nullish().catch(null);
const names = z
  .array(z.union([z.string(), z.object({ name: z.string() }).transform((tag) => tag.name)]))
  .nullish()
  .catch([]);

/** Reads a JSON list item by item: an item of the wrong shape is a problem naming it, the others are kept. */
function eachItem<T>(
  draft: ImportDraft,
  list: unknown[],
  schema: z.ZodType<T>,
  noun: string,
  read: (item: T, where: string) => void,
) {
  list.forEach((raw, index) => {
    const where = `${noun} ${index + 1}`;
    const parsed = schema.safeParse(raw);
    if (parsed.success) read(parsed.data, where);
    else {
      const [issue] = parsed.error.issues;
      draft.problem(where, `Not a ${noun} of this format: ${issue?.path.join('.') || 'it'}: ${issue?.message}`);
    }
  });
}

const pinboardPost = z.object({
  href: z.string(),
  description: text,
  extended: text,
  time: date,
  tags: text,
  toread: text,
});

/** Pinboard's `posts/all` JSON: a list of `{href, description (the title), extended (notes), time, tags}`. */
export function readPinboardJson(list: unknown[]): ParsedImport {
  const draft = new ImportDraft('pinboard-json');
  eachItem(draft, list, pinboardPost, 'bookmark', (post, where) =>
    draft.add(where, {
      url: post.href,
      title: post.description,
      notes: post.extended,
      tags: (post.tags ?? '').split(/\s+/),
      createdAt: post.time,
    }),
  );
  return draft.result();
}

const karakeepBookmark = z.object({
  createdAt: date,
  title: text,
  tags: names,
  content: z
    .union([
      z.object({ type: z.literal('link'), url: z.string() }),
      z.object({ type: z.literal('text'), text: z.string() }),
    ])
    .nullish()
    .catch(null),
  note: text,
  archived: z.boolean().nullish().catch(false),
  favourited: z.boolean().nullish().catch(false),
});

/** Karakeep's export: `{bookmarks: [{createdAt (seconds), title, tags, content: link {url} | text {text}, note}]}`. */
export function readKarakeepJson(bookmarks: unknown[]): ParsedImport {
  const draft = new ImportDraft('karakeep-json');
  eachItem(draft, bookmarks, karakeepBookmark, 'bookmark', (bookmark, where) =>
    draft.add(where, {
      url: bookmark.content?.type === 'link' ? bookmark.content.url : null,
      text: bookmark.content?.type === 'text' ? bookmark.content.text : null,
      title: bookmark.title,
      notes: bookmark.note,
      tags: bookmark.tags ?? [],
      createdAt: bookmark.createdAt,
      isArchived: bookmark.archived ?? false,
      isFavourite: bookmark.favourited ?? false,
    }),
  );
  return draft.result();
}

const linkwardenLink = z.object({
  name: text,
  url: z.string().nullish(),
  description: text,
  createdAt: date,
  tags: names,
});
const linkwardenCollection = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  parentId: z.union([z.number(), z.string()]).nullish(),
  links: z.array(z.unknown()).nullish().catch([]),
});

/**
 * Linkwarden's backup: `{collections: [{id, name, parentId, links: [{name, url, description, createdAt, tags}]}]}`;
 * `parentId` nests a collection in another.
 */
export function readLinkwardenJson(collections: unknown[]): ParsedImport {
  const draft = new ImportDraft('linkwarden-json');
  const byId = new Map<string, z.infer<typeof linkwardenCollection>>();
  const read: z.infer<typeof linkwardenCollection>[] = [];
  eachItem(draft, collections, linkwardenCollection, 'collection', (collection) => {
    byId.set(String(collection.id), collection);
    read.push(collection);
  });
  const pathOf = (collection: z.infer<typeof linkwardenCollection>): string[] => {
    const names: string[] = [];
    const seen = new Set<string>();
    for (let at: typeof collection | undefined = collection; at && !seen.has(String(at.id)); ) {
      seen.add(String(at.id));
      names.unshift(at.name);
      at = at.parentId === null || at.parentId === undefined ? undefined : byId.get(String(at.parentId));
    }
    return names;
  };
  for (const collection of read) {
    const path = draft.folder(pathOf(collection));
    eachItem(draft, collection.links ?? [], linkwardenLink, `link in "${collection.name}", number`, (link, where) =>
      draft.add(where, {
        url: link.url,
        title: link.name,
        description: link.description,
        tags: link.tags ?? [],
        collection: path,
        createdAt: link.createdAt,
      }),
    );
  }
  return draft.result();
}

const omnivoreItem = z.object({
  url: z.string(),
  title: text,
  description: text,
  labels: names,
  savedAt: date,
  state: text,
  thumbnail: text,
  highlights: z
    .array(z.object({ quote: text, annotation: text }))
    .nullish()
    .catch([]),
});

/** Omnivore's export (its `metadata_*.json`): `[{url, title, description, labels, savedAt, state, highlights}]`. */
export function readOmnivoreJson(list: unknown[]): ParsedImport {
  const draft = new ImportDraft('omnivore-json');
  eachItem(draft, list, omnivoreItem, 'item', (item, where) =>
    draft.add(where, {
      url: item.url,
      title: item.title,
      description: item.description,
      tags: item.labels ?? [],
      createdAt: item.savedAt,
      isArchived: item.state?.toLowerCase() === 'archived',
      image: item.thumbnail,
      highlights: (item.highlights ?? []).map((h) => [h.quote, h.annotation].filter(Boolean).join('\n\n')),
    }),
  );
  return draft.result();
}

/** Which JSON export this is, from its shape; null when none. */
export type JsonImportFormat = Exclude<Extract<ImportFormat, `${string}-json`>, 'trove-json'>;

export function jsonFormat(value: unknown): { format: JsonImportFormat; list: unknown[] } | null {
  if (Array.isArray(value)) {
    const first = value.find((item) => item && typeof item === 'object') as Record<string, unknown> | undefined;
    if (first && 'href' in first) return { format: 'pinboard-json', list: value };
    if (first && 'url' in first && ('savedAt' in first || 'slug' in first))
      return { format: 'omnivore-json', list: value };
    return null;
  }
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    if (Array.isArray(object.bookmarks)) return { format: 'karakeep-json', list: object.bookmarks };
    if (Array.isArray(object.collections)) return { format: 'linkwarden-json', list: object.collections };
  }
  return null;
}
