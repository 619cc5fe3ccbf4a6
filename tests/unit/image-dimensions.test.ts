import { describe, expect, test } from 'vitest';
import { type AcceptedImageType, detectImageType } from '../../lib/files/image-type';
import { checkImage, MAX_IMAGE_SIDE } from '../../server/features/uploads/image-dimensions';
import { FORGED, GIF, JPEG, makeJpeg, makePng, PNG, WEBP } from '../images/tiny-images';

const check = (bytes: Uint8Array) => {
  const mime = detectImageType(bytes);
  if (!mime) throw new Error('no image signature');
  return checkImage(bytes, mime);
};

describe('checkImage', () => {
  test.each([
    ['PNG', PNG],
    ['JPEG', JPEG],
    ['GIF', GIF],
    ['WEBP', WEBP],
  ])('reads a real 1×1 %s', (_, bytes) => {
    expect(check(bytes)).toEqual({ ok: true, dimensions: { width: 1, height: 1 } });
  });

  test('reads the dimensions of larger images, width and height the right way round', () => {
    expect(check(makePng(300, 7))).toEqual({ ok: true, dimensions: { width: 300, height: 7 } });
    expect(check(makeJpeg(20, 9))).toEqual({ ok: true, dimensions: { width: 20, height: 9 } });
  });

  test.each([
    ['the PNG signature followed by a script', FORGED.pngScript, 'Not a valid PNG image'],
    ['a JPEG header followed by a page', FORGED.jpegHtml, 'Not a valid JPG image'],
    ['a WEBP header with no image chunk', FORGED.webpText, 'Not a valid WEBP image'],
    ['a PNG of 0×0 pixels', FORGED.pngZeroSize, 'Not a valid PNG image: its header claims 0×0 pixels'],
    [
      'a PNG of 100,000×100,000 pixels',
      FORGED.pngHuge,
      'Not a valid PNG image: its header claims 100000×100000 pixels',
    ],
    [
      'the GIF signature followed by a script',
      FORGED.gifScript,
      'Not a valid GIF image: its header claims 29500×29283 pixels',
    ],
    ['a PNG cut off after its signature', PNG.subarray(0, 8), 'Not a valid PNG image'],
    ['a JPEG cut off before its frame header', JPEG.subarray(0, 40), 'Not a valid JPG image'],
  ])('refuses %s', (_, bytes, problem) => {
    expect(check(bytes)).toEqual({ ok: false, problem });
  });

  test('refuses bytes of another type than the signature found', () => {
    const claims: [Uint8Array, AcceptedImageType][] = [
      [PNG, 'image/jpeg'],
      [GIF, 'image/png'],
      [WEBP, 'image/gif'],
      [JPEG, 'image/webp'],
    ];
    for (const [bytes, mime] of claims) expect(checkImage(bytes, mime)).toMatchObject({ ok: false });
  });

  test('a side of at most the largest a JPEG or GIF can encode passes; one more does not', () => {
    expect(check(makePng(MAX_IMAGE_SIDE, 1))).toEqual({ ok: true, dimensions: { width: MAX_IMAGE_SIDE, height: 1 } });
    expect(check(makePng(MAX_IMAGE_SIDE + 1, 1))).toMatchObject({ ok: false });
  });
});
