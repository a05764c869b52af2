import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ROLE_RANK, ROLES, type Role } from '../../domain/roles/roles';
import { type SignedIn, signInAs, type TestApp } from './test-app';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type Who = Role | SignedIn | null;

/**
 * Sends `request` as `who`: a role (a new user of that role, signed in for this call), an existing
 * session, or null for a stranger. Unsafe methods carry the CSRF header, as the web client sends it.
 */
export async function injectAs(
  t: TestApp,
  who: Who,
  request: InjectOptions,
): Promise<LightMyRequestResponse> {
  const session = typeof who === 'string' ? await signInAs(t.db, who) : who;
  const method = (request.method ?? 'GET').toUpperCase();
  const auth = session ? (UNSAFE.has(method) ? session.unsafe : session.cookie) : {};
  return t.app.inject({ ...request, headers: { ...auth, ...request.headers } });
}

/** Every role ranked below `minRole`. */
export const rolesBelow = (minRole: Role): Role[] =>
  ROLES.filter((role) => ROLE_RANK[role] < ROLE_RANK[minRole]);

/**
 * Checks the route refuses a stranger (401) and every role below `minRole` (403), and that `unchanged`
 * reads the same before and after each attempt, so a refusal never half-applies a write.
 */
export async function expectRefusedBelow(
  t: TestApp,
  minRole: Role,
  request: InjectOptions,
  unchanged: () => Promise<unknown>,
): Promise<void> {
  const before = await unchanged();
  for (const who of [null, ...rolesBelow(minRole)] as const) {
    const res = await injectAs(t, who, request);
    expect(res.statusCode, `${who ?? 'a stranger'} must be refused`).toBe(who === null ? 401 : 403);
    expect(res.json().code).toBe(who === null ? 'UNAUTHENTICATED' : 'FORBIDDEN');
    expect(await unchanged(), `${who ?? 'a stranger'} changed something`).toEqual(before);
  }
}
