import {
  ACCEPTED_IMAGE_TYPES,
  detectImageType,
  hasAcceptedImageExtension,
  MAX_IMAGE_BYTES,
} from '@/lib/files/image-type';

export const ACCEPT_ATTRIBUTE = Object.keys(ACCEPTED_IMAGE_TYPES).join(',');

/** Why a file cannot be attached, or null when it is a real JPG/PNG/GIF/WEBP image within the size limit. */
export async function attachmentProblem(file: File): Promise<string | null> {
  const bytes = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  if (!hasAcceptedImageExtension(file.name) || !detectImageType(bytes)) {
    return `${file.name} is not an image Trove can attach. Use JPG, PNG, GIF, JPEG or WEBP.`;
  }
  if (file.size > MAX_IMAGE_BYTES) return `${file.name} is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
  return null;
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}
