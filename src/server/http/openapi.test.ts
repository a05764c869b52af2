import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../domain/dates';
import { selectRows } from '../db/client';
import { seedDemoNetwork } from '../db/seed/seed-demo';
import { nameUnnamedChapter } from '../modules/chapters/chapter-settings';
import { createTestApp, type TestApp } from '../test/test-app';

type Operation = {
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, { schema: object }> }>;
};
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme?: string; description?: string }> };
};

/** What is not the API: the web app's pages and files, the reference page, the development-only tools. */
const NOT_THE_API = [/^\/\*$/, /^\/api\/docs(\/|$)/, /^\/api\/openapi\.json$/, /^\/dev(-idp)?(\/|$)/];

/** Fastify's `:id` and `*` as OpenAPI writes them. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');

/** The OpenAPI document lists every route, and every GET answers what it documents. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  const bearer: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoNetwork(t.db);
    // As the server does at start: the first chapter takes the network's name (and its address).
    await nameUnnamedChapter(t.db, t.app.config.networkName);
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
    // Signed in the way the document tells an integrator to.
    for (const email of ['agency@demo.test', 'member@demo.test']) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'x-session-transport': 'bearer' },
        payload: { email, password: 'demo-password' },
      });
      expect(signIn.statusCode).toBe(200);
      bearer[email] = `Bearer ${signIn.json().accessToken}`;
    }
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 and lists every route the app serves, each method', () => {
    expect(doc.openapi).toBe('3.1.0');
    const missing: string[] = [];
    for (const route of t.app.registeredRoutes) {
      if (NOT_THE_API.some((pattern) => pattern.test(route.url))) continue;
      for (const method of route.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
        if (!doc.paths[openApiPath(route.url)]?.[method.toLowerCase()])
          missing.push(`${method} ${route.url}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(90);
    // Not the API's: left out.
    expect(doc.paths['/{*}']).toBeUndefined();
    expect(Object.keys(doc.paths).filter((p) => /^\/(api\/docs|dev)/.test(p))).toEqual([]);
  });

  it('documents the bearer sign-in, and which routes need it', () => {
    const scheme = doc.components.securitySchemes.bearerAuth!;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(scheme.description).toContain('POST /api/auth/signin');
    expect(scheme.description).toContain('X-Session-Transport: bearer');
    expect(scheme.description).toContain('Authorization: Bearer <accessToken>');
    const signedIn = [{ bearerAuth: [] }, { cookieAuth: [] }];
    expect(doc.paths['/api/auth/user']!.get!.security).toEqual(signedIn);
    expect(doc.paths['/api/users/{id}']!.put!.security).toEqual(signedIn);
    expect(doc.paths['/api/members']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/auth/signin']!.post!.security).toBeUndefined();
    // The sign-in's documented answer carries the token.
    const signInSchema = doc.paths['/api/auth/signin']!.post!.responses!['200']!.content!['application/json']!
      .schema as { properties: Record<string, unknown> };
    expect(signInSchema.properties).toHaveProperty('accessToken');
  });

  it('serves a reference page at /api/docs that reads the document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const init = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.statusCode).toBe(200);
    expect(init.body).toContain('/api/openapi.json');
  });

  it('lists the refusals of each route with the error shape, and who may read whose records', () => {
    const responses = (path: string, method: string) => doc.paths[path]?.[method]?.responses ?? {};
    // Each refusal points at the one shared answer for its status.
    const errorSchema = (path: string, method: string, status: string) => {
      const ref = (responses(path, method)[status] as { $ref?: string } | undefined)?.$ref ?? '';
      const shared = (doc.components as { responses?: Record<string, Operation['responses']> }).responses;
      return (
        shared?.[ref.replace('#/components/responses/', '')] as {
          content?: Record<string, { schema: object }>;
        }
      )?.content?.['application/json']?.schema as
        | { required?: string[]; properties?: Record<string, unknown> }
        | undefined;
    };
    // A signed-in, rate-limited write naming a record: its two successes and every refusal it can give.
    expect(Object.keys(responses('/api/referrals/{id}', 'delete')).sort()).toEqual(
      ['202', '204', '400', '401', '403', '404', '409', '413', '415', '429', '503'].sort(),
    );
    expect(errorSchema('/api/referrals/{id}', 'delete', '409')?.required).toEqual(['code', 'message']);
    expect(Object.keys(errorSchema('/api/referrals/{id}', 'delete', '400')?.properties ?? {})).toEqual([
      'code',
      'message',
      'fieldErrors',
    ]);
    // A public read without input: only the database's 503.
    expect(Object.keys(responses('/api/health', 'get')).sort()).toEqual(['200', '503']);
    // The sign-in's own limits and a wrong password.
    expect(Object.keys(responses('/api/auth/signin', 'post'))).toEqual(
      expect.arrayContaining(['401', '429']),
    );
    // A rate-limited route.
    expect(Object.keys(responses('/api/referrals/give', 'post'))).toContain('429');
    // A member reads only their own attendance: the document says so instead of promising "MEMBER or above".
    for (const path of ['/api/attendance/records', '/api/attendance/stats/{memberId}'])
      expect((doc.paths[path]?.get as { description?: string } | undefined)?.description).toContain(
        "below LEADERSHIP, only for one's own records (anyone else's answers 403)",
      );
  });

  it("answers each GET with what its document says, checked on the demo network's real data", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const ids = await realIds(t);
    const codes = await t.app.inject({
      method: 'GET',
      url: `/api/meetings/${ids.openMeetingId}/codes`,
      headers: { authorization: bearer['agency@demo.test']! },
    });
    expect(codes.statusCode).toBe(200);
    const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
    const params: Record<string, string> = {
      '/api/members/by-name/{name}': ids.memberSlug,
      '/api/members/active/{id}': ids.memberId,
      '/api/applications/{id}': ids.applicationId,
      '/api/referrals/metrics/{memberId}': ids.memberId,
      '/api/attendance/stats/{memberId}': ids.memberId,
      '/api/referrals/{id}/history': ids.referralId,
      '/api/meetings/{id}': ids.meetingId,
      '/api/meetings/{id}/report': ids.meetingId,
      '/api/meetings/{id}/door': ids.meetingId,
      '/api/meetings/{id}/codes': ids.openMeetingId,
      '/api/check-in/{token}': tokenOf(codes.json().checkInUrl),
      '/api/room/{token}': tokenOf(codes.json().displayUrl),
      '/api/chapters/public/{slug}': ids.chapterSlug,
      '/api/chapters/{id}/members': ids.chapterId,
      '/api/users/{id}': ids.memberId,
    };
    // Member-only views (a check-in is a member's own); the rest is read as the agency administrator.
    const asMember = new Set(['/api/check-in/{token}']);

    const checked: string[] = [];
    const failures: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const schema = operations.get?.responses?.['200']?.content?.['application/json']?.schema;
      if (!schema) continue;
      const url = path.replace(/\{[^}]+\}/, () => params[path] ?? 'MISSING');
      expect(url, `a real value for ${path}`).not.toContain('MISSING');
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: bearer[asMember.has(path) ? 'member@demo.test' : 'agency@demo.test']! },
      });
      checked.push(path);
      if (res.statusCode !== 200) {
        failures.push(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const validate = ajv.compile(schema);
      if (!validate(res.json())) failures.push(`${path}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(50);
  });
});

async function realIds(t: TestApp) {
  const one = async <T>(query: ReturnType<typeof sql>) => (await selectRows<T>(t.db, query))[0]!;
  const chapter = await one<{ id: string; slug: string }>(
    sql`select id, slug from chapters order by created_at, id limit 1`,
  );
  const member = await one<{ id: string; slug: string }>(
    sql`select id, slug from users where email = 'member@demo.test'`,
  );
  const referral = await one<{ id: string }>(
    sql`select r.id from referrals r join users u on u.id = r.referrer_id where u.chapter_id = ${chapter.id} limit 1`,
  );
  const application = await one<{ id: string }>(sql`select id from applications limit 1`);
  // Today's meeting, open at the door (made, or the demo network's own reopened when it meets today).
  await t.db.execute(
    sql`insert into meetings (chapter_id, meeting_date, start_time, state)
        values (${chapter.id}, ${todayIn()}, '07:00', 'open') on conflict do nothing`,
  );
  const openMeeting = await one<{ id: string }>(
    sql`update meetings set state = 'open' where chapter_id = ${chapter.id} and meeting_date = ${todayIn()}
        returning id`,
  );
  const meeting = await one<{ id: string }>(
    sql`select id from meetings where chapter_id = ${chapter.id} and state = 'closed' order by meeting_date desc limit 1`,
  );
  return {
    chapterId: chapter.id,
    chapterSlug: chapter.slug,
    memberId: member.id,
    memberSlug: member.slug,
    referralId: referral.id,
    applicationId: application.id,
    meetingId: meeting.id,
    openMeetingId: openMeeting.id,
  };
}
