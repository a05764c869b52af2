import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { ConcurrencyLimit } from './concurrency-limit';

const KEY_LENGTH = 64;
const COST = 16384;

/**
 * scrypt runs on libuv's small thread pool, which file reads share: at most two hashes run at once and
 * a short queue waits; beyond that `derive` throws ConcurrencyLimitExceeded so a flood of sign-ins is
 * refused at once instead of slowing every other request.
 */
const hashing = new ConcurrencyLimit(2, 32);

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password, salt, KEY_LENGTH, { N: COST, r: 8, p: 1 }, (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/** `scrypt$<salt>$<hash>` in base64url; the async form keeps the event loop free while hashing. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return `scrypt$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
