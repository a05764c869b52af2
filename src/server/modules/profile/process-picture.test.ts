import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { pictureDecodes, processPicture } from './process-picture';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('processPicture bounds', () => {
  it('refuses a small file that decodes to more than 25 megapixels with 413, and takes exactly 25', async () => {
    // 5001 x 5000 is 25,005,000 pixels in about 80 KB: the amplification the probe used.
    const bomb = await png(5001, 5000);
    expect(bomb.length).toBeLessThan(200_000);
    const refused = await processPicture(bomb, 'image/png', 'owner').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(413);
    expect((refused as HttpError).message).toBe(
      'The image is too large to process. Use a picture under 25 megapixels.',
    );

    const atLimit = await processPicture(await png(5000, 5000), 'image/png', 'owner');
    expect(await sharp(atLimit.bytes).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('decodes one picture at a time in an instance; the others wait their turn', async () => {
    const pictures = await Promise.all([png(3000, 2000), png(2000, 3000), png(2500, 2500)]);
    let mostActive = 0;
    let mostWaiting = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        mostActive = Math.max(mostActive, pictureDecodes.stats.active);
        mostWaiting = Math.max(mostWaiting, pictureDecodes.stats.waiting);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const results = await Promise.all(pictures.map((p, i) => processPicture(p, 'image/png', `m${i}`)));
    done = true;
    await watch;
    expect(results).toHaveLength(3);
    expect(mostActive).toBe(1);
    expect(mostWaiting).toBe(2);
    expect(pictureDecodes.stats).toEqual({ active: 0, waiting: 0 });
  });
});
