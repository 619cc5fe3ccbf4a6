import type { TroveExport } from '../../../../lib/api/export-contract';
import type { ImportFormat, ImportItem, ImportProblem } from '../../../../lib/api/import-contract';
import { isHttpUrl, limits } from '../../../../lib/api/validators';

/** What a format's reader knows of one item, before it is checked and made an `ImportItem`. */
export interface ItemFields {
  url: string | null | undefined;
  title?: string | null;
  description?: string | null;
  notes?: string | null;
  /** A note's own text (an item with no address). */
  text?: string | null;
  tags?: readonly (string | null | undefined)[];
  collection?: readonly string[];
  /** A date string, or a Unix time in seconds, milliseconds or microseconds (bookmark files use all three). */
  createdAt?: string | number | null;
  isFavourite?: boolean;
  isArchived?: boolean;
  highlights?: readonly (string | null | undefined)[];
  image?: string | null;
}

export interface ParsedImport {
  format: ImportFormat;
  items: ImportItem[];
  /** Every folder path the file has, empty ones included, each once, parents before children. */
  collections: string[][];
  problems: ImportProblem[];
  /** A Trove export's own structure, made when the import is staged (server/features/imports/trove-stage.ts). */
  trove?: TroveParts;
}

export type TroveParts = Pick<TroveExport, 'collections' | 'tags' | 'savedSearches'>;

const MAX_TAG = 100;
const MAX_COLLECTION_NAME = 200;
const MAX_DESCRIPTION = 10_000;

const clean = (value: string | null | undefined, max: number) => (value ?? '').trim().slice(0, max);
const shown = (value: string) => (value.length > 80 ? `${value.slice(0, 79)}…` : value);

/** A Unix time of any of the three units bookmark files use, or a date string, as ISO; null when unreadable. */
export function importDate(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const numeric = typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : null;
  const ms =
    numeric === null
      ? Date.parse(value as string)
      : numeric > 1e14
        ? numeric / 1000
        : numeric > 1e11
          ? numeric
          : numeric * 1000;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Collects a file's items, folders and problems, checking each item the same way whatever the format. */
export class ImportDraft {
  private readonly items: ImportItem[] = [];
  private readonly problems: ImportProblem[] = [];
  private readonly folders = new Map<string, string[]>();
  private foldersTaken = 0;

  constructor(private readonly format: ImportFormat) {}

  /** A folder path as the file names it: blank names dropped, long ones cut; its parents are kept too. */
  folder(path: readonly string[]): string[] {
    const names = path.map((name) => clean(name, MAX_COLLECTION_NAME)).filter(Boolean);
    for (let depth = 1; depth <= names.length; depth++) {
      const prefix = names.slice(0, depth);
      this.folders.set(JSON.stringify(prefix), prefix);
    }
    return names;
  }

  problem(where: string, reason: string): void {
    this.problems.push({ where, reason });
  }

  add(where: string, fields: ItemFields): void {
    const url = (fields.url ?? '').trim();
    const text = fields.text?.trim() || null;
    const refused =
      !url && !text ? 'It has no web address' : url && !isHttpUrl(url) ? `Not a web address: "${shown(url)}"` : null;
    if (refused) {
      this.problem(where, refused);
      return;
    }
    const tags = [...new Set((fields.tags ?? []).map((tag) => clean(tag, MAX_TAG)).filter(Boolean))];
    const title = clean(fields.title, limits.titleMax) || clean(url, limits.titleMax) || clean(text, 80);
    this.items.push({
      url,
      title,
      description: clean(fields.description, MAX_DESCRIPTION),
      notes: (fields.notes ?? '').trim(),
      text,
      tags,
      collection: this.folder(fields.collection ?? []),
      createdAt: importDate(fields.createdAt),
      isFavourite: fields.isFavourite ?? false,
      isArchived: fields.isArchived ?? false,
      highlights: (fields.highlights ?? []).map((h) => (h ?? '').trim()).filter(Boolean),
      image: fields.image && isHttpUrl(fields.image.trim()) ? fields.image.trim() : null,
    });
  }

  /** The items read since the last take, handed over (the draft keeps none of them). */
  takeItems(): ImportItem[] {
    return this.items.splice(0);
  }

  /** The folder paths read since the last take, parents before children. */
  takeFolders(): string[][] {
    const fresh = [...this.folders.values()].slice(this.foldersTaken);
    this.foldersTaken += fresh.length;
    return fresh.sort((a, b) => a.length - b.length);
  }

  get problemsRead(): readonly ImportProblem[] {
    return this.problems;
  }

  result(): ParsedImport {
    const collections = [...this.folders.values()].sort((a, b) => a.length - b.length);
    return { format: this.format, items: this.items, collections, problems: this.problems };
  }
}
