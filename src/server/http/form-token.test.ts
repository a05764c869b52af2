import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formTokenUses } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { consumeFormToken, deleteExpiredFormTokenUses, issueFormToken } from './form-token';

const SECRET = 'a-secret-of-at-least-thirty-two-characters';
const OTHER_SECRET = 'another-secret-of-thirty-two-characters!!';

describe('form tokens bound to a page, used once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const consume = (page: string, token: unknown, secret = SECRET) =>
    consumeFormToken(t.db, secret, page, token);

  it('is accepted once for its own page, then refused', async () => {
    const token = issueFormToken(SECRET, 'unsubscribe:abc');
    expect(await consume('unsubscribe:abc', token)).toBe(true);
    expect(await consume('unsubscribe:abc', token)).toBe(false);
  });

  it('is refused for another page, under another secret, altered, malformed or missing', async () => {
    const token = issueFormToken(SECRET, 'unsubscribe:abc');
    const [nonce, expires, signature] = token.split('.');
    expect(await consume('unsubscribe:abd', token)).toBe(false);
    expect(await consume('unsubscribe:abc', token, OTHER_SECRET)).toBe(false);
    expect(await consume('unsubscribe:abc', `${nonce}.${Number(expires) + 60_000}.${signature}`)).toBe(false);
    expect(await consume('unsubscribe:abc', `${nonce}x.${expires}.${signature}`)).toBe(false);
    for (const bad of ['', 'a.b', `${token}.x`, undefined, 42])
      expect(await consume('unsubscribe:abc', bad)).toBe(false);
    // None of those spent it: the real page still gets its one use.
    expect(await consume('unsubscribe:abc', token)).toBe(true);
  });

  it('is refused after its hour, and the sweep forgets spent tokens once they expire', async () => {
    const stale = issueFormToken(SECRET, 'p', Date.now() - 60 * 60 * 1000 - 1000);
    expect(await consume('p', stale)).toBe(false);
    const fresh = issueFormToken(SECRET, 'p');
    expect(await consume('p', fresh)).toBe(true);
    await t.db.insert(formTokenUses).values({ nonce: 'long-gone', expiresAt: new Date(Date.now() - 1000) });
    await deleteExpiredFormTokenUses(t.db);
    const left = await t.db.select({ nonce: formTokenUses.nonce }).from(formTokenUses);
    // The expired use is forgotten; the fresh one, still within its hour, is kept.
    expect(left.map((r) => r.nonce)).not.toContain('long-gone');
    expect(left.map((r) => r.nonce)).toContain(fresh.split('.')[0]);
  });
});
