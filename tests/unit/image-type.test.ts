import { describe, expect, test } from 'vitest';
import {
  ACCEPTED_IMAGE_EXTENSIONS,
  ACCEPTED_IMAGE_TYPES,
  detectImageType,
  hasAcceptedImageExtension,
} from '../../lib/files/image-type';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));
const padded = (head: Uint8Array, length = 64) => {
  const out = new Uint8Array(Math.max(length, head.length));
  out.set(head);
  return out;
};

const PNG = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'IHDR');
const JPEG_JFIF = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]);
const JPEG_EXIF = bytes([0xff, 0xd8, 0xff, 0xe1, 0x2a, 0x12], 'Exif', [0, 0]);
const GIF87 = bytes('GIF87a', [1, 0, 1, 0]);
const GIF89 = bytes('GIF89a', [1, 0, 1, 0]);
const WEBP = bytes('RIFF', [0x24, 0x00, 0x00, 0x00], 'WEBPVP8 ');

describe('detectImageType', () => {
  test.each([
    ['PNG', PNG, 'image/png'],
    ['JPEG (JFIF)', JPEG_JFIF, 'image/jpeg'],
    ['JPEG (Exif)', JPEG_EXIF, 'image/jpeg'],
    ['GIF87a', GIF87, 'image/gif'],
    ['GIF89a', GIF89, 'image/gif'],
    ['WEBP', WEBP, 'image/webp'],
  ])('recognises %s by its first bytes', (_, head, type) => {
    expect(detectImageType(head)).toBe(type);
    expect(detectImageType(padded(head))).toBe(type);
  });

  test('the accepted types are exactly PNG, JPEG, GIF and WEBP', () => {
    expect(Object.keys(ACCEPTED_IMAGE_TYPES).sort()).toEqual(['image/gif', 'image/jpeg', 'image/png', 'image/webp']);
  });

  test.each([
    ['GIF88a', bytes('GIF88a', [1, 0, 1, 0])],
    ['GIF89b', bytes('GIF89b', [1, 0, 1, 0])],
    ['a RIFF WAVE file', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ')],
    ['a RIFF AVI file', bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST')],
    ['WEBP not at offset 8', bytes('RIFF', [0x24, 0, 0], 'WEBPVP8 ')],
    ['a PNG signature with one byte wrong', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0b], 'IHDR')],
    ['a PNG signature without its first byte', bytes('PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'IHDR')],
    ['two JPEG bytes then text', bytes([0xff, 0xd8], 'hello there')],
    ['plain text', bytes('just some notes, not pixels')],
    ['HTML', bytes('<!DOCTYPE html><html><body>hi</body></html>')],
    ['HTML with an image name inside', bytes('<img src="x.png">')],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['PDF', bytes('%PDF-1.7\n%âãÏÓ')],
    ['a ZIP', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0])],
    ['BMP', bytes('BM', [0x36, 0x28, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0])],
    ['zeros', new Uint8Array(64)],
    ['nothing', new Uint8Array(0)],
  ])('refuses %s', (_, head) => {
    expect(detectImageType(head)).toBeNull();
  });

  test.each([
    ['7 of the 8 PNG signature bytes', PNG.slice(0, 7)],
    ['the PNG signature minus its last byte plus nothing', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a])],
    ['two JPEG bytes', JPEG_JFIF.slice(0, 2)],
    ['GIF8 only', bytes('GIF8')],
    ['GIF89 without the a', bytes('GIF89')],
    ['RIFF and a size only', WEBP.slice(0, 8)],
    ['RIFF, a size and WEB', WEBP.slice(0, 11)],
  ])('refuses a short buffer: %s', (_, head) => {
    expect(detectImageType(head)).toBeNull();
  });

  test('exactly the shortest complete signatures are enough', () => {
    expect(detectImageType(PNG.slice(0, 8))).toBe('image/png');
    expect(detectImageType(JPEG_JFIF.slice(0, 3))).toBe('image/jpeg');
    expect(detectImageType(GIF89.slice(0, 6))).toBe('image/gif');
    expect(detectImageType(WEBP.slice(0, 12))).toBe('image/webp');
  });

  test('reads a view into a larger buffer from its own start', () => {
    const buffer = new Uint8Array([0, 0, 0, 0, ...PNG]);
    expect(detectImageType(buffer.subarray(4))).toBe('image/png');
    expect(detectImageType(buffer)).toBeNull();
  });
});

describe('hasAcceptedImageExtension', () => {
  test('the spec list: JPG, PNG, GIF, JPEG, WEBP', () => {
    expect([...ACCEPTED_IMAGE_EXTENSIONS].sort()).toEqual(['gif', 'jpeg', 'jpg', 'png', 'webp']);
  });

  test.each([
    'shot.jpg',
    'shot.jpeg',
    'shot.png',
    'shot.gif',
    'shot.webp',
    'SHOT.PNG',
    'Shot.JpEg',
    'my.screen shot.webp',
    'x.exe.png',
  ])('accepts %j', (name) => {
    expect(hasAcceptedImageExtension(name)).toBe(true);
  });

  test.each([
    ['no dot', 'png'],
    ['no dot, name ends like an extension', 'screenshotpng'],
    ['an empty name', ''],
    ['a trailing dot', 'shot.png.'],
    ['another type', 'notes.txt'],
    ['SVG', 'logo.svg'],
    ['BMP', 'old.bmp'],
    ['a double extension ending in .exe', 'x.png.exe'],
    ['a double extension ending in .html', 'x.jpg.html'],
    ['an extension with a space after it', 'shot.png '],
    ['a near miss', 'shot.pngx'],
    ['jpe', 'shot.jpe'],
  ])('refuses %s (%j)', (_, name) => {
    expect(hasAcceptedImageExtension(name)).toBe(false);
  });
});
