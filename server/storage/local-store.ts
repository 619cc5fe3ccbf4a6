import { mkdirSync } from 'node:fs';
import { open, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { assertStoredName, type FileStore } from './file-store';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Uploaded files in a folder on this machine (created if missing): one server copy, or a folder all copies share. */
export function localFileStore(dir: string): FileStore {
  mkdirSync(dir, { recursive: true });
  const pathOf = (name: string) => join(dir, assertStoredName(name));
  return {
    async put(name, bytes) {
      const path = pathOf(name);
      try {
        await writeFile(path, bytes, { flag: 'wx', mode: 0o600 });
      } catch (error) {
        // a partly written file is ours to remove; an existing one (EEXIST) is not
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await rm(path, { force: true });
        throw error;
      }
    },
    async get(name) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(name), 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // the stream closes the handle when it ends or is cancelled
        return { body: Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>, size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async head(name) {
      try {
        return { size: (await stat(pathOf(name))).size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(name) {
      await rm(pathOf(name), { force: true });
    },
    async close() {},
  };
}
