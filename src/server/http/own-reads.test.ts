import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SessionUser } from '../auth/session-store';
import { EVERY_CHAPTER, lockedScope } from '../db/chapter-lock';
import { injectAs } from '../test/requests';
import { createTestApp, signInAs, type TestApp } from '../test/test-app';
import { answerOwnRead, NoOwnAnswer, type OwnRead } from './own-reads';

const CHAPTER = '11111111-1111-4111-8111-111111111111';
const member: SessionUser = {
  id: '22222222-2222-4222-8222-222222222222',
  email: 'mia@example.com',
  role: 'MEMBER',
  chapterId: CHAPTER,
  firstName: 'Mia',
  lastName: 'Member',
} as SessionUser;

/** A read that answers with the chapter scope its statements would run under. */
const scopeRead = (config: OwnRead['config']): OwnRead => ({
  config,
  querystring: undefined,
  response: z.object({ scope: z.string(), actor: z.string() }),
  read: async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { scope, actorId } = lockedScope();
    return { scope, actor: actorId };
  },
});

describe("a signed-in caller's own reads, answered without the HTTP stack", () => {
  it("keeps each read to the caller's chapters unless its route reaches across the agency, side by side", async () => {
    const reads = new Map([
      ['/mine', scopeRead({ access: 'signed-in' })],
      ['/agency', scopeRead({ access: 'signed-in', chapterReach: 'agency' })],
    ]);
    const [mine, agency] = await Promise.all([
      answerOwnRead(reads, member, '/mine'),
      answerOwnRead(reads, member, '/agency'),
    ]);
    expect(mine).toEqual({ scope: CHAPTER, actor: member.id });
    expect(agency).toEqual({ scope: EVERY_CHAPTER, actor: '' });
    expect(answerOwnRead(reads, member, '/elsewhere')).toBeUndefined();
  });

  it("refuses what the route's access refuses", async () => {
    const reads = new Map([['/leaders', scopeRead({ access: { minRole: 'LEADERSHIP' } })]]);
    await expect(answerOwnRead(reads, member, '/leaders')).rejects.toBeInstanceOf(NoOwnAnswer);
    await expect(answerOwnRead(reads, { ...member, role: 'LEADERSHIP' }, '/leaders')).resolves.toEqual({
      scope: CHAPTER,
      actor: member.id,
    });
  });

  describe('the routes registered as own reads', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('answers exactly what the route sends, and refuses its bad input and its roles as it does', async () => {
      const who = await signInAs(t.db, 'MEMBER', { firstName: 'Ola', lastName: 'Own' });
      const user = (await t.app.signedInUserOf({
        cookies: { sid: who.token },
        headers: {},
        query: {},
      } as never))!;
      expect(user.id).toBe(who.userId);
      for (const url of ['/api/auth/user', '/api/referrals/summary', '/api/attendance/stats?period=year']) {
        const sent = await injectAs(t, who, { method: 'GET', url });
        expect(sent.statusCode, url).toBe(200);
        await expect(answerOwnRead(t.app.ownReads, user, url), url).resolves.toEqual(sent.json());
      }
      expect(
        (await injectAs(t, who, { method: 'GET', url: '/api/attendance/stats?period=decade' })).statusCode,
      ).toBe(400);
      await expect(
        answerOwnRead(t.app.ownReads, user, '/api/attendance/stats?period=decade'),
      ).rejects.toBeInstanceOf(NoOwnAnswer);
      const count = '/api/applications/pending-count';
      expect((await injectAs(t, who, { method: 'GET', url: count })).statusCode).toBe(403);
      await expect(answerOwnRead(t.app.ownReads, user, count)).rejects.toBeInstanceOf(NoOwnAnswer);
    });
  });
});
