import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAuthUser } from '../auth/auth-user';
import { createSession, findSession } from '../auth/session-store';
import { listApplicationsForReview } from '../modules/applications/application-queries';
import { makeApplication, makeMember } from '../test/factories';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { type DatabaseHandle, openDatabase } from './client';
import { applicationReviewNotes } from './schema';

/**
 * The prepared reads bind dates and arrays as parameters; both engines must accept them, since the
 * embedded default runs on PGlite and production on PostgreSQL.
 */
async function exercisePreparedReads(handle: DatabaseHandle) {
  const { db } = handle;
  const reviewer = await makeMember(db, { role: 'LEADERSHIP' });
  const session = await createSession(db, reviewer.id);
  expect((await findSession(db, session.token))?.user.id).toBe(reviewer.id);
  expect(await findSession(db, 'not-a-token')).toBeUndefined();

  const applicant = await makeMember(db, { role: 'GUEST' });
  expect(await toAuthUser(db, { ...reviewer, role: 'LEADERSHIP' })).toMatchObject({
    hasApplication: false,
  });
  const application = await makeApplication(db, applicant.id);
  await db.insert(applicationReviewNotes).values([
    {
      applicationId: application.id,
      authorId: reviewer.id,
      audience: 'internal',
      note: 'Met at lunch',
      status: 'pending',
      createdAt: new Date(Date.now() - 60_000),
    },
    {
      applicationId: application.id,
      authorId: reviewer.id,
      audience: 'applicant',
      note: 'Welcome',
      status: 'pending',
    },
  ]);
  // Twice: the second run executes the statement prepared by the first.
  for (const _ of [1, 2]) {
    const list = await listApplicationsForReview(db, 1, { all: true });
    expect(list.open.map((a) => a.id)).toEqual([application.id]);
    expect(list.open[0]!.notes.map((n) => n.note)).toEqual(['Met at lunch', 'Welcome']);
    expect(list.decidedTotal).toBe(0);
  }
}

describe('prepared reads', () => {
  let postgres: TestDatabase;
  let pglite: DatabaseHandle;
  beforeAll(async () => {
    postgres = await createTestDatabase();
    pglite = openDatabase({ dataDir: 'memory://' });
    await pglite.migrate();
  });
  afterAll(async () => {
    await postgres.drop();
    await pglite.close();
  });

  it('answer on PostgreSQL', () => exercisePreparedReads(postgres.handle));
  it('answer on the embedded PGlite', () => exercisePreparedReads(pglite));
});
