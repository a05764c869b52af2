import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEditSchema } from '../../domain/admin/contracts';
import type { Role } from '../../domain/roles/roles';
import {
  applications,
  attendanceRecords,
  auditLog,
  chapters,
  industries,
  meetings,
  networkSettings,
  users,
} from '../db/schema';
import { reviewApplication } from '../modules/applications/review-application';
import { createIndustry } from '../modules/industries/manage-industries';
import { deleteAttendanceRecord } from '../modules/meetings/delete-attendance-record';
import { reopenMeeting } from '../modules/meetings/meeting-states';
import { updateDefaultDues } from '../modules/settings/network-settings';
import { updateUser } from '../modules/users/change-users';
import { makeApplication, makeAttendance, makeMember } from '../test/factories';
import { injectAs } from '../test/requests';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';
import { postgresReachable } from '../test/test-database';
import type { Actor } from './session-store';
import { findSession } from './session-store';

const hasPostgres = await postgresReachable();

describe('a write re-reads its actor’s role in its own transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * The actor as the route saw it (signed in with `role`), after which the database demoted them to
   * `demotedTo`: the state of a request already past its access check when a demotion commits.
   */
  async function staleActor(role: Role, demotedTo: Role): Promise<Actor> {
    const signedIn = await signInAs(t.db, role);
    const actor = (await findSession(t.db, signedIn.token))!.user;
    await t.db.update(users).set({ role: demotedTo }).where(eq(users.id, actor.id));
    return actor;
  }

  it('refuses an industry created by an admin demoted meanwhile, and creates nothing', async () => {
    const actor = await staleActor('NETWORK_ADMIN', 'MEMBER');
    await expect(
      createIndustry(t.db, actor, { name: 'Beekeeping', description: null }),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await t.db.select().from(industries).where(eq(industries.name, 'Beekeeping'))).toEqual([]);
  });

  it('refuses a role change by an admin demoted meanwhile, and the target keeps their role', async () => {
    const actor = await staleActor('NETWORK_ADMIN', 'LEADERSHIP');
    const target = await makeMember(t.db, { role: 'MEMBER' });
    const edit = userEditSchema.parse({ firstName: 'Tess', lastName: 'Target', role: 'LEADERSHIP' });
    await expect(updateUser(t.db, actor, { ...edit, id: target.id })).rejects.toMatchObject({
      statusCode: 403,
    });
    const [after] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, target.id));
    expect(after?.role).toBe('MEMBER');
  });

  it('refuses new dues from an admin demoted meanwhile', async () => {
    const actor = await staleActor('NETWORK_ADMIN', 'MEMBER');
    await expect(updateDefaultDues(t.db, actor, { defaultAnnualDues: '999.00' })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(await t.db.select().from(networkSettings)).toEqual([]);
  });

  it('lets a leader demoted meanwhile approve nothing, and one still an admin approve', async () => {
    const applicant = await makeMember(t.db, { role: 'GUEST' });
    const application = await makeApplication(t.db, applicant.id);
    const demoted = await staleActor('NETWORK_ADMIN', 'LEADERSHIP');
    await expect(
      reviewApplication(t.db, demoted, { id: application.id, status: 'approved' }),
    ).rejects.toMatchObject({ statusCode: 403 });
    const [still] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(still?.status).toBe('pending');

    const admin = await staleActor('NETWORK_ADMIN', 'NETWORK_ADMIN');
    await reviewApplication(t.db, admin, { id: application.id, status: 'approved' });
    const [decided] = await t.db.select().from(applications).where(eq(applications.id, application.id));
    expect(decided?.status).toBe('approved');
  });

  it('keeps an attendance record a leader demoted meanwhile tried to delete', async () => {
    const member = await makeMember(t.db, { role: 'MEMBER' });
    const record = await makeAttendance(t.db, member.id);
    const actor = await staleActor('LEADERSHIP', 'MEMBER');
    await expect(deleteAttendanceRecord(t.db, actor, { id: record.id })).rejects.toMatchObject({
      statusCode: 403,
    });
    expect(
      await t.db.select().from(attendanceRecords).where(eq(attendanceRecords.id, record.id)),
    ).toHaveLength(1);
  });

  it('keeps a week closed that an administrator demoted to leadership meanwhile tried to reopen', async () => {
    const [chapter] = await t.db.select({ id: chapters.id }).from(chapters).limit(1);
    const [week] = await t.db
      .insert(meetings)
      .values({ chapterId: chapter!.id, meetingDate: '2026-10-01', startTime: '07:30', state: 'closed' })
      .returning();
    // Leadership may close a week but not reopen one: the demotion lands just below the bar.
    const actor = await staleActor('NETWORK_ADMIN', 'LEADERSHIP');
    await expect(reopenMeeting(t.db, actor, week!.id, 'A late paper slip')).rejects.toMatchObject({
      statusCode: 403,
    });
    const [after] = await t.db.select().from(meetings).where(eq(meetings.id, week!.id));
    expect(after).toMatchObject({ state: 'closed', note: week!.note });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'meeting.reopened'))).toEqual([]);

    // Still an administrator: the same call reopens it.
    await reopenMeeting(
      t.db,
      await staleActor('NETWORK_ADMIN', 'NETWORK_ADMIN'),
      week!.id,
      'A late paper slip',
    );
    const [reopened] = await t.db.select().from(meetings).where(eq(meetings.id, week!.id));
    expect(reopened?.state).toBe('open');
  });

  it('answers 401 when the actor was deleted meanwhile', async () => {
    const signedIn = await signInAs(t.db, 'NETWORK_ADMIN');
    const actor = (await findSession(t.db, signedIn.token))!.user;
    await t.db.delete(users).where(eq(users.id, actor.id));
    await expect(createIndustry(t.db, actor, { name: 'Ghosts', description: null })).rejects.toMatchObject({
      statusCode: 401,
    });
  });

  it.runIf(hasPostgres)(
    'answers a demotion only after the edit the admin already had in flight (or refuses that edit)',
    async () => {
      const agency = await signInAs(t.db, 'AGENCY_ADMIN');
      const admin = await signInAs(t.db, 'NETWORK_ADMIN', { firstName: 'Ada', lastName: 'Admin' });
      const [industry] = await t.db.insert(industries).values({ name: 'Welding' }).returning();

      // Another transaction holds the industry, so the admin's rename waits past its access check.
      const blocker = new pg.Client({ connectionString: t.testDb.url });
      await blocker.connect();
      const watcher = new pg.Client({ connectionString: t.testDb.url });
      await watcher.connect();
      await blocker.query('begin');
      await blocker.query('select 1 from industries where id = $1 for update', [industry!.id]);

      const answered: string[] = [];
      const rename = injectAs(t, admin, {
        method: 'PUT',
        url: `/api/industries/${industry!.id}`,
        payload: { name: 'Metal Fabrication', description: null },
      }).then((res) => {
        answered.push('rename');
        return res;
      });
      // Until the rename is waiting on the held row (asked outside the blocker's transaction, whose view of
      // pg_stat_activity would stay as first read).
      for (let i = 0; i < 100; i++) {
        const { rows } = await watcher.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (rows[0].n > 0) break;
        await sleep(20);
      }
      const demotion = injectAs(t, agency, {
        method: 'PUT',
        url: `/api/users/${admin.userId}`,
        payload: { firstName: 'Ada', lastName: 'Admin', role: 'MEMBER' },
      }).then((res) => {
        answered.push('demotion');
        return res;
      });
      await sleep(300);
      await blocker.query('commit');
      await blocker.end();
      await watcher.end();
      const [renamed, demoted] = await Promise.all([rename, demotion]);

      expect(demoted.statusCode).toBe(200);
      const [row] = await t.db.select().from(industries).where(eq(industries.id, industry!.id));
      if (renamed.statusCode === 200) {
        expect(answered).toEqual(['rename', 'demotion']);
        expect(row?.name).toBe('Metal Fabrication');
      } else {
        expect(renamed.statusCode).toBe(403);
        expect(row?.name).toBe('Welding');
      }
    },
  );
});
