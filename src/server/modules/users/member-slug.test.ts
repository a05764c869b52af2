import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberSlugRedirects, users } from '../../db/schema';
import { injectAs } from '../../test/requests';
import { createTestApp, signInAs, type TestApp } from '../../test/test-app';
import { postgresReachable } from '../../test/test-database';

const hasPostgres = await postgresReachable();

describe('public addresses under concurrent renames', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.skipIf(!hasPostgres)(
    'two members renamed to one name at once both succeed, with two addresses',
    async () => {
      for (let round = 0; round < 5; round++) {
        const name = { firstName: 'Sam', lastName: `Taylor Round${round}` };
        const admin = await signInAs(t.db, 'NETWORK_ADMIN');
        const a = await signInAs(t.db, 'MEMBER', { firstName: 'First', lastName: `Person ${round}` });
        const b = await signInAs(t.db, 'MEMBER', { firstName: 'Second', lastName: `Person ${round}` });
        const rename = (userId: string) =>
          injectAs(t, admin, {
            method: 'PUT',
            url: `/api/users/${userId}`,
            payload: { ...name, role: 'MEMBER' },
          });
        const answers = await Promise.all([rename(a.userId), rename(b.userId)]);
        expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);

        const rows = await t.db
          .select({ slug: users.slug })
          .from(users)
          .where(inArray(users.id, [a.userId, b.userId]));
        expect(rows.map((r) => r.slug).sort()).toEqual([
          `sam-taylor-round${round}`,
          `sam-taylor-round${round}-2`,
        ]);
        // Both left their old address behind as a redirect to themselves.
        const redirects = await t.db
          .select({ userId: memberSlugRedirects.userId })
          .from(memberSlugRedirects)
          .where(eq(memberSlugRedirects.oldSlug, `second-person-${round}`));
        expect(redirects).toEqual([{ userId: b.userId }]);
      }
    },
  );
});
