import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { users } from '../../db/schema';
import { endListeners, hear } from '../../test/listeners';
import { createSecondInstance, createTestApp, createUser, signInAs, type TestApp } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';
import { within } from '../../test/within';
import { DIRECTORY_CHANGED_CHANNEL } from './directory-cache';

const hasPostgres = await postgresReachable();

/**
 * With the database's notices heard, a public answer reads nothing once its version's members
 * are in memory, not even the version; a change still reaches every instance within moments.
 */
describe.runIf(hasPostgres)('the directory told of its changes', () => {
  const HEARD = { DIRECTORY_NOTICES: 'true' };
  let a: TestApp;
  let b: Awaited<ReturnType<typeof createSecondInstance>>;
  const queriesOnB: string[] = [];
  const versionReads = () => queriesOnB.filter((q) => /from "directory_version"/.test(q)).length;
  let slug: string;
  let memberId: string;
  beforeAll(async () => {
    a = await createTestApp({ env: HEARD });
    b = await createSecondInstance(a, { env: HEARD, onQuery: (q) => queriesOnB.push(q) });
    const member = await createUser(a.db, 'MEMBER', {
      firstName: 'Ivy',
      lastName: 'Notice',
      businessName: 'Ivy Co',
    });
    slug = member.slug!;
    memberId = member.id;
    for (let i = 0; i < 5; i++) await createUser(a.db, 'MEMBER', { businessName: `Plain ${i}` });
    // Both instances hear the notices before the tests begin.
    await new Promise((r) => setTimeout(r, 300));
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const onB = (url: string) => b.app.inject({ method: 'GET', url });
  /** The version reads two public reads on B cost. */
  const versionReadsOverTwoReads = async () => {
    queriesOnB.length = 0;
    await onB('/api/members?q=ivy');
    await onB('/api/members?q=ivy');
    return versionReads();
  };
  const businessOnB = async () => (await onB(`/api/members/by-name/${slug}`)).json().businessName as string;

  it('answers searches, pages and profiles it has not seen with no query at all', async () => {
    await onB('/api/members?q=warm-up');
    queriesOnB.length = 0;
    const answers = await Promise.all([
      onB('/api/members?q=ivy'),
      onB('/api/members?q=plain&pageSize=2&page=2'),
      onB('/api/members?industry=none'),
      onB(`/api/members/by-name/${slug}`),
      onB('/api/members'),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.json()).toMatchObject({ total: 1, items: [{ slug }] });
    expect(answers[1]!.json()).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(queriesOnB).toEqual([]);
  });

  it('sees a change made straight in the database (as the admin command does) within moments', async () => {
    expect(await businessOnB()).toBe('Ivy Co');
    await a.db.update(users).set({ businessName: 'Ivy Renamed' }).where(eq(users.id, memberId));
    expect(await within(2000, businessOnB, (name) => name === 'Ivy Renamed')).toBe('Ivy Renamed');
  });

  it('reads the version afresh after any write answered by the same instance, and not after a read', async () => {
    await onB('/api/members?q=ivy');
    queriesOnB.length = 0;
    await onB('/api/members?q=ivy');
    expect(versionReads()).toBe(0);
    // Someone's write here (their session ends; nothing public changes, so no notice comes).
    const guest = await signInAs(a.db, 'GUEST');
    await b.app.inject({ method: 'POST', url: '/api/auth/signout', headers: guest.unsafe });
    queriesOnB.length = 0;
    await onB('/api/members?q=ivy');
    await onB('/api/members?q=ivy');
    expect(versionReads()).toBe(1);
  });

  it('reads the version on every request while notices cannot be heard, and stops once they can', async () => {
    await endListeners(a.db);
    await within(1000, versionReadsOverTwoReads, (reads) => reads === 2);
    // One request at a time, each marked 1 if it read the version, until five in a row read nothing. The
    // listener is back after about a second: every request before it reads, the first after it reads once
    // more (a notice may have been missed), and none after. Where the reconnection falls among the requests
    // is up to the machine, so the test checks the shape, not a count at a fixed moment.
    const marks: number[] = [];
    const until = Date.now() + 15_000;
    while (marks.slice(-5).join('') !== '00000' && Date.now() < until) {
      queriesOnB.length = 0;
      await onB('/api/members?q=ivy');
      marks.push(versionReads());
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(marks.join('')).toMatch(/^1+00000$/);
  });

  it('tells of a public change with the new version, and of no private one', async () => {
    const { heard, stop } = await hear(a.testDb.url!, DIRECTORY_CHANGED_CHANNEL);
    try {
      await a.db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, memberId));
      await a.db.execute(sql`select pg_sleep(0.2)`);
      expect(heard).toEqual([]);
      await a.db.update(users).set({ description: 'Now public' }).where(eq(users.id, memberId));
      const said = await within(
        1000,
        async () => [...heard],
        (h) => h.length > 0,
      );
      const [row] = await selectRows<{ v: string }>(
        a.db,
        sql`select version::text as v from directory_version`,
      );
      expect(said).toEqual([row!.v]);
    } finally {
      await stop();
    }
  });
});
