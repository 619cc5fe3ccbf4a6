import { IMPORT_FORMAT_NAMES } from '../../../../lib/api/import-contract';
import { csvHeader } from './csv';
import { readInstapaperCsv, readPocketCsv, readRaindropCsv } from './csv-formats';
import type { ParsedImport } from './draft';
import {
  type JsonImportFormat,
  jsonFormat,
  readKarakeepJson,
  readLinkwardenJson,
  readOmnivoreJson,
  readPinboardJson,
} from './json-formats';
import { readNetscape } from './netscape';
import { isTroveExport, readTroveJson, UnreadableTroveExport } from './trove-json';
import { hasWebAddressLine, readUrlList } from './url-list';

/** A file whose format could not be told from its content: `reason` says what was expected. */
export class UnknownImportFormat extends Error {}

const jsonReaders: Record<JsonImportFormat, (list: unknown[]) => ParsedImport> = {
  'pinboard-json': readPinboardJson,
  'karakeep-json': readKarakeepJson,
  'linkwarden-json': readLinkwardenJson,
  'omnivore-json': readOmnivoreJson,
};

const known = Object.values(IMPORT_FORMAT_NAMES).join(', ');

/** The file without its byte order mark. */
export const withoutBom = (content: string) => content.replace(/^\uFEFF/, '');

/** Whether `text` (without its byte order mark) is a browser's bookmark file. */
export const isNetscapeFile = (text: string) =>
  /<!DOCTYPE\s+NETSCAPE-Bookmark-file/i.test(text.slice(0, 1000)) ||
  (text.trimStart().startsWith('<') && /<dl/i.test(text));

/** Reads a file of any format the import knows, telling which from the content alone (never from its name). */
export function readImportFile(content: string): ParsedImport {
  const text = withoutBom(content);
  const start = text.trimStart().slice(0, 1);
  if (isNetscapeFile(text)) return readNetscape(text);
  if (start === '[' || start === '{') return readJson(text);
  const header = csvHeader(text);
  const has = (...names: string[]) => names.every((name) => header.includes(name));
  if (has('url', 'folder', 'excerpt')) return readRaindropCsv(text);
  if (has('url', 'time_added')) return readPocketCsv(text);
  if (has('url', 'selection', 'folder')) return readInstapaperCsv(text);
  if (hasWebAddressLine(text)) return readUrlList(text);
  throw new UnknownImportFormat(`Trove cannot tell what this file is. It reads: ${known}.`);
}

function readJson(text: string): ParsedImport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UnknownImportFormat(`The file looks like JSON but is not valid JSON (${(error as Error).message}).`);
  }
  if (isTroveExport(value)) {
    try {
      return readTroveJson(value);
    } catch (error) {
      if (error instanceof UnreadableTroveExport) throw new UnknownImportFormat(error.message);
      throw error;
    }
  }
  const found = jsonFormat(value);
  if (!found) throw new UnknownImportFormat(`This JSON is not an export Trove knows. It reads: ${known}.`);
  return jsonReaders[found.format](found.list);
}
