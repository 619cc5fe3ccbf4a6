import { ImportDraft, type ParsedImport } from './draft';

/**
 * Addresses one per line; a line may go on with ` | title` (OneTab's export). Blank lines and lines starting with
 * `#` are skipped; any other line that is not a web address is a problem naming it.
 */
export function readUrlList(text: string): ParsedImport {
  const draft = new ImportDraft('url-list');
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!line || line.startsWith('#')) return;
    const bar = line.indexOf(' | ');
    draft.add(`line ${index + 1}`, {
      url: bar === -1 ? line : line.slice(0, bar),
      title: bar === -1 ? null : line.slice(bar + 3),
    });
  });
  return draft.result();
}

/** Whether a line of the text is a web address (what makes a text file a list of addresses). */
export const hasWebAddressLine = (text: string) => /^\s*https?:\/\/\S+/im.test(text);
