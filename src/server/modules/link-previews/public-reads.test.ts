import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters } from '../../db/schema';
import { createTestApp, createUser, type TestApp } from '../../test/test-app';
import { createDirectoryCache } from '../members/directory-cache';
import { createPublicReads, NoAnswer } from './public-reads';

describe('public reads for painted pages: what the API routes answer, without the HTTP stack', () => {
  let t: TestApp;
  let read: ReturnType<typeof createPublicReads>;
  let memberId: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.update(chapters).set({ slug: 'read-town', meetingPlace: 'Library' });
    const member = await createUser(t.db, 'MEMBER', {
      firstName: 'Rita',
      lastName: 'Reads',
      industry: 'Dental',
    });
    memberId = member.id;
    // A second member, so a search that ignored a filter would answer differently.
    await createUser(t.db, 'MEMBER', { firstName: 'Otto', lastName: 'Other', industry: 'Roofing' });
    read = createPublicReads(
      t.app,
      createDirectoryCache(() => t.app.database.db),
    );
  });
  afterAll(() => t.close());

  it('answers each public read exactly as its route does', async () => {
    const urls = [
      '/api/auth/config',
      '/api/chapters/public',
      '/api/chapters/public/read-town',
      '/api/network/stats',
      '/api/industries/public',
      '/api/industries/public?chapter=read-town',
      '/api/members?q=&industry=&page=1&pageSize=9',
      '/api/members?q=rita&industry=&page=1&pageSize=9',
      '/api/members?q=&industry=Dental&chapter=read-town&page=1&pageSize=9',
      '/api/members/by-name/rita-reads',
      `/api/referrals/metrics/${memberId}`,
    ];
    for (const url of urls) {
      const api = await t.app.inject({ method: 'GET', url });
      expect(api.statusCode, url).toBe(200);
      expect(await read(url), url).toEqual(api.json());
    }
    // The fixture is there: the reads are not equal by being empty.
    expect(await read('/api/members/by-name/rita-reads')).toMatchObject({
      firstName: 'Rita',
      industry: 'Dental',
    });
  });

  it('gives no answer where the route answers 404 or 400, and leaves any other URL alone', async () => {
    for (const url of [
      '/api/chapters/public/nowhere',
      '/api/members/by-name/nobody-here',
      '/api/industries/public?chapter=nowhere',
      '/api/members?page=0',
      '/api/referrals/metrics/00000000-0000-4000-8000-000000000000',
    ]) {
      const api = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(api.statusCode);
      await expect(read(url), url).rejects.toBeInstanceOf(NoAnswer);
    }
    expect(read('/api/referrals/summary')).toBeUndefined();
    expect(read('/api/auth/user')).toBeUndefined();
  });
});

describe('the chapter list every painted page reads, kept per directory version', () => {
  let t: TestApp;
  const sent: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query) => sent.push(query) });
  });
  afterAll(() => t.close());

  it('shows a renamed chapter on the next page: the rename moves the directory version', async () => {
    const read = createPublicReads(
      t.app,
      createDirectoryCache(() => t.app.database.db),
    );
    await t.db.update(chapters).set({ name: 'Before Town', slug: 'before-town' });
    expect(await read('/api/chapters/public')).toMatchObject([{ name: 'Before Town' }]);
    await t.db.update(chapters).set({ name: 'After Town' });
    expect(await read('/api/chapters/public')).toMatchObject([{ name: 'After Town' }]);
  });

  it('reads the chapters once per version: a second page sends only the version check', async () => {
    const read = createPublicReads(
      t.app,
      createDirectoryCache(() => t.app.database.db),
    );
    await t.db.update(chapters).set({ name: 'Kept Town', slug: 'kept-town' });
    sent.length = 0;
    expect(await read('/api/chapters/public')).toMatchObject([{ name: 'Kept Town' }]);
    expect(await read('/api/chapters/public/kept-town')).toMatchObject({ name: 'Kept Town' });
    expect(sent.filter((query) => /chapter_seat_holders/.test(query))).toHaveLength(2);
    sent.length = 0;
    expect(await read('/api/chapters/public')).toMatchObject([{ name: 'Kept Town' }]);
    expect(await read('/api/chapters/public/kept-town')).toMatchObject({ name: 'Kept Town' });
    expect(sent.filter((query) => /chapter_seat_holders/.test(query))).toEqual([]);
  });
});
