import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../domain/auth/contracts';
import { hashPassword } from '../lib/password';
import { createTestApp, createUser, type TestApp } from '../test/test-app';
import {
  accountDelayMs,
  MAX_ATTEMPTS_PER_IP,
  MAX_GUESSES_PER_ACCOUNT_AND_ADDRESS,
  reserveSignInAttempt,
} from './sign-in-limiter';

/** Parallel guesses are throttled exactly like sequential ones (real PostgreSQL in CI). */
describe('sign-in throttling under parallel guesses', () => {
  let t: TestApp;
  let passwordHash: string;
  beforeAll(async () => {
    t = await createTestApp();
    passwordHash = await hashPassword('right-password');
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      remoteAddress,
      payload: { email, password },
    });
  const tally = (codes: number[]) => {
    const counted: Record<number, number> = {};
    for (const c of codes) counted[c] = (counted[c] ?? 0) + 1;
    return counted;
  };

  it('evaluates only 5 of 50 parallel guesses at one email, the right one last', async () => {
    await createUser(t.db, 'MEMBER', { email: 'target@demo.test', passwordHash });
    const guesses = Array.from({ length: 50 }, (_, i) => (i === 49 ? 'right-password' : `wrong-${i}`));
    const results = await Promise.all(guesses.map((g) => signIn('target@demo.test', g, '10.1.0.1')));
    const codes = results.map((r) => r.statusCode);
    const counted = tally(codes);
    expect(counted[429]).toBe(50 - MAX_GUESSES_PER_ACCOUNT_AND_ADDRESS);
    expect((counted[401] ?? 0) + (counted[200] ?? 0)).toBe(MAX_GUESSES_PER_ACCOUNT_AND_ADDRESS);
    const refused = results.find((r) => r.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts });
    // The 15-minute window has just started: the wait is told in seconds, at most the window.
    const wait = Number(refused?.headers['retry-after']);
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Whatever got through, the account is locked from this address now: the right password is refused too.
    if (!counted[200])
      expect((await signIn('target@demo.test', 'right-password', '10.1.0.1')).statusCode).toBe(429);
  });

  it('25 wrong passwords from one address refuse that address, not the member signing in from another', async () => {
    await createUser(t.db, 'MEMBER', { email: 'lockout@demo.test', passwordHash });
    const codes = [];
    for (let i = 0; i < 25; i++)
      codes.push((await signIn('lockout@demo.test', `wrong-${i}`, '10.5.0.1')).statusCode);
    expect(tally(codes)).toEqual({ 401: 5, 429: 20 });
    const guesser = await signIn('lockout@demo.test', 'right-password', '10.5.0.1');
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json()).toMatchObject({ code: 'RATE_LIMITED', message: AUTH_MESSAGES.tooManyAttempts });
    // The limit lasts until the 15-minute window that the first guess opened ends.
    expect(Number(guesser.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(guesser.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // The member, elsewhere, gets in (slowed by a second: five guesses were checked).
    const member = await signIn('lockout@demo.test', 'right-password', '10.5.0.2');
    expect(member.statusCode).toBe(200);
  });

  it('guesses at one account from many addresses are slowed, doubling from the sixth, never refused', async () => {
    const delays = [];
    for (let i = 1; i <= 10; i++)
      delays.push(await reserveSignInAttempt(t.db, 'spread@demo.test', `10.6.0.${i}`));
    expect(delays).toEqual([
      ...Array.from({ length: 5 }, () => ({ delayMs: 0 })),
      { delayMs: 1000 },
      { delayMs: 2000 },
      { delayMs: 4000 },
      { delayMs: 8000 },
      { delayMs: 8000 },
    ]);
    // Refused guesses are not checked, so they do not slow the account: of 8 from one address, 5 were checked
    // and 3 refused, so the next from elsewhere is the sixth checked (1 s), not the ninth (8 s).
    for (let i = 0; i < 8; i++) await reserveSignInAttempt(t.db, 'refused@demo.test', '10.7.0.1');
    expect(await reserveSignInAttempt(t.db, 'refused@demo.test', '10.7.0.2')).toEqual({ delayMs: 1000 });
  });

  it("an account's delay grows 0, 0, 1 s, 2 s, 4 s, then stays at 8 s", () => {
    expect([1, 5, 6, 7, 8, 9, 10, 50].map(accountDelayMs)).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('evaluates only 20 of 50 parallel guesses from one address across many emails', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => signIn(`someone${i}@demo.test`, 'guess', '10.2.0.1')),
    );
    const counted = tally(results.map((r) => r.statusCode));
    expect(counted[401]).toBe(MAX_ATTEMPTS_PER_IP);
    expect(counted[429]).toBe(50 - MAX_ATTEMPTS_PER_IP);
    // Another address is not affected.
    expect((await signIn('someone0@demo.test', 'guess', '10.2.0.2')).statusCode).toBe(401);
  });

  it('sequential guesses are throttled the same way, and success resets the email', async () => {
    await createUser(t.db, 'MEMBER', { email: 'seq@demo.test', passwordHash });
    for (let i = 0; i < MAX_GUESSES_PER_ACCOUNT_AND_ADDRESS - 1; i++)
      expect((await signIn('seq@demo.test', 'nope', '10.3.0.1')).statusCode).toBe(401);
    expect((await signIn('seq@demo.test', 'right-password', '10.3.0.1')).statusCode).toBe(200);
    // The count started again after the success.
    for (let i = 0; i < MAX_GUESSES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await signIn('seq@demo.test', 'nope', '10.3.0.1')).statusCode).toBe(401);
    expect((await signIn('seq@demo.test', 'right-password', '10.3.0.1')).statusCode).toBe(429);
  });
  it('gives the address back the attempt a successful sign-in used, and only that one', async () => {
    await createUser(t.db, 'MEMBER', { email: 'office@demo.test', passwordHash });
    const address = '10.4.0.1';
    // 19 wrong guesses at other emails, then one success: 20 reserved, the success's given back, so 19.
    for (let i = 0; i < 19; i++)
      expect((await signIn(`colleague${i}@demo.test`, 'nope', address)).statusCode).toBe(401);
    expect((await signIn('office@demo.test', 'right-password', address)).statusCode).toBe(200);
    // The 20th counted attempt is still allowed; the 21st is not: only one attempt came back.
    expect((await signIn('colleague0@demo.test', 'nope', address)).statusCode).toBe(401);
    expect((await signIn('colleague1@demo.test', 'nope', address)).statusCode).toBe(429);
  });
});
