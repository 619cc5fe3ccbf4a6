import type { apiClient } from '../api/client';
import type { ExportFormat } from '../api/export-contract';
import { exportsApi } from '../api/routes/exports';

/** What to export: the whole library, or one collection with its sub-collections. */
export type ExportTarget = { kind: 'library' } | { kind: 'collection'; id: number };

const EXTENSIONS: Record<ExportFormat, string> = {
  'trove-json': 'json',
  'netscape-html': 'html',
  'raindrop-csv': 'csv',
  'markdown-zip': 'zip',
};

/** The name a `Content-Disposition` gives (its UTF-8 `filename*` first), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? null;
}

/**
 * The export as a file: fetched by the page itself with the lent token (the bytes never pass through the service
 * worker's messages), read into a Blob, which the browser keeps outside the page's script heap.
 */
export async function fetchExport(
  client: ReturnType<typeof apiClient>,
  target: ExportTarget,
  format: ExportFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const response =
    target.kind === 'library'
      ? await client.send(exportsApi.library, { body: { format } })
      : await client.send(exportsApi.collection, { params: { id: target.id }, body: { format } });
  const fileName = dispositionName(response.headers.get('content-disposition')) ?? `trove.${EXTENSIONS[format]}`;
  return { blob: await response.blob(), fileName };
}

/**
 * Hands a Blob to the browser as a download named `fileName`: an object URL clicked as a `download` link, which
 * needs no `downloads` permission (and so no install warning). The URL is revoked once the browser has taken it.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
