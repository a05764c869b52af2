import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  PICTURE_MAX_PIXELS,
  PICTURE_MESSAGES,
  type PictureType,
  sniffPictureType,
} from '../../../domain/profile/picture';
import { ConcurrencyLimit, ConcurrencyLimitExceeded } from '../../lib/concurrency-limit';
import { HttpError } from '../../lib/http-error';

const MAX_SIDE = 512;

/**
 * One decode at a time in this instance, a few more waiting: a burst of uploads queues instead of
 * taking every core from the directory's readers. Beyond the queue the upload answers 503 at once.
 */
export const pictureDecodes = new ConcurrencyLimit(1, 8);

/** Reads only the header: the pixel count an image claims, before a single pixel is decoded. */
async function refuseTooManyPixels(bytes: Buffer) {
  let pixels: number;
  try {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    pixels = width * height;
  } catch {
    throw new HttpError('UNSUPPORTED_MEDIA', PICTURE_MESSAGES.unreadable);
  }
  if (pixels > PICTURE_MAX_PIXELS) throw new HttpError('PAYLOAD_TOO_LARGE', PICTURE_MESSAGES.tooManyPixels);
}

/**
 * Checks the bytes are the picture they claim to be, then decodes and re-encodes them: turned upright,
 * at most 512 x 512, WebP, with no metadata (GPS, camera, comments) left. Returns the new bytes and a
 * content-hashed key.
 */
export async function processPicture(bytes: Buffer, declared: PictureType, ownerId: string) {
  const actual = sniffPictureType(bytes);
  if (!actual || actual !== declared) throw new HttpError('UNSUPPORTED_MEDIA', PICTURE_MESSAGES.notAnImage);
  await refuseTooManyPixels(bytes);
  const output = await pictureDecodes
    .run(() =>
      // limitInputPixels stays as a second lock in case a header understates what the decoder meets.
      sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, animated: false })
        .rotate()
        .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
    )
    .catch((err: unknown) => {
      if (err instanceof ConcurrencyLimitExceeded)
        throw new HttpError('UNAVAILABLE', PICTURE_MESSAGES.decoderBusy);
      const message = String((err as Error).message ?? '');
      if (/pixel limit/i.test(message))
        throw new HttpError('PAYLOAD_TOO_LARGE', PICTURE_MESSAGES.tooManyPixels);
      throw new HttpError('UNSUPPORTED_MEDIA', PICTURE_MESSAGES.unreadable);
    });
  const hash = createHash('sha256').update(output).digest('hex').slice(0, 32);
  // Under the owner's id, so replacing one member's picture can never delete another's identical one.
  return { bytes: output, key: `avatars/${ownerId}/${hash}.webp`, contentType: 'image/webp' };
}
