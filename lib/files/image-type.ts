/**
 * Image types Trove accepts as attachments, recognised by their first bytes (magic numbers), never
 * by a file's name or declared type.
 */
export const ACCEPTED_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type AcceptedImageType = keyof typeof ACCEPTED_IMAGE_TYPES;

/** The spec's accepted file-name extensions for bug report attachments. */
export const ACCEPTED_IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'jpeg', 'webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/** The image type the bytes really are, or null. 12 bytes are enough. */
export function detectImageType(bytes: Uint8Array): AcceptedImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

export function hasAcceptedImageExtension(fileName: string): boolean {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  return (ACCEPTED_IMAGE_EXTENSIONS as readonly string[]).includes(ext) && fileName.includes('.');
}
