import { readCsvRows } from './csv';
import { ImportDraft, type ParsedImport } from './draft';

const splitList = (value: string | undefined, separator: RegExp) => (value ?? '').split(separator);
const yes = (value: string | undefined) => /^(true|1|yes)$/i.test((value ?? '').trim());

/** Pocket's export: `title,url,time_added,tags,status`; tags joined by `|`, status `unread` or `archive`. */
export function readPocketCsv(text: string): ParsedImport {
  const draft = new ImportDraft('pocket-csv');
  for (const { line, row } of readCsvRows(text, draft)) {
    draft.add(`line ${line}`, {
      url: row.url,
      title: row.title,
      tags: splitList(row.tags, /\|/),
      createdAt: row.time_added,
      isArchived: row.status?.trim().toLowerCase() === 'archive',
    });
  }
  return draft.result();
}

/** Raindrop's name for "in no collection". */
const RAINDROP_UNSORTED = 'Unsorted';

/**
 * Raindrop's export: `id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite`; `folder` is a path
 * (`Parent/Child`), tags are joined by commas, highlights one per line (each may start with "Highlight:").
 */
export function readRaindropCsv(text: string): ParsedImport {
  const draft = new ImportDraft('raindrop-csv');
  for (const { line, row } of readCsvRows(text, draft)) {
    draft.add(`line ${line}`, {
      url: row.url,
      title: row.title,
      description: row.excerpt,
      notes: row.note,
      tags: splitList(row.tags, /,/),
      collection: row.folder?.trim() === RAINDROP_UNSORTED ? [] : splitList(row.folder, /\s*\/\s*/),
      createdAt: row.created,
      image: row.cover,
      highlights: splitList(row.highlights, /\r?\n/).map((h) => h.replace(/^\s*highlight:\s*/i, '')),
      isFavourite: yes(row.favorite),
    });
  }
  return draft.result();
}

/** Instapaper folders that are states, not folders. */
const INSTAPAPER_STATES = new Set(['unread', 'archive', 'starred']);

/**
 * Instapaper's export: `URL,Title,Selection,Folder,Timestamp` (newer files add `Tags`, a JSON list of names).
 * The folders Unread, Archive and Starred are states; any other folder is a collection.
 */
export function readInstapaperCsv(text: string): ParsedImport {
  const draft = new ImportDraft('instapaper-csv');
  for (const { line, row } of readCsvRows(text, draft)) {
    const folder = (row.folder ?? '').trim();
    const state = folder.toLowerCase();
    draft.add(`line ${line}`, {
      url: row.url,
      title: row.title,
      description: row.selection,
      tags: instapaperTags(row.tags),
      collection: INSTAPAPER_STATES.has(state) || !folder ? [] : [folder],
      createdAt: row.timestamp,
      isArchived: state === 'archive',
      isFavourite: state === 'starred',
    });
  }
  return draft.result();
}

function instapaperTags(value: string | undefined): string[] {
  if (!value?.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map((tag) => (typeof tag === 'string' ? tag : String(tag?.name ?? '')));
  } catch {
    // not JSON: a plain comma-separated list
  }
  return value.split(',');
}
