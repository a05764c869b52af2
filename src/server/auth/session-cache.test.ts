import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache';
import type { LiveSession } from './session-store';

const T0 = Date.parse('2026-11-25T12:00:00Z');

const sessionOf = (userId: string, expiresAt = new Date(T0 + 30 * 86_400_000)): LiveSession => ({
  sessionId: `s-${userId}`,
  csrfToken: 'csrf',
  lastSeenAt: new Date(T0),
  expiresAt,
  user: {
    id: userId,
    email: `${userId}@example.com`,
    role: 'MEMBER',
    chapterId: null,
    firstName: 'Ann',
    lastName: 'Lee',
    businessName: null,
    slug: userId,
    profileImageUrl: null,
    avatarColor: null,
  },
});

/** A cache on a clock the test moves, and a loader that counts its database reads. */
function setup(ttlMs = 10_000) {
  let clock = T0;
  const cache = createSessionCache(ttlMs, () => clock);
  cache.setListening(true);
  const loads: string[] = [];
  const loader = (session: LiveSession | undefined) => () => {
    loads.push(session?.user.id ?? 'none');
    return Promise.resolve(session);
  };
  return { cache, loads, loader, advance: (ms: number) => (clock += ms) };
}

describe('the session cache', () => {
  it('reads a session once while it is fresh, then again after the time to live', async () => {
    const { cache, loads, loader, advance } = setup(10_000);
    const ann = sessionOf('ann');
    expect(await cache.read('h1', loader(ann))).toBe(ann);
    expect(await cache.read('h1', loader(ann))).toBe(ann);
    advance(9_999);
    await cache.read('h1', loader(ann));
    expect(loads).toEqual(['ann']);
    advance(1);
    await cache.read('h1', loader(ann));
    expect(loads).toEqual(['ann', 'ann']);
  });

  it('never keeps a session past its own expiry', async () => {
    const { cache, loads, loader, advance } = setup(10_000);
    const ending = sessionOf('ann', new Date(T0 + 3_000));
    await cache.read('h1', loader(ending));
    advance(2_999);
    await cache.read('h1', loader(ending));
    expect(loads).toEqual(['ann']);
    advance(1);
    await cache.read('h1', loader(undefined));
    expect(loads).toEqual(['ann', 'none']);
  });

  it('never keeps an unknown token, so guesses cannot fill it', async () => {
    const { cache, loads, loader } = setup();
    expect(await cache.read('guess', loader(undefined))).toBeUndefined();
    expect(await cache.read('guess', loader(undefined))).toBeUndefined();
    expect(loads).toEqual(['none', 'none']);
  });

  it('forgets every session of a revoked user and only theirs', async () => {
    const { cache, loads, loader } = setup();
    await cache.read('ann-phone', loader(sessionOf('ann')));
    await cache.read('ann-laptop', loader(sessionOf('ann')));
    await cache.read('bo', loader(sessionOf('bo')));
    cache.forgetUser('ann');
    await cache.read('ann-phone', loader(sessionOf('ann')));
    await cache.read('ann-laptop', loader(sessionOf('ann')));
    await cache.read('bo', loader(sessionOf('bo')));
    expect(loads).toEqual(['ann', 'ann', 'bo', 'ann', 'ann']);
  });

  it('does not keep a read that began before a revocation and ended after it', async () => {
    const { cache, loads, loader } = setup();
    let finish: (s: LiveSession) => void = () => undefined;
    const slow = cache.read('h1', () => new Promise<LiveSession>((resolve) => (finish = resolve)));
    cache.forgetUser('ann'); // the role changed while the old row was on its way
    finish(sessionOf('ann'));
    await slow;
    await cache.read('h1', loader(sessionOf('ann')));
    expect(loads).toEqual(['ann']);
  });

  it('clears on a write and reads every time while revocations are not heard', async () => {
    const { cache, loads, loader } = setup();
    await cache.read('h1', loader(sessionOf('ann')));
    cache.clear();
    await cache.read('h1', loader(sessionOf('ann')));
    cache.setListening(false);
    await cache.read('h1', loader(sessionOf('ann')));
    await cache.read('h1', loader(sessionOf('ann')));
    expect(loads).toEqual(['ann', 'ann', 'ann', 'ann']);
  });

  it('keeps nothing at a time to live of 0', async () => {
    const { cache, loads, loader } = setup(0);
    await cache.read('h1', loader(sessionOf('ann')));
    await cache.read('h1', loader(sessionOf('ann')));
    expect(loads).toEqual(['ann', 'ann']);
  });
});
