import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/bench-support.mjs';
import { PICTURE_MESSAGES } from '../../../domain/profile/picture';
import { profileUploads, users } from '../../db/schema';
import { injectAs } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/** A photo as a phone makes it: 1200 x 900, with GPS coordinates in its EXIF. */
const photoWithGps = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7' } })
    .png()
    .withExif({ IFD0: { Copyright: 'Dana' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 35/1 0/1' } })
    .toBuffer();

type Read = (url: string, t: TestApp) => Promise<{ status: number; bytes: Buffer }>;

function storageCases(
  name: string,
  setup: () => Promise<{ env: Record<string, string>; read: Read; close?: () => Promise<void> }>,
) {
  describe(`profile pictures on ${name}`, () => {
    let t: TestApp;
    let dana: SignedIn;
    let bo: SignedIn;
    let readFrom: Read;
    let close: (() => Promise<void>) | undefined;
    beforeAll(async () => {
      const peer = await setup();
      readFrom = peer.read;
      close = peer.close;
      t = await createTestApp({ env: peer.env });
      dana = await signInAs(t.db, 'MEMBER', { firstName: 'Dana', lastName: 'Pic' });
      bo = await signInAs(t.db, 'MEMBER');
    });
    afterAll(async () => {
      await t.close();
      await close?.();
    });
    const read = (url: string) => readFrom(url, t);
    const uploadUrl = async (who: SignedIn, contentType = 'image/png') =>
      (
        await injectAs(t, who, {
          method: 'POST',
          url: '/api/profile/upload-url',
          payload: { filename: 'me.png', contentType },
        })
      ).json().uploadURL as string;
    const putBytes = (who: SignedIn, url: string, body: Buffer, contentType = 'image/png') =>
      injectAs(t, who, { method: 'PUT', url, payload: body, headers: { 'content-type': contentType } });
    const setImage = (who: SignedIn, imageUrl: string) =>
      injectAs(t, who, { method: 'PUT', url: '/api/profile/image', payload: { imageUrl } });

    it('uploads, re-encodes without metadata, sets and replaces the picture, deleting the old file', async () => {
      const url = await uploadUrl(dana);
      expect(url).toMatch(/^\/api\/profile\/uploads\/[0-9a-f-]{36}$/);
      expect((await putBytes(dana, url, await photoWithGps())).statusCode).toBe(204);
      const set = await setImage(dana, url);
      expect(set.statusCode).toBe(200);
      const pictureUrl = set.json().profileImageUrl as string;
      const stored = (await read(pictureUrl)).bytes;
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 512, height: 384 });
      expect(meta.exif).toBeUndefined();
      const publicMember = await t.app.inject({ method: 'GET', url: '/api/members/by-name/dana-pic' });
      expect(publicMember.json().profileImageUrl).toBe(pictureUrl);
      // The shared link's preview shows it too.
      const preview = (await t.app.inject({ method: 'GET', url: '/member/dana-pic' })).body;
      expect(preview).toContain('<meta property="og:image" content="');
      expect(preview).toContain(`${pictureUrl}" />`);

      const second = await uploadUrl(dana);
      const other = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a33' } })
        .png()
        .toBuffer();
      await putBytes(dana, second, other);
      const replaced = (await setImage(dana, second)).json().profileImageUrl;
      expect(replaced).not.toBe(pictureUrl);
      expect((await read(pictureUrl)).status).toBe(404);

      expect((await injectAs(t, dana, { method: 'DELETE', url: '/api/profile/image' })).statusCode).toBe(204);
      expect((await read(replaced)).status).toBe(404);
      const [row] = await t.db
        .select({ url: users.profileImageUrl })
        .from(users)
        .where(eq(users.id, dana.userId));
      expect(row?.url).toBeNull();
    });

    it('keeps a replaced file while a not-yet-applied upload of the same picture points at it', async () => {
      const cleo = await signInAs(t.db, 'MEMBER');
      const red = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c00' } })
        .png()
        .toBuffer();
      const blue = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#00c' } })
        .png()
        .toBuffer();
      const first = await uploadUrl(cleo);
      await putBytes(cleo, first, red);
      const redUrl = (await setImage(cleo, first)).json().profileImageUrl as string;
      // The same red picture again (same content hash, same file), uploaded but not applied yet...
      const again = await uploadUrl(cleo);
      expect((await putBytes(cleo, again, red)).statusCode).toBe(204);
      // ...while blue replaces red: red's file must stay for the pending upload.
      const other = await uploadUrl(cleo);
      await putBytes(cleo, other, blue);
      const blueUrl = (await setImage(cleo, other)).json().profileImageUrl as string;
      expect(blueUrl).not.toBe(redUrl);
      expect((await read(redUrl)).status).toBe(200);

      const applied = await setImage(cleo, again);
      expect(applied.json().profileImageUrl).toBe(redUrl);
      expect((await read(redUrl)).status).toBe(200);
      // Blue is nobody's now and no upload waits on it: its file goes.
      expect((await read(blueUrl)).status).toBe(404);
      // Removing the picture with no upload pending deletes red's file at last.
      await injectAs(t, cleo, { method: 'DELETE', url: '/api/profile/image' });
      expect((await read(redUrl)).status).toBe(404);
    });

    it('refuses a file over 5 MB (413), bytes that are not an image (415), and a mismatched type', async () => {
      const url = await uploadUrl(dana);
      const big = await putBytes(dana, url, Buffer.alloc(6 * 1024 * 1024, 1));
      expect(big.statusCode).toBe(413);
      const text = await putBytes(dana, url, Buffer.from('just some text pretending to be a png'));
      expect(text.statusCode).toBe(415);
      expect(text.json().message).toBe(PICTURE_MESSAGES.notAnImage);
      const jpegUrl = await uploadUrl(dana, 'image/jpeg');
      expect((await putBytes(dana, jpegUrl, await photoWithGps(), 'image/jpeg')).statusCode).toBe(415);
      const bad = await injectAs(t, dana, {
        method: 'POST',
        url: '/api/profile/upload-url',
        payload: { contentType: 'application/pdf' },
      });
      expect(bad.statusCode).toBe(415);
      expect(bad.json().message).toBe(PICTURE_MESSAGES.invalidType);
    });

    it('refuses a reused, expired or someone else’s upload URL, and a foreign image URL', async () => {
      const url = await uploadUrl(dana);
      const png = await photoWithGps();
      expect((await putBytes(bo, url, png)).statusCode).toBe(404);
      expect((await putBytes(dana, url, png)).statusCode).toBe(204);
      const reused = await putBytes(dana, url, png);
      expect(reused.statusCode).toBe(404);
      expect(reused.json().message).toBe(PICTURE_MESSAGES.uploadUrlInvalid);
      expect((await setImage(bo, url)).statusCode).toBe(400);
      expect((await setImage(dana, 'https://evil.example/me.png')).statusCode).toBe(400);

      const expired = await uploadUrl(dana);
      const id = expired.split('/').pop()!;
      await t.db
        .update(profileUploads)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(profileUploads.id, id));
      expect((await putBytes(dana, expired, png)).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/profile/upload-url',
            payload: { contentType: 'image/png' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });
}

storageCases('the folder store under DATA_DIR', async () => ({
  env: {},
  read: async (url, t) => {
    const res = await t.app.inject({ method: 'GET', url });
    return { status: res.statusCode, bytes: res.rawPayload };
  },
}));

storageCases('S3-compatible storage (s3rver on loopback)', async () => {
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'pictures', configs: [] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: {
      S3_BUCKET: 'pictures',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    read: async (url) => {
      expect(url.startsWith(`${endpoint}/pictures/`)).toBe(true);
      const res = await fetch(url);
      return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
    },
    close: () => server.close(),
  };
});
