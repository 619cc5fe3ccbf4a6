import type { ExportFormat } from '../../../lib/api/export-contract';
import { exportsApi } from '../../../lib/api/routes/exports';
import type { Db } from '../../db/client';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { fileResponse, fileSafe } from './file-stream';
import { markdownZip } from './markdown-zip';
import { netscapeHtml } from './netscape';
import { raindropCsv } from './raindrop-csv';
import { type ExportScope, exportScope, sharedExportScope } from './scope';
import { troveJson } from './trove-json';

const WRITERS: Record<
  ExportFormat,
  { write: (db: Db, scope: ExportScope) => AsyncIterable<string | Uint8Array>; type: string; extension: string }
> = {
  'trove-json': { write: troveJson, type: 'application/json; charset=utf-8', extension: 'json' },
  'netscape-html': { write: netscapeHtml, type: 'text/html; charset=utf-8', extension: 'html' },
  'raindrop-csv': { write: raindropCsv, type: 'text/csv; charset=utf-8', extension: 'csv' },
  'markdown-zip': { write: markdownZip, type: 'application/zip', extension: 'zip' },
};

/** `trove-<what>-<day>.<extension>`: the library or the collection's name, and the day of the export. */
function fileName(scope: ExportScope, extension: string) {
  const what = scope.root ? fileSafe(scope.root.name, 60) : 'library';
  return `trove-${what}-${new Date().toISOString().slice(0, 10)}.${extension}`;
}

async function exported(db: Db, userId: number, collectionId: number | null, format: ExportFormat) {
  // a collection may be one shared with the user: its gems they may read (sharedExportScope)
  const scope =
    collectionId === null ? await exportScope(db, userId, null) : await sharedExportScope(db, userId, collectionId);
  const writer = WRITERS[format];
  return fileResponse(writer.write(db, scope), {
    contentType: writer.type,
    fileName: fileName(scope, writer.extension),
  });
}

export function exportRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(exportsApi.library, (c, { body }) => exported(db, c.get('userId'), null, body.format))
    .implement(exportsApi.collection, (c, { params, body }) => exported(db, c.get('userId'), params.id, body.format))
    .app;
}
