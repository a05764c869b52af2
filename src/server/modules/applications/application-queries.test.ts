import { describe, expect, it } from 'vitest';
import { APPLICATION_MESSAGES } from '../../../domain/applications/contracts';
import { applicationPayload as payload } from '../../test/factories';
import { type SignedIn, signInAs } from '../../test/test-app';
import { applicationsTestKit } from './applications-test-kit';

describe('reading applications', () => {
  const kit = applicationsTestKit();
  const { as, submit } = kit;

  it('shows the list to LEADERSHIP and above only, open applications first', async () => {
    expect((await kit.t.app.inject({ method: 'GET', url: '/api/applications' })).statusCode).toBe(401);
    const guest = await signInAs(kit.t.db, 'GUEST');
    expect(
      (await kit.t.app.inject({ method: 'GET', url: '/api/applications', headers: guest.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await kit.t.app.inject({ method: 'GET', url: '/api/applications', headers: as.MEMBER!.cookie }))
        .statusCode,
    ).toBe(403);
    for (const role of ['LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'] as const) {
      const res = await kit.t.app.inject({
        method: 'GET',
        url: '/api/applications',
        headers: as[role]!.cookie,
      });
      expect(res.statusCode).toBe(200);
      const list = res.json() as { open: Array<{ status: string }>; decided: Array<{ status: string }> };
      expect(list.open.every((a) => a.status === 'pending' || a.status === 'under_review')).toBe(true);
      expect(list.decided.every((a) => a.status === 'approved' || a.status === 'rejected')).toBe(true);
    }
  });

  it('shows full details to reviewers and the applicant, a summary to others', async () => {
    const applicant = await signInAs(kit.t.db, 'GUEST');
    const id = (await submit(applicant, payload())).json().id as string;
    const get = (s?: SignedIn) =>
      kit.t.app.inject({ method: 'GET', url: `/api/applications/${id}`, headers: s?.cookie ?? {} });
    expect((await get()).statusCode).toBe(401);
    expect((await get(applicant)).json()).toMatchObject({ view: 'full', email: 'avery@example.com' });
    for (const role of ['LEADERSHIP', 'NETWORK_ADMIN', 'AGENCY_ADMIN'] as const) {
      expect((await get(as[role])).json()).toMatchObject({ view: 'full', phone: '(970) 555-0199' });
    }
    const otherGuest = await signInAs(kit.t.db, 'GUEST');
    for (const viewer of [as.MEMBER, otherGuest]) {
      const summary = (await get(viewer)).json();
      expect(summary.view).toBe('summary');
      expect(Object.keys(summary).sort()).toStrictEqual(
        ['firstName', 'id', 'lastName', 'reviewNotes', 'reviewedAt', 'status', 'submittedAt', 'view'].sort(),
      );
    }
    const missing = await kit.t.app.inject({
      method: 'GET',
      url: '/api/applications/00000000-0000-4000-8000-000000000000',
      headers: as.LEADERSHIP!.cookie,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', message: APPLICATION_MESSAGES.notFound });
    expect(
      (
        await kit.t.app.inject({
          method: 'GET',
          url: '/api/applications/nope',
          headers: as.LEADERSHIP!.cookie,
        })
      ).statusCode,
    ).toBe(404);
  });
});
