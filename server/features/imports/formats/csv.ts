import { parse } from 'csv-parse/sync';
import type { ImportDraft } from './draft';

export type CsvRow = Record<string, string | undefined>;

/**
 * The rows of a CSV file with a header line, keyed by the header's names lower-cased, each with the line it starts
 * on. A row the CSV reader cannot read (an unclosed quote, say) becomes the draft's problem and the rest is read.
 */
export function readCsvRows(text: string, draft: ImportDraft): { line: number; row: CsvRow }[] {
  const records = parse(text, {
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
    info: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      draft.problem(`line ${error?.lines ?? '?'}`, `Not readable as CSV: ${error?.message ?? 'unknown error'}`);
      return undefined;
    },
  }) as unknown as { record: CsvRow; info: { lines: number } }[];
  return records.map(({ record, info }) => ({ line: info.lines, row: record }));
}

/** The header line's names, lower-cased (to tell the CSV formats apart). */
export function csvHeader(text: string): string[] {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return firstLine.split(',').map((name) => name.trim().replace(/^"|"$/g, '').toLowerCase());
}
