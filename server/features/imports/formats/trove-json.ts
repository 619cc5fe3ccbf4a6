import { z } from 'zod';
import { TROVE_EXPORT_VERSION, troveExportSchema, troveGemSchema } from '../../../../lib/api/export-contract';
import type { ImportItem, ImportProblem } from '../../../../lib/api/import-contract';
import type { ParsedImport, TroveParts } from './draft';

/** Whether a JSON document is Trove's own export (of any version: a newer one is refused by name, not as unknown). */
export const isTroveExport = (value: unknown): value is { format: 'trove'; version?: unknown } =>
  typeof value === 'object' && value !== null && (value as { format?: unknown }).format === 'trove';

/** The export's head read strictly; its gems one by one, so a gem that does not read is a problem naming it. */
const headSchema = troveExportSchema.extend({ gems: z.array(z.unknown()) });

/** A Trove export that cannot be read as a whole: the message says where and why. */
export class UnreadableTroveExport extends Error {}

/**
 * Trove's JSON export (server/features/exports/trove-json.ts) read back whole: the collections, tags and saved
 * searches as they were (made when the import is staged), and each gem with every field, staged as an item keyed
 * by its idempotency key (the export's id and the gem's when it had none), so importing the file again adds nothing.
 */
export function readTroveJson(value: unknown): ParsedImport {
  const version = (value as { version?: unknown }).version;
  if (version !== TROVE_EXPORT_VERSION)
    throw new UnreadableTroveExport(
      `This Trove export is version ${JSON.stringify(version)}; this server reads version ${TROVE_EXPORT_VERSION}.`,
    );
  const head = headSchema.safeParse(value);
  if (!head.success) {
    const [issue] = head.error.issues;
    throw new UnreadableTroveExport(`This Trove export cannot be read: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const file = head.data;
  const collectionPaths = pathsById(file.collections);
  const tagNames = new Map(file.tags.map((tag) => [tag.id, tag.name]));
  const tagPaths = pathsById(file.tags);
  const problems: ImportProblem[] = [];
  const items: ImportItem[] = [];
  file.gems.forEach((raw, index) => {
    const parsed = troveGemSchema.safeParse(raw);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      problems.push({ where: `gem ${index + 1}`, reason: `${issue?.path.join('.') || 'it'}: ${issue?.message}` });
      return;
    }
    const { id, tagIds, idempotencyKey, ...gem } = parsed.data;
    items.push({
      url: gem.url,
      title: gem.title,
      description: '',
      notes: '',
      text: null,
      tags: tagIds.map((tagId) => tagPaths.get(tagId)?.join('/') ?? '').filter(Boolean),
      collection: collectionPaths.get(gem.collectionId) ?? [],
      createdAt: gem.createdAt,
      isFavourite: gem.isFavourite,
      isArchived: false,
      highlights: [],
      image: gem.image,
      trove: {
        ...gem,
        idempotencyKey: idempotencyKey ?? `trove:${file.exportId}:${id}`,
        tagNames: tagIds.map((tagId) => tagNames.get(tagId)).filter((name): name is string => Boolean(name)),
        sourceId: id,
      },
    });
  });
  const trove: TroveParts = { collections: file.collections, tags: file.tags, savedSearches: file.savedSearches };
  const collections = file.collections
    .filter((c) => c.role === null)
    .map((c) => collectionPaths.get(c.id) ?? [c.name])
    .sort((a, b) => a.length - b.length);
  return { format: 'trove-json', items, collections, problems, trove };
}

/** Each row's names from the top (`parentId` nesting), a parent loop cut where it repeats. */
function pathsById(rows: readonly { id: number; parentId: number | null; name: string }[]): Map<number, string[]> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const paths = new Map<number, string[]>();
  for (const row of rows) {
    const names: string[] = [];
    const seen = new Set<number>();
    for (
      let at: typeof row | undefined = row;
      at && !seen.has(at.id);
      at = at.parentId === null ? undefined : byId.get(at.parentId)
    ) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    paths.set(row.id, names);
  }
  return paths;
}
