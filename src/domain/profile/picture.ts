import { PROFILE_IMAGE_MAX_BYTES } from '../network/constants';

/** Picture types the widget accepts (JPG, PNG, GIF; WebP too, as phones make it). */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export type PictureType = (typeof PICTURE_TYPES)[number];
export const isPictureType = (value: string): value is PictureType =>
  (PICTURE_TYPES as readonly string[]).includes(value);

export const PICTURE_MAX_BYTES = PROFILE_IMAGE_MAX_BYTES;
/**
 * A 512 px avatar needs nothing near this; phone cameras (12 to 24 megapixels) fit under it, while a
 * small file that decodes to a huge bitmap (a decompression bomb) is refused before it is decoded.
 */
export const PICTURE_MAX_PIXELS = 25_000_000;

export const PICTURE_MESSAGES = {
  invalidType: 'Invalid file type',
  invalidTypeDetail: 'Please select an image file.',
  tooLarge: 'File too large',
  tooLargeDetail: 'Please select an image smaller than 5MB.',
  notAnImage: 'The file is not a JPG, PNG, GIF or WebP image',
  unreadable: 'The image could not be read',
  tooManyPixels: 'The image is too large to process. Use a picture under 25 megapixels.',
  decoderBusy: 'Pictures are busy being processed. Please try again in a moment.',
  uploadUrlInvalid: 'This upload link is not valid any more. Please try again.',
  imageUrlInvalid: 'Use a picture uploaded through this site',
} as const;

/** What the bytes really are, by their magic number; undefined for anything else. */
export function sniffPictureType(bytes: Uint8Array): PictureType | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (from: number, text: string) =>
    [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  return undefined;
}
