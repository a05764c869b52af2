import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, users } from '../db/schema';
import { endListeners, hear } from '../test/listeners';
import { createSecondInstance, createTestApp, type SignedIn, signInAs, type TestApp } from '../test/test-app';
import { postgresReachable } from '../test/test-database';
import { within } from '../test/within';
import { SESSION_REVOKED_CHANNEL } from './session-cache';
import { sessionUserFields } from './session-store';

const hasPostgres = await postgresReachable();

/**
 * A signed-in read may reuse its session for a while (docs/decisions/0030), but a session
 * ended or changed on one instance is seen by every other within moments, never after the minute the
 * cache here keeps a session.
 */
describe.runIf(hasPostgres)('sessions kept by each instance, revoked on all', () => {
  const CACHED = { SESSION_CACHE_SECONDS: '60' };
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createSecondInstance>>;
  const sessionReadsOnA: string[] = [];
  const sessionReadsOnB: string[] = [];
  const sessionRead = (query: string) => /from "sessions" inner join "users"/.test(query);
  let member: SignedIn;
  beforeAll(async () => {
    a = await createTestApp({ env: CACHED, onQuery: (q) => sessionRead(q) && sessionReadsOnA.push(q) });
    b = await createSecondInstance(a, {
      env: CACHED,
      onQuery: (q) => sessionRead(q) && sessionReadsOnB.push(q),
    });
    // Both instances hear revocations before the tests begin.
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });
  beforeAll(async () => {
    member = await signInAs(a.db, 'MEMBER', { firstName: 'Ann' });
  });

  const userOnB = (who: SignedIn) =>
    b.app.inject({ method: 'GET', url: '/api/auth/user', headers: who.cookie });

  it('reads a session once, then reuses it', async () => {
    const reader = await signInAs(a.db, 'MEMBER');
    sessionReadsOnB.length = 0;
    for (let i = 0; i < 3; i++) expect((await userOnB(reader)).statusCode).toBe(200);
    expect(sessionReadsOnB).toHaveLength(1);
  });

  it('ends a session signed out on the other instance within moments', async () => {
    const leaving = await signInAs(a.db, 'MEMBER');
    expect((await userOnB(leaving)).statusCode).toBe(200);
    const out = await a.app.inject({ method: 'POST', url: '/api/auth/signout', headers: leaving.unsafe });
    expect(out.statusCode).toBeLessThan(300);
    const after = await within(
      2000,
      () => userOnB(leaving),
      (res) => res.statusCode === 401,
    );
    expect(after.statusCode).toBe(401);
  });

  it('sees a role changed in the database (as the admin command does) within moments', async () => {
    expect((await userOnB(member)).json()).toMatchObject({ role: 'MEMBER' });
    await a.db.update(users).set({ role: 'LEADERSHIP' }).where(eq(users.id, member.userId));
    const after = await within(
      2000,
      async () => (await userOnB(member)).json() as { role: string },
      (user) => user.role === 'LEADERSHIP',
    );
    expect(after.role).toBe('LEADERSHIP');
  });

  it('reads sessions afresh after any write answered by the same instance', async () => {
    const reader = await signInAs(a.db, 'MEMBER');
    const own = () => a.app.inject({ method: 'GET', url: '/api/auth/user', headers: reader.cookie });
    await own();
    sessionReadsOnA.length = 0;
    await own();
    expect(sessionReadsOnA).toHaveLength(0);
    // Someone else's write here (its own session ends; nothing of the reader's changes).
    const other = await signInAs(a.db, 'GUEST');
    await a.app.inject({ method: 'POST', url: '/api/auth/signout', headers: other.unsafe });
    sessionReadsOnA.length = 0;
    await own();
    expect(sessionReadsOnA).toHaveLength(1);
  });

  it('tells of a change to every field a session carries, and of no other', async () => {
    const { heard, stop } = await hear(a.testDb.url!, SESSION_REVOKED_CHANNEL);
    try {
      const { user } = await signInAs(a.db, 'MEMBER');
      const [otherChapter] = await a.db.insert(chapters).values({ name: 'Other', slug: 'other' }).returning();
      const changes: Record<string, string> = {
        chapterId: otherChapter!.id,
        email: 'changed@example.com',
        role: 'GUEST',
        firstName: 'Changed',
        lastName: 'Changed',
        businessName: 'Changed Co',
        slug: 'changed-slug',
        profileImageUrl: '/uploads/changed.webp',
        avatarColor: 'bg-lime-700',
      };
      // Every field but the id, named here by hand: a field added to sessions later fails this test.
      expect(
        Object.keys(sessionUserFields)
          .filter((f) => f !== 'id')
          .sort(),
      ).toEqual(Object.keys(changes).sort());
      for (const [field, value] of Object.entries(changes)) {
        heard.length = 0;
        await a.db
          .update(users)
          .set({ [field]: value })
          .where(eq(users.id, user.id));
        const said = await within(
          1000,
          async () => [...heard],
          (h) => h.length > 0,
        );
        expect(said, field).toEqual([user.id]);
      }
      heard.length = 0;
      await a.db.update(users).set({ position: 'Owner', industry: 'Roofing' }).where(eq(users.id, user.id));
      await a.db.execute(sql`select pg_sleep(0.2)`);
      expect(heard).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('reads every session afresh while revocations cannot be heard, and caches again once they can', async () => {
    const reader = await signInAs(a.db, 'MEMBER');
    await userOnB(reader);
    sessionReadsOnB.length = 0;
    await endListeners(a.db);
    // Lost (noticed when the cache drops what it held): reads load every time, so a change made now,
    // its notice unheard, is seen at once. The listener tries again only after a second.
    await within(
      1000,
      async () => {
        await userOnB(reader);
        return sessionReadsOnB.length;
      },
      (reads) => reads >= 1,
    );
    sessionReadsOnB.length = 0;
    for (let i = 0; i < 3; i++) await userOnB(reader);
    expect(sessionReadsOnB).toHaveLength(3);
    // Back within about a second: one read, then reused.
    await within(
      3000,
      async () => {
        sessionReadsOnB.length = 0;
        await userOnB(reader);
        await userOnB(reader);
        return sessionReadsOnB.length;
      },
      (reads) => reads === 1,
    );
    sessionReadsOnB.length = 0;
    await userOnB(reader);
    await userOnB(reader);
    expect(sessionReadsOnB.length).toBeLessThanOrEqual(1);
  });
});
