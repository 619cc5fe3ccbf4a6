import { randomBytes } from 'node:crypto';
import { CHAT_FILE_MIME } from '../../../lib/api/chat-files-contract';
import { ACCEPTED_IMAGE_TYPES, type AcceptedImageType } from '../../../lib/files/image-type';
import type { FileStore } from '../../storage/file-store';

/**
 * Uploaded files' names and links (the files themselves are in a FileStore, see server/storage). A
 * file is named `<key>.<ext>`: the key is 128 random bits (22 base64url characters), the extension
 * that of the type detected from its bytes. A link is a
 * capability URL `<base>/uploads/<key>.<ext>`: whoever has it can read the file, nobody can guess one.
 */

const KEY_PATTERN = '[A-Za-z0-9_-]{22}';
const EXTENSIONS = Object.values(ACCEPTED_IMAGE_TYPES);
/** A stored file's name, strictly: no other name (and so no path) ever reaches the file system. */
const FILE_NAME = new RegExp(`^(${KEY_PATTERN})\\.(${EXTENSIONS.join('|')})$`);

export type ImageExtension = (typeof ACCEPTED_IMAGE_TYPES)[AcceptedImageType];

export const newUploadKey = () => randomBytes(16).toString('base64url');

export const extensionOf = (mime: string): ImageExtension | undefined =>
  ACCEPTED_IMAGE_TYPES[mime as AcceptedImageType];

/** The extension a chat document is stored under (never served by link: only images are, see FILE_NAME). */
const documentExtensionOf = (mime: string) => Object.entries(CHAT_FILE_MIME).find(([, type]) => type === mime)?.[0];

export const fileNameOf = (upload: { key: string; mime: string }) =>
  `${upload.key}.${extensionOf(upload.mime) ?? documentExtensionOf(upload.mime) ?? 'bin'}`;

/** `key` and `ext` of a stored file's name, or null when the name is not one the server could have made. */
export function parseFileName(name: string): { key: string; ext: ImageExtension } | null {
  const match = FILE_NAME.exec(name);
  return match?.[1] && match[2] ? { key: match[1], ext: match[2] as ImageExtension } : null;
}

/** The public link of an upload. `base` is PUBLIC_URL or the request's origin, without a trailing slash. */
export const linkOf = (base: string, upload: { key: string; mime: string }) => `${base}/uploads/${fileNameOf(upload)}`;

/** The stored file a link points at, or null when it is not a link to this server's uploads. */
export function parseLink(base: string, link: string): { key: string; ext: ImageExtension } | null {
  const prefix = `${base}/uploads/`;
  return link.startsWith(prefix) ? parseFileName(link.slice(prefix.length)) : null;
}

/** The base URL of links made while answering a request. */
export const baseUrlOf = (publicUrl: string | undefined, requestUrl: string) => publicUrl ?? new URL(requestUrl).origin;

/** The file store and the base of the links made while answering a request. */
export const filesAt = (files: { store: FileStore; publicUrl?: string }, requestUrl: string) => ({
  store: files.store,
  base: baseUrlOf(files.publicUrl, requestUrl),
});
