import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../domain/dates';
import { nameUnnamedChapter } from '../db/chapter-settings';
import { selectRows } from '../db/client';
import { seedDemoNetwork } from '../db/seed/seed-demo';
import { applyToken } from '../modules/visitors/apply-token';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app';

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

/** Fastify's `:id` and `*` as the document writes them (the rest of a wildcard path is the parameter `path`). */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{path}');

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
    expect(doc.paths['/{path}']).toBeUndefined();
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
    // A public operation says it needs nothing, rather than saying nothing.
    expect(doc.paths['/api/members']!.get!.security).toEqual([]);
    expect(doc.paths['/api/auth/signin']!.post!.security).toEqual([]);
    // The sign-in's documented answer carries the token.
    const signInSchema = doc.paths['/api/auth/signin']!.post!.responses!['200']!.content!['application/json']!
      .schema as { properties: Record<string, unknown> };
    expect(signInSchema.properties).toHaveProperty('accessToken');
  });

  it("passes Redocly's recommended rules with no error, and warns only of what the API is by design", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer}`)).toEqual([]);
    // Each warning a known one: the router prefers a fixed segment to a parameter (`/referrals/metrics/x` never
    // reaches `/referrals/{id}/...`); a few public reads nothing refuses (no 4xx) and two sign-in redirects (no
    // 2xx); the suite's PUBLIC_URL is localhost; the project names no licence.
    const expectedWarnings = new Set([
      'no-ambiguous-paths',
      'operation-4xx-response',
      'operation-2xx-response',
      'no-server-example.com',
      'info-license',
    ]);
    expect(problems.filter((p) => !expectedWarnings.has(p.ruleId)).map((p) => p.ruleId)).toEqual([]);
    const redirects = problems.filter((p) => p.ruleId === 'operation-2xx-response');
    expect(redirects.map((p) => p.location[0]?.pointer).sort()).toEqual([
      '#/paths/~1api~1auth~1google/get/responses',
      '#/paths/~1api~1auth~1google~1callback/get/responses',
    ]);
  });

  it('names each operation (a unique operationId, a summary) and the server, for generated clients', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        path,
        method,
        ...(op as { operationId?: string; summary?: string }),
      })),
    );
    const ids = operations.map((op) => op.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(operations.length);
    expect(operations.filter((op) => !op.summary)).toEqual([]);
    const history = doc.paths['/api/referrals/{id}/history']!.get as { operationId: string; summary: string };
    expect([history.operationId, history.summary]).toEqual([
      'getReferralsByIdHistory',
      'Read referrals by id history',
    ]);
    expect((doc as { servers?: unknown }).servers).toEqual([
      { url: TEST_ORIGIN, description: 'NoCo Referral Network' },
    ]);
    // The wildcard's rest of the path is a parameter with a valid name.
    const uploads = doc.paths['/uploads/{path}']!.get as { parameters: { name: string; in: string }[] };
    expect(uploads.parameters).toEqual([expect.objectContaining({ name: 'path', in: 'path' })]);
  });

  it('describes every success answer: a JSON schema, a file type, a page, a redirect or no body', () => {
    const vague: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const answers = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]/.test(status));
        if (answers.length === 0) vague.push(`${method} ${path}: no success answer`);
        for (const [status, answer] of answers) {
          const types = Object.keys(answer.content ?? {});
          if (types.includes('*/*')) vague.push(`${method} ${path} ${status}: */*`);
          if (types.length === 0 && !['204', '302'].includes(status))
            vague.push(`${method} ${path} ${status}: no body`);
        }
      }
    expect(vague).toEqual([]);
    const answer = (path: string, method: string) => doc.paths[path]![method]!.responses!;
    expect(Object.keys(answer('/api/auth/signout', 'post'))).toContain('204');
    expect(Object.keys(answer('/api/auth/google', 'get'))).toContain('302');
    expect(Object.keys(answer('/metrics', 'get')['200']!.content!)).toEqual(['text/plain']);
    expect(Object.keys(answer('/email/unsubscribe', 'get')['200']!.content!)).toEqual(['text/html']);
    expect(Object.keys(answer('/api/users/export.csv', 'get')['200']!.content!)).toEqual(['text/csv']);
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
    // A public read without input: a stray query parameter's 400 and the database's 503.
    expect(Object.keys(responses('/api/health', 'get')).sort()).toEqual(['200', '400', '503']);
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
    const params: Record<string, string | string[]> = {
      '/api/members/by-name/{name}': ids.memberSlug,
      '/api/members/active/{id}': ids.memberId,
      '/api/applications/{id}': ids.applicationId,
      '/api/referrals/metrics/{memberId}': ids.memberId,
      '/api/testimonials/public/{memberId}': ids.memberId,
      '/api/attendance/stats/{memberId}': ids.memberId,
      '/api/referrals/{id}/history': ids.referralId,
      '/api/meetings/{id}': ids.meetingId,
      '/api/meetings/{id}/report': ids.meetingId,
      '/api/meetings/{id}/door': ids.meetingId,
      '/api/meetings/{id}/codes': ids.openMeetingId,
      '/api/meetings/{id}/slips': ids.openMeetingId,
      '/api/check-in/{token}': tokenOf(codes.json().checkInUrl),
      '/api/room/{token}': tokenOf(codes.json().displayUrl),
      '/api/chapters/public/{slug}': ids.chapterSlug,
      '/api/visit/{slug}': ids.chapterSlug,
      '/api/chapters/{id}/members': ids.chapterId,
      '/api/users/{id}': ids.memberId,
      '/api/visitors/{id}': ids.visitorId,
      '/api/one-to-ones/{id}': ids.oneToOneId,
      '/api/scorecard/members/{id}': ids.memberId,
      '/api/scorecard/members/{id}/components/{key}': [ids.memberId, 'referrals'],
      '/api/visitors/apply/{token}': applyToken(t.app.config.sessionSecret, ids.visitorId),
    };
    // Member-only views (a check-in is a member's own); the rest is read as the agency administrator.
    const asMember = new Set(['/api/check-in/{token}']);

    const checked: string[] = [];
    const failures: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const schema = operations.get?.responses?.['200']?.content?.['application/json']?.schema;
      if (!schema) continue;
      const values = [params[path] ?? 'MISSING'].flat();
      let next = 0;
      const url = path.replace(/\{[^}]+\}/g, () => values[next++] ?? 'MISSING');
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
  // A one-to-one of the agency administrator (who reads every route here) with the demo member.
  const oneToOne = await one<{ id: string }>(
    sql`insert into one_to_ones (member_a_id, member_b_id, logged_by_id, met_on, mode, minutes)
        select least(a.id, m.id), greatest(a.id, m.id), a.id, ${todayIn()}, 'online', 30
        from users a, users m where a.email = 'agency@demo.test' and m.email = 'member@demo.test'
        on conflict (member_a_id, member_b_id, met_on) do update set minutes = 30 returning id`,
  );
  return {
    oneToOneId: oneToOne.id,
    chapterId: chapter.id,
    chapterSlug: chapter.slug,
    memberId: member.id,
    memberSlug: member.slug,
    referralId: referral.id,
    applicationId: application.id,
    meetingId: meeting.id,
    openMeetingId: openMeeting.id,
    // A visitor of the chapter (the demo network has the ones it seeds; one more changes nothing).
    visitorId: (
      await one<{ id: string }>(
        sql`insert into visitors (chapter_id, first_name, last_name, email, source)
            values (${chapter.id}, 'Olive', 'Openapi', 'olive.openapi@example.org', 'public_form')
            on conflict (chapter_id, lower(email)) do update set updated_at = now() returning id`,
      )
    ).id,
  };
}
