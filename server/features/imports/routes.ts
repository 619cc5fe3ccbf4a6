import { importsApi } from '../../../lib/api/routes/imports';
import { contractRoutes } from '../../http/contract-routes';
import type { AppEnv, Deps } from '../../http/env';
import { fieldError } from '../../http/errors';
import { isNetscapeFile, readImportFile, UnknownImportFormat, withoutBom } from './formats/detect';
import { getOwnedImport, listImports, skippedItems, stageImport, toImportJob } from './jobs';
import { stageNetscapeImport } from './stage-netscape';
import { importSummary } from './summary';
import { kickImportWorkers } from './worker';

/** The file read, or a 400 saying why it cannot be. */
function readFile(content: string) {
  try {
    return readImportFile(content);
  } catch (error) {
    if (error instanceof UnknownImportFormat) throw fieldError(400, 'content', error.message, error.message);
    throw error;
  }
}

export function importRoutes({ db }: Deps) {
  return contractRoutes<AppEnv>('/api')
    .implement(importsApi.create, async (c, { body }) => {
      const userId = c.get('userId');
      const text = withoutBom(body.content);
      if (body.dryRun) return { status: 200, body: { data: await importSummary(db, userId, readFile(text)) } };
      // a browser's bookmarks (the largest files) are staged as they are read, never all their items at once
      const job = isNetscapeFile(text)
        ? await stageNetscapeImport(db, userId, body.fileName, text)
        : await stageImport(db, userId, body.fileName, readFile(text));
      kickImportWorkers();
      return { status: 202, body: { data: toImportJob(job) } };
    })
    .implement(importsApi.list, async (c) => {
      const data = (await listImports(db, c.get('userId'))).map((row) => toImportJob(row));
      return { status: 200, body: { data, total: data.length } };
    })
    .implement(importsApi.get, async (c, { params }) => {
      const job = await getOwnedImport(db, c.get('userId'), params.id);
      return { status: 200, body: { data: toImportJob(job, await skippedItems(db, job.id)) } };
    }).app;
}
