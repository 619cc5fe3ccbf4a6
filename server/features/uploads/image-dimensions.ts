import { imageSize } from 'image-size';
import { ACCEPTED_IMAGE_TYPES, type AcceptedImageType } from '../../../lib/files/image-type';

/** The most pixels on a side that JPEG and GIF can encode (WEBP allows fewer); beyond it a header is lying. */
export const MAX_IMAGE_SIDE = 65_535;
/** 100 megapixels: more than any photo a bug report or a saved image needs, and far from a decompression bomb. */
export const MAX_IMAGE_PIXELS = 100_000_000;

export interface ImageDimensions {
  width: number;
  height: number;
}

/** An image's dimensions, or why its bytes are not an image of the type their signature claims. */
export type ImageCheck = { ok: true; dimensions: ImageDimensions } | { ok: false; problem: string };

const typeLabel = (mime: AcceptedImageType) => ACCEPTED_IMAGE_TYPES[mime].toUpperCase();

/**
 * Reads the dimensions of an image whose signature says `mime`, with image-size (which parses the
 * header: PNG's IHDR chunk, JPEG's frame header, GIF's screen descriptor, WEBP's VP8/VP8L/VP8X chunk).
 * A file that only starts with a signature does not parse, parses as another type, or claims no or
 * absurd dimensions.
 */
export function checkImage(bytes: Uint8Array, mime: AcceptedImageType): ImageCheck {
  const invalid = `Not a valid ${typeLabel(mime)} image`;
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    // image-size throws (TypeError, RangeError) on headers it cannot read
    return { ok: false, problem: invalid };
  }
  if (size.type !== ACCEPTED_IMAGE_TYPES[mime]) return { ok: false, problem: invalid };
  const { width, height } = size;
  const sideOk = (side: number) => Number.isInteger(side) && side >= 1 && side <= MAX_IMAGE_SIDE;
  if (!sideOk(width) || !sideOk(height) || width * height > MAX_IMAGE_PIXELS) {
    return { ok: false, problem: `${invalid}: its header claims ${width}×${height} pixels` };
  }
  return { ok: true, dimensions: { width, height } };
}
