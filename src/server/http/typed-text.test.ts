import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { selectRows } from '../db/client';
import { makeMember } from '../test/factories';
import { injectAs } from '../test/requests';
import { createTestApp, type SignedIn, signInAs, type TestApp } from '../test/test-app';

/**
 * One test over every route: it walks the registered routes and their request schemas, finds each
 * place a string can go (nested in arrays and objects too), and sends what the text rule must refuse.
 * A route added tomorrow is covered without anyone remembering to add it here.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  required?: string[];
  minLength?: number;
  maxLength?: number;
  'x-text-kind'?: 'line' | 'name' | 'long';
};

interface Slot {
  /** Where the string goes, as keys and array indexes. */
  path: (string | number)[];
  /** Required, with a minimum length: whitespace alone must be refused too. */
  required: boolean;
  /** Long texts may hold line breaks; every other string may not. */
  long: boolean;
  /** The field's own limit, when it states one. */
  maxLength: number | undefined;
}

const acceptsString = (s: JsonSchema) =>
  s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));

function slotsOf(schema: JsonSchema, path: (string | number)[] = [], required = true): Slot[] {
  if (schema.anyOf) return schema.anyOf.flatMap((member) => slotsOf(member, path, required));
  if (schema.properties) {
    return Object.entries(schema.properties).flatMap(([key, child]) =>
      slotsOf(child, [...path, key], (schema.required ?? []).includes(key)),
    );
  }
  if (schema.items) return slotsOf(schema.items, [...path, 0], true);
  if (!acceptsString(schema) || path.length === 0) return [];
  return [
    {
      path,
      required: required && (schema.minLength ?? 0) > 0,
      long: schema['x-text-kind'] === 'long',
      maxLength: schema.maxLength,
    },
  ];
}

function withValueAt(path: (string | number)[], value: string): unknown {
  const [head, ...rest] = path;
  const inner = rest.length ? withValueAt(rest, value) : value;
  return typeof head === 'number' ? [inner] : { [head as string]: inner };
}

const HOSTILE: Record<string, string> = {
  NUL: 'a\u0000b',
  'a bell (C0)': 'a\u0007b',
  'a next-line (C1)': 'a\u0085b',
  'a right-to-left override': 'Becker\u202Egnp.exe',
  'a left-to-right embedding': 'a\u202Ab',
  'a first-strong isolate': 'a\u2068b',
  'a lone surrogate': 'a\ud800b',
  'ten thousand and one characters': 'x'.repeat(10_001),
};
/** A URL cannot carry half a surrogate pair: percent-encoding needs whole characters. */
const NOT_IN_A_URL = new Set(['a lone surrogate']);

function hostileValuesFor(slot: Slot, inQuery: boolean): [string, string][] {
  const values = Object.entries(HOSTILE).filter(([name]) => !(inQuery && NOT_IN_A_URL.has(name)));
  if (!slot.long) values.push(['a line break in a one-line field', 'a\nb']);
  if (slot.required) values.push(['only spaces where required', '   ']);
  if (slot.maxLength !== undefined)
    values.push(['one character over its limit', 'x'.repeat(slot.maxLength + 1)]);
  return values;
}

const toJsonSchema = (schema: unknown) =>
  z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** Every table's rows, hashed, so "nothing changed" covers rows no one thought to look at. */
async function snapshot(t: TestApp): Promise<Record<string, string>> {
  const tables = await selectRows<{ table_name: string }>(
    t.db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%drizzle%'
        order by table_name`,
  );
  const state: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await selectRows<{ digest: string }>(
      t.db,
      sql`select count(*) || ':' || coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as digest
          from ${sql.identifier(table_name)} r`,
    );
    state[table_name] = row?.digest ?? '';
  }
  return state;
}

function fieldErrorsOf(body: string): Record<string, string[]> {
  try {
    return (JSON.parse(body) as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
  } catch {
    return {};
  }
}

let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t.db, 'AGENCY_ADMIN');
  await makeMember(t.db, { firstName: 'Ada', lastName: 'Byron' });
});
afterAll(() => t.close());

interface Probe {
  route: string;
  method: string;
  url: string;
  part: 'body' | 'querystring';
  slots: Slot[];
}

function probes(app: TestApp['app']): Probe[] {
  const list: Probe[] = [];
  for (const route of app.registeredRoutes) {
    for (const method of route.methods.filter((m) => m !== 'HEAD')) {
      // Path parameters are addresses: a malformed one names nothing and answers 404 (ADR 0012).
      const url = route.url.replace(/:[A-Za-z]+/g, () => randomUUID());
      for (const part of ['body', 'querystring'] as const) {
        const schema = route.request[part];
        if (!schema) continue;
        const slots = slotsOf(toJsonSchema(schema));
        if (slots.length) list.push({ route: `${method} ${route.url}`, method, url, part, slots });
      }
    }
  }
  return list;
}

describe('every text a person can send is held to the one text rule', () => {
  it('covers the routes that take text, found by walking the registered routes', () => {
    const covered = new Set(probes(t.app).map((p) => p.route));
    // A floor, so a broken walk cannot pass by finding nothing.
    expect([...covered]).toEqual(
      expect.arrayContaining([
        'POST /api/industries',
        'PUT /api/industries/:id',
        'PUT /api/users/:id',
        'PUT /api/profile',
        'POST /api/applications',
        'PATCH /api/referrals/:id',
        'POST /api/attendance/batch',
        'GET /api/members',
        'GET /api/users',
      ]),
    );
    expect(covered.size).toBeGreaterThanOrEqual(25);
  });

  it('refuses each hostile value with 400 on its own field, and changes no row', async () => {
    const failures: string[] = [];
    for (const probe of probes(t.app)) {
      const before = await snapshot(t);
      for (const slot of probe.slots) {
        const field = slot.path.join('.');
        for (const [name, value] of hostileValuesFor(slot, probe.part === 'querystring')) {
          const request =
            probe.part === 'body'
              ? {
                  method: probe.method as 'POST',
                  url: probe.url,
                  headers: { 'content-type': 'application/json' },
                  payload: JSON.stringify(withValueAt(slot.path, value)),
                }
              : {
                  method: probe.method as 'GET',
                  url: `${probe.url}?${field}=${encodeURIComponent(value)}`,
                };
          const res = await injectAs(t, admin, request);
          const errors = res.statusCode === 400 ? fieldErrorsOf(res.body) : {};
          // A union or a list may report the error on the field that holds it.
          const onField = Object.keys(errors).some((key) => key === field || field.startsWith(`${key}.`));
          if (res.statusCode !== 400 || !onField)
            failures.push(`${probe.route} ${probe.part} ${field} with ${name}: ${res.statusCode}`);
        }
      }
      const after = await snapshot(t);
      if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${probe.route} changed rows`);
    }
    expect(failures).toEqual([]);
  });
});
