import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { PICTURE_MESSAGES, type PictureType, sniffPictureType } from '../../../domain/profile/picture';
import { HttpError } from '../../lib/http-error';

/** Far above any phone camera (about 50 megapixels) but far below a decompression bomb. */
const MAX_INPUT_PIXELS = 60_000_000;
const MAX_SIDE = 512;

/**
 * Checks the bytes are the picture they claim to be, then decodes and re-encodes them: turned upright,
 * at most 512 x 512, WebP, with no metadata (GPS, camera, comments) left. Returns the new bytes and a
 * content-hashed key.
 */
export async function processPicture(bytes: Buffer, declared: PictureType, ownerId: string) {
  const actual = sniffPictureType(bytes);
  if (!actual || actual !== declared) throw new HttpError('UNSUPPORTED_MEDIA', PICTURE_MESSAGES.notAnImage);
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    const message = String((err as Error).message ?? '');
    throw new HttpError(
      'UNSUPPORTED_MEDIA',
      /pixel limit/i.test(message) ? PICTURE_MESSAGES.tooManyPixels : PICTURE_MESSAGES.unreadable,
    );
  }
  const hash = createHash('sha256').update(output).digest('hex').slice(0, 32);
  // Under the owner's id, so replacing one member's picture can never delete another's identical one.
  return { bytes: output, key: `avatars/${ownerId}/${hash}.webp`, contentType: 'image/webp' };
}
