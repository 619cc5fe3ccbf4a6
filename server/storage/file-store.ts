/**
 * Where uploaded files live: a folder on this machine (the default) or an S3-compatible bucket shared
 * by every copy of the server. Names are made by the server (`<key>.<ext>`, see features/uploads/upload-files.ts);
 * a store refuses any other name, so no request can reach a path or key of its choosing.
 */
export interface FileStore {
  /** Stores a new file. On failure nothing of it is left behind. */
  put(name: string, bytes: Uint8Array, mime: string): Promise<void>;
  /** The file's bytes as a stream with its size, or null when there is no such file. */
  get(name: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** The file's size without its bytes, or null when there is no such file. */
  head(name: string): Promise<{ size: number } | null>;
  /** Removes the file; a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** Releases the store's connections (the server is stopping). */
  close(): Promise<void>;
}

const STORED_NAME = /^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/;

/** Throws unless `name` is a plain `<key>.<ext>` file name. */
export function assertStoredName(name: string): string {
  if (!STORED_NAME.test(name)) throw new Error(`Not a stored file name: ${JSON.stringify(name)}`);
  return name;
}
