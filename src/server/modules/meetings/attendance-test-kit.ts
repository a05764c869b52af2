import { afterAll, beforeAll } from 'vitest';
import { todayIn } from '../../../domain/dates';
import { meetingOn } from '../../test/factories';
import { queryRecorder } from '../../test/query-count';
import { injectAs, type Who } from '../../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/** One test app per file with a leader and two members (Ann, Bo), and the attendance calls. */
export function attendanceTestKit() {
  const recorder = queryRecorder();
  const kit = {
    t: undefined as unknown as TestApp,
    leader: undefined as unknown as SignedIn,
    ann: undefined as unknown as SignedIn,
    bo: undefined as unknown as SignedIn,
    recorder,
    today: todayIn(),
    as: (who: Who, request: Parameters<typeof injectAs>[2]) => injectAs(kit.t, who, request),
    log: (who: Who, meetingDate: string, attendanceRecords: object[]) =>
      injectAs(kit.t, who, {
        method: 'POST',
        url: '/api/attendance/batch',
        payload: { meetingDate, attendanceRecords },
      }),
    stats: async (who: Who, memberId?: string) =>
      (
        await injectAs(kit.t, who, {
          method: 'GET',
          url: `/api/attendance/stats${memberId ? `/${memberId}` : ''}`,
        })
      ).json(),
  };
  beforeAll(async () => {
    kit.t = await createTestApp({ onQuery: recorder.onQuery });
    kit.leader = await signInAs(kit.t.db, 'LEADERSHIP', { firstName: 'Lee', lastName: 'Leader' });
    kit.ann = await signInAs(kit.t.db, 'MEMBER', { firstName: 'Ann', lastName: 'Able' });
    kit.bo = await signInAs(kit.t.db, 'MEMBER', {
      firstName: 'Bo',
      lastName: 'Baker',
      missedMeetingLimit: 2,
    });
  });
  afterAll(() => kit.t.close());
  /** The meeting of `date` in the leader's chapter (the batch opened or made it). */
  const meetingId = async (date: string) => (await meetingOn(kit.t.db, date))?.id;
  /** Closes the week of `date` as `who` (the leader by default): its records count from then on. */
  const close = async (date: string, who: Who = kit.leader) =>
    injectAs(kit.t, who, { method: 'POST', url: `/api/meetings/${await meetingId(date)}/close` });
  return Object.assign(kit, { meetingId, close });
}
