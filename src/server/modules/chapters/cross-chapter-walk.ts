import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '../../../domain/roles/roles';
import { selectRows } from '../../db/client';
import { chapterLockBinds } from '../../db/lock-binds';
import {
  auditLog,
  chapters,
  industries,
  meetings,
  notifications,
  outboundEmails,
  visitors,
  visitorVisits,
} from '../../db/schema';
import { makeApplication, makeAttendance, makeMember, makeReferral } from '../../test/factories';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../../test/test-app';

/**
 * Every registered route, run as each identity of chapter A against chapter B's rows (ids taken
 * from B's data, in the path, the query and the body), must neither show B's private data nor change it. It
 * walks `registeredRoutes`, so a route added later is covered without anyone listing it here. Three checks:
 * 1. no field of any answer carries a mark only B's private rows hold (emails, notes, settings), a B-only row's
 *    id, or one of B's private figures (dues, a member's revenue);
 * 2. no write changes B's rows (a digest of every chapter-owned row of B, before and after);
 * 3. no read answers differently once B has more private data (counts and totals leak without any mark).
 */

const MARK = 'zqxb';
const B_DUES = '777.77';
/** The revenue of B's one approved referral: B's members' private figure, public only as part of the network's total. */
const B_REVENUE = '4317.29';
const PAST_DATE = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10);

/** Not chapter data: sign-in flows, the development identity provider and mailbox, files, the web app. */
const NOT_CHAPTER_DATA = [/^\/dev-idp\//, /^\/dev\/mailbox/, /^\/uploads\//, /^\/\*$/, /^\/api\/auth\//];

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
};
const toJsonSchema = (schema: unknown) =>
  z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Valid values by field name, for fields whose schema alone does not say what passes. */
const FIELD_EXAMPLES: Record<string, unknown> = {
  status: 'absent',
  meetingDate: PAST_DATE,
  saleDate: PAST_DATE,
  date: PAST_DATE,
  amount: '150.00',
  commissionPercent: '10',
  name: 'Cross Chapter Trade',
  email: 'probe@example.com',
  businessEmail: 'probe@example.com',
  phone: '(970) 555-0142',
  experienceLevel: '3-5',
  industry: 'Falconry',
  contentType: 'image/png',
};

const isIdField = (key: string) => /Ids?$/.test(key) || key === 'id';

/** A body (or query) the schema accepts, with every id field naming `id`. */
function sample(schema: JsonSchema, id: string, key = ''): unknown {
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, id, key);
  if (schema.enum) return schema.enum[0];
  if (schema.properties)
    return Object.fromEntries(
      Object.entries(schema.properties)
        .filter(([k]) => k !== 'cursor' && k !== 'mapping')
        .map(([k, child]) => [k, sample(child, id, k)]),
    );
  if (schema.type === 'array' && schema.items) return [sample(schema.items, id, key.replace(/s$/, ''))];
  if (schema.format === 'uuid' || isIdField(key)) return id;
  if (key in FIELD_EXAMPLES) return FIELD_EXAMPLES[key];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  return 'Probe text';
}

/** The query fields that name rows, and with `choices` each field's first choice: the rest keep their defaults. */
function sampleQuery(schema: JsonSchema, id: string, choices: boolean): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).flatMap(([k, child]): [string, unknown][] => {
      if (child.format === 'uuid' || isIdField(k)) return [[k, id]];
      return choices && child.enum ? [[k, child.enum[0]]] : [];
    }),
  );
}

export interface ChapterIsolationWalk {
  title: string;
  /** Routes left out, each for a reason the caller states. */
  skip?: RegExp[];
  /** Serve as the tables' owner, so row-level security does not bind and the scoping helper is the only lock. */
  withoutRowLevelSecurity?: boolean;
}

