import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signInAs, type TestApp } from '../test/test-app';
import { COMPRESS_ON_LOOP_UP_TO_BYTES, encodeBody, encodeBytes, preferredEncoding } from './encoded-body';

const decode = (encoding: string | undefined, body: Buffer) =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

/** Compressed answers are the same bytes once decoded, vary by Accept-Encoding, and keep 304s. */
describe('compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extraRoutes: (app) => {
        // As large as a meeting's page of 100 records (about 23 KB).
        app.get('/api/test/large', { config: { access: 'public' } }, async () => ({
          items: Array.from({ length: 100 }, (_, i) => ({
            id: i,
            firstName: 'Member',
            lastName: `Number ${i}`,
            notes: 'x'.repeat(150),
          })),
        }));
      },
    });
    for (let i = 0; i < 30; i++)
      await createUser(t.db, 'MEMBER', {
        businessName: `Business ${i}`,
        description: 'Plumbing and heating '.repeat(5),
      });
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('serves the build-time brotli and gzip copies of an asset, byte-identical after decoding', async () => {
    const plain = await get('/assets/app-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/assets/app-def456.js', { 'accept-encoding': `${encoding}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(res.headers['cache-control']).toContain('immutable');
    }
    // The compressed copies are not files of their own.
    expect((await get('/assets/app-def456.js.br')).headers['content-type']).toContain('text/html');
  });

  it('serves the directory from pre-encoded bytes in each encoding, all decoding to the same JSON', async () => {
    const plain = await get('/api/members', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().length).toBeGreaterThanOrEqual(30);
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/api/members', {
        'accept-encoding': `gzip, deflate${encoding === 'br' ? ', br' : ''}`,
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(encoding, res.rawPayload).equals(plain.rawPayload)).toBe(true);
      expect(res.headers.etag).toBe(plain.headers.etag);
    }
    const notModified = await get('/api/members', {
      'accept-encoding': 'br',
      'if-none-match': plain.headers.etag as string,
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('compresses a kept answer only in the encodings asked for, once each', async () => {
    const body = encodeBody({ notes: 'Plumbing and heating '.repeat(100) });
    const br = body.compressed('br');
    expect(body.compressed('br')).toBe(br);
    expect(brotliDecompressSync((await br)!).equals(body.identity)).toBe(true);
    const gzip = body.compressed('gzip');
    expect(gzip).not.toBe(br);
    expect(gunzipSync((await gzip)!).equals(body.identity)).toBe(true);
    expect(encodeBody({ small: true }).compressed('br')).toBeUndefined();
  });

  it('compresses bodies on either side of the event loop’s limit to bytes that decode the same', async () => {
    const page = (bytes: number) =>
      encodeBytes(Buffer.from(`<p>${'Plumbing and heating, '.repeat(bytes / 23)}</p>`.slice(0, bytes)));
    for (const body of [page(COMPRESS_ON_LOOP_UP_TO_BYTES), page(COMPRESS_ON_LOOP_UP_TO_BYTES + 1)]) {
      expect(brotliDecompressSync((await body.compressed('br'))!).equals(body.identity)).toBe(true);
      expect(gunzipSync((await body.compressed('gzip'))!).equals(body.identity)).toBe(true);
    }
  });

  it('keeps a small pre-encoded answer (a profile) uncompressed, whatever the browser accepts', async () => {
    await createUser(t.db, 'MEMBER', { firstName: 'Small', lastName: 'Answer' });
    const plain = await get('/api/members/by-name/small-answer', { 'accept-encoding': 'identity' });
    expect(plain.rawPayload.length).toBeLessThan(1024);
    const br = await get('/api/members/by-name/small-answer', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBeUndefined();
    expect(br.rawPayload).toEqual(plain.rawPayload);
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('compresses other JSON above 1 KB on the fly, and leaves small answers alone', async () => {
    const member = await signInAs(t.db, 'MEMBER');
    const plain = await get('/api/members/active', member.cookie);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/members/active', { ...member.cookie, 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-store');
    expect(decode('br', br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('compresses an answer the size of a meeting’s page in one piece, with its length', async () => {
    const plain = await get('/api/test/large');
    expect(plain.rawPayload.length).toBeGreaterThan(20 * 1024);
    const br = await get('/api/test/large', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    // Compressed at once (syncThreshold), not through a zlib stream per answer: the length is known.
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(decode('br', br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('picks brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
  });
});
