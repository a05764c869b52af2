import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '../../../domain/roles/roles';
import { applications } from '../../db/schema';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/**
 * One test app per file with a signed-in user of each role above GUEST, and the two calls every
 * applications test makes. Call it at the top of a describe block.
 */
export function applicationsTestKit() {
  const kit = {
    t: undefined as unknown as TestApp,
    as: {} as Partial<Record<Role, SignedIn>>,
    submit: (s: SignedIn | undefined, body: unknown) =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/applications',
        payload: body as object,
        headers: s?.unsafe ?? {},
      }),
    setStatus: (s: SignedIn, id: string, body: unknown) =>
      kit.t.app.inject({
        method: 'PUT',
        url: `/api/applications/${id}/status`,
        payload: body as object,
        headers: s.unsafe,
      }),
    countApps: async (userId: string) =>
      (await kit.t.db.select({ n: count() }).from(applications).where(eq(applications.userId, userId)))[0]
        ?.n ?? 0,
  };
  beforeAll(async () => {
    kit.t = await createTestApp();
    for (const role of ['MEMBER', 'LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'] as const) {
      kit.as[role] = await signInAs(kit.t.db, role);
    }
  });
  afterAll(() => kit.t.close());
  return kit;
}
