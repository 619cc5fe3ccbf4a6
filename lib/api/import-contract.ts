import { z } from 'zod';
import { troveStagedGemSchema } from './export-contract';

/** The files the library's import reads, found from their content (server/features/imports/formats/detect.ts). */
export const IMPORT_FORMATS = [
  'netscape-html',
  'pocket-csv',
  'raindrop-csv',
  'instapaper-csv',
  'pinboard-json',
  'karakeep-json',
  'linkwarden-json',
  'omnivore-json',
  'url-list',
  'trove-json',
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  'netscape-html': 'Bookmarks HTML (Chrome, Firefox, Safari, Edge)',
  'pocket-csv': 'Pocket CSV',
  'raindrop-csv': 'Raindrop CSV',
  'instapaper-csv': 'Instapaper CSV',
  'pinboard-json': 'Pinboard JSON',
  'karakeep-json': 'Karakeep JSON',
  'linkwarden-json': 'Linkwarden JSON',
  'omnivore-json': 'Omnivore export',
  'url-list': 'A list of addresses',
  'trove-json': 'Trove JSON export',
};

/**
 * One thing to bring in, whatever file it came from: a web address with what the file knew of it, or (`text`)
 * a note with no address. `collection` is a folder path (`[]`: Unfiltered); `tags` are tag paths (`a/b`).
 */
export const importItemSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  notes: z.string(),
  text: z.string().nullable(),
  tags: z.array(z.string()),
  collection: z.array(z.string()),
  createdAt: z.iso.datetime().nullable(),
  isFavourite: z.boolean(),
  isArchived: z.boolean(),
  highlights: z.array(z.string()),
  image: z.string().nullable(),
  /** A gem of Trove's own export, whole (its other fields are then only what the summary reads). */
  trove: troveStagedGemSchema.optional(),
});
export type ImportItem = z.infer<typeof importItemSchema>;

/** A part of the file that could not be read, and why: `where` is "line 12" or "bookmark 3" as the format counts. */
export const importProblemSchema = z.object({ where: z.string(), reason: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;

/**
 * The largest import request the server reads, in bytes (the file as JSON: a 50,000-bookmark browser export is ~7 MB,
 * Firefox's with its icons several times that). The file's characters are bounded by the same number.
 */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;
/** How many of a file's unreadable parts an answer lists (the count is always whole). */
export const LISTED_PROBLEMS = 100;

export const importBody = z.object({
  /** The file's name, shown in the import's report (the format is told from the content, never the name). */
  fileName: z.string().trim().min(1).max(255),
  content: z
    .string()
    .min(1, 'The file is empty')
    .max(MAX_IMPORT_BYTES, 'The file is too large to import (at most 64 MB)'),
  /** Only read the file and say what an import would do; nothing is written. */
  dryRun: z.boolean().default(false),
});
export type ImportBody = z.input<typeof importBody>;

/** What importing a file would do (a dry run), or what the import found before it began. */
export const importSummarySchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  /** Items the file has (notes without an address included). */
  items: z.number().int(),
  /** Folder paths the import would create (the ones the user has are reused). */
  newCollections: z.array(z.array(z.string())),
  /** Items whose address the user has saved already: they are merged into that gem, not added again. */
  alreadySaved: z.number().int(),
  /** Items whose address comes earlier in the same file: merged into the first one. */
  repeatedInFile: z.number().int(),
  problemCount: z.number().int(),
  /** The first LISTED_PROBLEMS of them. */
  problems: z.array(importProblemSchema),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_ITEM_STATUSES = ['pending', 'added', 'merged', 'skipped'] as const;
export type ImportItemStatus = (typeof IMPORT_ITEM_STATUSES)[number];

export const importJobSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  format: z.enum(IMPORT_FORMATS),
  status: z.enum(IMPORT_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  added: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  /** Parts of the file that could not be read (never staged), the first LISTED_PROBLEMS. */
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
  /** Items read but not imported, and why (the first LISTED_PROBLEMS; only when asked for one job). */
  skippedItems: z.array(z.object({ title: z.string(), url: z.string(), reason: z.string() })).optional(),
  error: z.string().optional(),
  createdAt: z.iso.datetime(),
});
export type ImportJob = z.infer<typeof importJobSchema>;