/** Registers the walk's tests in the calling test file. */
export function describeChapterIsolation({
  title,
  skip = [],
  withoutRowLevelSecurity = false,
}: ChapterIsolationWalk): void {
  let t: TestApp;
  let chapterB: string;
  const identities: [Role, SignedIn][] = [];
  /** B's rows by kind: the ids a probe puts wherever a route takes one. */
  const bIds: Record<string, string> = {};
  let bSlug = '';
  let bEmails: string[] = [];
  /** Ids of rows only B may see (B-only referrals, applications, records...): never in an answer to A. */
  let bPrivateIds: string[] = [];
  let extra = 0;
  /** A member of B no probe names: their private figures may change without moving any public answer. */
  let quietMemberOfB = '';

  /** Private data of chapter B: what a chapter-A identity must never see, change or be able to count. */
  async function addPrivateDataOfB(members: { id: string }[]) {
    extra += 1;
    const guest = await makeMember(t.db, {
      role: 'GUEST',
      chapterId: chapterB,
      email: `${MARK}-guest${extra}@greeley.test`,
    });
    const application = await makeApplication(t.db, guest.id, {
      email: `${MARK}-applicant${extra}@greeley.test`,
      motivation: `${MARK} motivation ${extra}`,
    });
    const [industry] = await t.db
      .insert(industries)
      .values({ chapterId: chapterB, name: `Falconry ${extra}`, description: `${MARK} industry ${extra}` })
      .returning();
    const attendance = await makeAttendance(t.db, members[0]!.id, {
      meetingDate: new Date(Date.now() - (20 + extra * 7) * 86_400_000).toISOString().slice(0, 10),
      status: 'absent',
      notes: `${MARK} attendance ${extra}`,
    });
    const referral = await makeReferral(
      t.db,
      { referrerId: members[0]!.id, recipientId: members[1]!.id },
      { customerName: `${MARK} customer ${extra}`, notes: `${MARK} notes`, status: 'pending' },
    );
    const [notification] = await t.db
      .insert(notifications)
      .values({
        userId: members[0]!.id,
        kind: 'referral.created',
        title: `${MARK} title`,
        body: MARK,
        link: '/',
      })
      .returning();
    // Once: a second approved referral would move B's public counts (check 3 wants them still).
    if (extra === 1)
      await makeReferral(
        t.db,
        { referrerId: members[0]!.id, recipientId: members[1]!.id },
        { status: 'approved', amount: B_REVENUE },
      );
    // A visitor of B with a seat at one of B's coming meetings, and the confirmation written to them.
    const [meeting] = await t.db
      .insert(meetings)
      .values({
        chapterId: chapterB,
        meetingDate: new Date(Date.now() + (10 + extra * 7) * 86_400_000).toISOString().slice(0, 10),
        startTime: '07:00',
        place: `${MARK} place ${extra}`,
      })
      .returning();
    const [visitor] = await t.db
      .insert(visitors)
      .values({
        chapterId: chapterB,
        firstName: 'Vera',
        lastName: `Visitor ${extra}`,
        email: `${MARK}-visitor${extra}@greeley.test`,
        business: `${MARK} business ${extra}`,
        source: 'public_form',
      })
      .returning();
    const [visit] = await t.db
      .insert(visitorVisits)
      .values({ chapterId: chapterB, visitorId: visitor!.id, meetingId: meeting!.id })
      .returning();
    await t.db.insert(outboundEmails).values({
      chapterId: chapterB,
      visitId: visit!.id,
      to: visitor!.email,
      subject: `${MARK} subject`,
      text: MARK,
      html: MARK,
      status: 'sent',
    });
    const [audit] = await t.db
      .insert(auditLog)
      .values({ chapterId: chapterB, action: 'role.changed', subject: `${MARK} audited ${extra}` })
      .returning();
    await t.db
      .update(chapters)
      .set({ defaultAnnualDues: extra === 1 ? B_DUES : '888.88' })
      .where(sql`${chapters.id} = ${chapterB}`);
    // Straight SQL: the row's updated_at (public through the sitemap) stays as it was.
    await t.db.execute(
      sql`update users set annual_dues_override = ${extra === 1 ? null : '500.00'} where id = ${quietMemberOfB}`,
    );
    bEmails.push(guest.email, application.email);
    const ids = {
      guest: guest.id,
      application: application.id,
      industry: industry!.id,
      attendance: attendance.id,
      referral: referral.id,
      notification: notification!.id,
      audit: audit!.id,
      visitor: visitor!.id,
      visit: visit!.id,
      meeting: meeting!.id,
    };
    bPrivateIds.push(...Object.values(ids));
    return ids;
  }

  /** A digest of every chapter-owned row of B (and B-only referrals): equal before and after = unchanged. */
  async function digestOfB(): Promise<string> {
    const [row] = await selectRows<{ digest: string }>(
      t.db,
      sql`select md5(coalesce(string_agg(x, '|' order by x), '')) as digest from (
            select 'u' || r::text as x from users r where chapter_id = ${chapterB}
            union all select 'a' || r::text from applications r where chapter_id = ${chapterB}
            union all select 'n' || r::text from application_review_notes r
              where application_id in (select id from applications where chapter_id = ${chapterB})
            union all select 'i' || r::text from industries r where chapter_id = ${chapterB}
            union all select 't' || r::text from attendance_records r where chapter_id = ${chapterB}
            union all select 'l' || r::text from audit_log r where chapter_id = ${chapterB}
            union all select 'c' || r::text from chapters r where id = ${chapterB}
            union all select 'v' || r::text from visitors r where chapter_id = ${chapterB}
            union all select 'w' || r::text from visitor_visits r where chapter_id = ${chapterB}
            union all select 'o' || r::text from outbound_emails r where chapter_id = ${chapterB}
            union all select 'm' || r::text from meetings r where chapter_id = ${chapterB}
            union all select 'r' || r::text from referrals r
              where referrer_id in (select id from users where chapter_id = ${chapterB})
                and reporter_id in (select id from users where chapter_id = ${chapterB})
          ) as rows`,
    );
    return row!.digest;
  }

  interface Probe {
    name: string;
    request: InjectOptions;
    /** Strings the request itself carries: an answer may say them back without leaking anything. */
    sent: string[];
    write: boolean;
    /** A JSON body for a route that names a row in its path: it must get past validation at least once. */
    mustPassValidation: boolean;
  }

  /** Every route, each with B's row of each kind wherever it takes an id. */
  function probes(): Probe[] {
    const list: Probe[] = [];
    const csv = (id: string) =>
      [
        'Email,First Name,Last Name,Role,Date,Status,Referrer Email,Recipient Email,Amount',
        `${bEmails[0]},Changed,By Import,MEMBER,${PAST_DATE},present,${bEmails[0]},${bEmails[1]},100`,
        `${id}@greeley.test,New,Person,MEMBER,${PAST_DATE},absent,${bEmails[1]},${bEmails[0]},50`,
      ].join('\n');
    for (const route of t.app.registeredRoutes) {
      if ([...NOT_CHAPTER_DATA, ...skip].some((pattern) => pattern.test(route.url))) continue;
      const params = route.url.match(/:[A-Za-z]+/g) ?? [];
      for (const method of route.methods.filter((m) =>
        ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(m),
      )) {
        const kinds =
          params.length > 0 || route.request.body || route.request.querystring ? Object.keys(bIds) : ['none'];
        const variants = kinds.flatMap((k) => [
          [k, false] as const,
          ...(route.request.querystring ? [[k, true] as const] : []),
        ]);
        for (const [kind, choices] of variants) {
          const id = bIds[kind] ?? '00000000-0000-4000-8000-000000000000';
          const url = route.url.replace(/:[A-Za-z]+/g, (p) => (p === ':name' ? bSlug : id));
          const query = route.request.querystring
            ? sampleQuery(toJsonSchema(route.request.querystring), id, choices)
            : {};
          const write = method !== 'GET';
          const body = route.request.body ? sample(toJsonSchema(route.request.body), id) : undefined;
          const request: InjectOptions = {
            method: method as InjectOptions['method'],
            url,
            query: query as Record<string, string>,
            ...(body !== undefined
              ? { payload: body as Record<string, unknown> }
              : write
                ? { payload: csv(id), headers: { 'content-type': 'application/octet-stream' } }
                : {}),
          };
          const sent = [...bEmails, `${id}@greeley.test`, url];
          list.push({
            name: `${method} ${route.url} [${kind}${choices ? ', choices' : ''}]`,
            request,
            sent,
            write,
            mustPassValidation: write && params.length > 0 && route.request.body !== undefined,
          });
        }
      }
    }
    return list;
  }

  /** Each operation's answers as the API document lists them, by `METHOD /fastify/:path`. */
  async function documentedStatuses(): Promise<Map<string, Set<string>>> {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const statuses = new Map<string, Set<string>>();
    for (const route of t.app.registeredRoutes) {
      const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      for (const method of route.methods) {
        const operation = doc.paths[path]?.[method.toLowerCase()];
        if (operation)
          statuses.set(`${method} ${route.url}`, new Set(Object.keys(operation.responses ?? {})));
      }
    }
    return statuses;
  }

  async function send(who: SignedIn, probe: Probe) {
    const auth = probe.write ? who.unsafe : who.cookie;
    const res = await t.app.inject({
      ...probe.request,
      headers: { ...auth, ...(probe.request.headers as Record<string, string>) },
    });
    let text = res.body.toLowerCase();
    for (const said of probe.sent) text = text.split(said.toLowerCase()).join('');
    return { status: res.statusCode, body: res.body, text };
  }

  /** B's private figures: a field holding one, as a number or a string, is a leak wherever it stands. */
  const privateFigures = new Map([
    [Number(B_DUES), `B's dues ${B_DUES}`],
    [Number(B_REVENUE), `B's revenue ${B_REVENUE}`],
  ]);

  /** Every leaf of a JSON answer with its path; a body that is not JSON (CSV, HTML) is one leaf. */
  function leavesOf(value: unknown, path = '$'): [string, unknown][] {
    if (Array.isArray(value)) return value.flatMap((v, i) => leavesOf(v, `${path}[${i}]`));
    if (value !== null && typeof value === 'object')
      return Object.entries(value).flatMap(([k, v]) => leavesOf(v, `${path}.${k}`));
    return [[path, value]];
  }

  function parsed(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  function leaksIn(text: string): string[] {
    const found: string[] = [];
    if (text.includes(MARK)) found.push(`the mark "${MARK}"`);
    for (const id of bPrivateIds) if (text.includes(id)) found.push(`B's row ${id}`);
    for (const [path, leaf] of leavesOf(parsed(text))) {
      const figures = typeof leaf === 'string' ? (leaf.match(/-?\d[\d,]*(?:\.\d+)?/g) ?? []) : [leaf];
      for (const figure of figures) {
        const named = privateFigures.get(Number(String(figure).replaceAll(',', '')));
        if (named) found.push(`${named} at ${path}`);
      }
    }
    return found;
  }

  beforeAll(async () => {
    t = await createTestApp({ buildOptions: { rateLimits: false }, asOwner: withoutRowLevelSecurity });
    const [b] = await t.db.insert(chapters).values({ name: 'Greeley', slug: 'greeley' }).returning();
    chapterB = b!.id;
    // Chapter A is the first chapter: a new account joins it unless told otherwise.
    for (const role of ['GUEST', 'MEMBER', 'LEADERSHIP', 'NETWORK_ADMIN'] as const)
      identities.push([role, await signInAs(t.db, role)]);
    // An approved referral in A too: the network's public total is then not B's revenue alone.
    await makeReferral(
      t.db,
      { referrerId: identities[1]![1].userId, recipientId: identities[2]![1].userId },
      { status: 'approved', amount: '100.00' },
    );
    const members = [];
    for (const n of [1, 2])
      members.push(
        await makeMember(t.db, {
          chapterId: chapterB,
          email: `${MARK}-member${n}@greeley.test`,
          industry: `Falconry ${n}`,
          personalPhone: `${MARK} 555-0100`,
          personalPhoneVisible: false,
          missedMeetingLimit: 4,
        }),
      );
    quietMemberOfB = (await makeMember(t.db, { chapterId: chapterB, email: `${MARK}-quiet@greeley.test` }))
      .id;
    const admin = await makeMember(t.db, {
      role: 'NETWORK_ADMIN',
      chapterId: chapterB,
      email: `${MARK}-admin@greeley.test`,
    });
    bEmails = members.map((m) => m.email);
    bSlug = members[0]!.slug;
    Object.assign(bIds, { member: members[0]!.id, admin: admin.id }, await addPrivateDataOfB(members));
    // B-member ids are public (the directory, the referral picker): only B's private rows are marks.
    bPrivateIds = bPrivateIds.filter((id) => id !== bIds.guest);
  }, 60_000);
  afterAll(() => t.close());

  describe(title, () => {
    it("the identities are chapter A's and the rows chapter B's", async () => {
      const rows = await selectRows<{ id: string; chapter_id: string | null }>(
        t.db,
        sql`select id, chapter_id from users`,
      );
      const chapterOf = (id: string) => rows.find((r) => r.id === id)?.chapter_id;
      for (const [, who] of identities) expect(chapterOf(who.userId)).not.toBe(chapterB);
      for (const [, who] of identities) expect(chapterOf(who.userId)).toEqual(expect.any(String));
      expect(chapterOf(bIds.member!)).toBe(chapterB);
      expect(probes().length).toBeGreaterThan(100);
      // On PostgreSQL the walk runs with the locks it says: row-level security binds unless turned off.
      if (t.testDb.url) expect(await chapterLockBinds(t.db)).toBe(!withoutRowLevelSecurity);
    });

    it("no route shows chapter A any of B's private data, or changes B", async () => {
      const leaks: string[] = [];
      const changed: string[] = [];
      const undocumented = new Set<string>();
      const documented = await documentedStatuses();
      const passedValidation = new Set<string>();
      const validated = new Set<string>();
      for (const [role, who] of identities) {
        for (const probe of probes()) {
          const before = probe.write ? await digestOfB() : '';
          const res = await send(who, probe);
          const found = leaksIn(res.text);
          const operation = probe.name.replace(/ \[.*$/, '');
          const listed = documented.get(operation);
          // A route the document hides (its own files, the reference page) promises nothing.
          if (listed && !listed.has(String(res.status))) undocumented.add(`${operation} -> ${res.status}`);
          if (found.length > 0) leaks.push(`${role} ${probe.name} -> ${res.status}: ${found.join(', ')}`);
          if (probe.write && (await digestOfB()) !== before)
            changed.push(`${role} ${probe.name} -> ${res.status}`);
          const route = probe.name.replace(/ \[.*$/, '');
          if (probe.mustPassValidation) {
            validated.add(route);
            if (res.status !== 400) passedValidation.add(route);
          }
        }
      }
      expect(leaks).toEqual([]);
      expect(changed).toEqual([]);
      // Every answer is one the API document lists for its route, refusals included.
      expect([...undocumented].sort()).toEqual([]);
      // A write that never got past validation proved nothing: give its fields an example above.
      expect([...validated].filter((route) => !passedValidation.has(route))).toEqual([]);
    }, 300_000);

    it('answers someone not signed in only what the API document lists, and changes nothing of B', async () => {
      const documented = await documentedStatuses();
      const before = await digestOfB();
      const undocumented = new Set<string>();
      const statuses = new Set<number>();
      for (const probe of probes()) {
        const res = await t.app.inject(probe.request);
        statuses.add(res.statusCode);
        const operation = probe.name.replace(/ \[.*$/, '');
        const listed = documented.get(operation);
        if (listed && !listed.has(String(res.statusCode)))
          undocumented.add(`${operation} -> ${res.statusCode}`);
      }
      expect([...undocumented].sort()).toEqual([]);
      expect(statuses).toContain(401);
      expect(await digestOfB()).toBe(before);
    }, 300_000);

    it('no read answers chapter A differently once B has more private data', async () => {
      const reads = probes().filter((p) => !p.write);
      const answers = new Map<string, string>();
      const unsettled = new Set<string>();
      for (const [role, who] of identities)
        for (const probe of reads) {
          const first = await send(who, probe);
          const second = await send(who, probe);
          const key = `${role} ${probe.name}`;
          // An answer that moves by itself (a clock, a token) says nothing either way.
          if (first.body !== second.body) unsettled.add(key);
          else answers.set(key, `${second.status} ${second.body}`);
        }
      await addPrivateDataOfB([{ id: bIds.member! }, { id: bIds.admin! }]);
      const moved: string[] = [];
      for (const [role, who] of identities)
        for (const probe of reads) {
          const key = `${role} ${probe.name}`;
          if (unsettled.has(key)) continue;
          const now = await send(who, probe);
          if (`${now.status} ${now.body}` !== answers.get(key)) moved.push(key);
        }
      expect(moved).toEqual([]);
      expect(unsettled.size).toBeLessThan(answers.size / 10);
    }, 300_000);
  });
}
