import { z } from 'zod';

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
});
export type ImportItem = z.infer<typeof importItemSchema>;

/** A part of the file that could not be read, and why: `where` is "line 12" or "bookmark 3" as the format counts. */
export const importProblemSchema = z.object({ where: z.string(), reason: z.string() });
export type ImportProblem = z.infer<typeof importProblemSchema>;
