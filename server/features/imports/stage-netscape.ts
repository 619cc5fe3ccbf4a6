import { eq } from 'drizzle-orm';
import { LISTED_PROBLEMS } from '../../../lib/api/import-contract';
import type { Db } from '../../db/client';
import { importJobs } from '../../db/schema';
import { collectionForPath, ownerCollections } from './collection-paths';
import { ImportDraft } from './formats/draft';
import { netscapeParser } from './formats/netscape';
import { stageItems } from './jobs';

/** Characters of the file read before what they hold is staged (~2,000 bookmarks of a browser's export). */
export const STAGE_PART_CHARS = 256 * 1024;

/**
 * A browser's bookmark file staged as it is read: each part's folders made collections and its items staged before
 * the next part is read, so the whole file's items are never held at once (a 50,000-bookmark file's items were ~40 MB
 * of the server's memory). One transaction, as stageImport: the job exists whole or not at all.
 */
export async function stageNetscapeImport(db: Db, ownerId: number, fileName: string, text: string) {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .insert(importJobs)
      .values({ ownerId, fileName, format: 'netscape-html', total: 0, problems: [], problemCount: 0 })
      .returning({ id: importJobs.id });
    if (!job) throw new Error('the import job was not written');
    const draft = new ImportDraft('netscape-html');
    const parser = netscapeParser(draft);
    const known = await ownerCollections(tx, ownerId);
    let total = 0;
    const stageRead = async () => {
      for (const path of draft.takeFolders()) await collectionForPath(tx, ownerId, known, path);
      total = await stageItems(tx, job.id, total, draft.takeItems());
    };
    for (let at = 0; at < text.length; at += STAGE_PART_CHARS) {
      parser.write(text.slice(at, at + STAGE_PART_CHARS));
      await stageRead();
    }
    parser.end();
    await stageRead();
    const problems = draft.problemsRead;
    const [staged] = await tx
      .update(importJobs)
      .set({
        total,
        problems: problems.slice(0, LISTED_PROBLEMS),
        problemCount: problems.length,
        status: total ? 'queued' : 'done',
      })
      .where(eq(importJobs.id, job.id))
      .returning();
    if (!staged) throw new Error('the import job was not written');
    return staged;
  });
}
