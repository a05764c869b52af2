import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Role } from '../../domain/roles/roles';
import type { Database } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { newToken, sha256 } from './tokens';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads stay reads. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;

export interface NewSession {
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export async function createSession(db: Database, userId: string): Promise<NewSession> {
  const token = newToken();
  const csrfToken = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  // Sign-ins are rare next to requests, so they sweep expired sessions (an indexed range delete).
  await deleteExpiredSessions(db);
  await db.insert(sessions).values({ tokenHash: sha256(token), csrfToken, userId, expiresAt });
  return { token, csrfToken, expiresAt };
}

/** The user fields a request carries around once authenticated. */
export const sessionUserFields = {
  id: users.id,
  email: users.email,
  role: users.role,
  chapterId: users.chapterId,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  slug: users.slug,
  profileImageUrl: users.profileImageUrl,
  avatarColor: users.avatarColor,
};

const sessionUserColumns = {
  sessionId: sessions.id,
  csrfToken: sessions.csrfToken,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  user: sessionUserFields,
};

/** Who is acting in a use case: the signed-in user, as the session loaded them. */
export type Actor = SessionUser;

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  /** The member's chapter; null only for an agency administrator who belongs to none. */
  chapterId: string | null;
  /**
   * The chapter an agency administrator picked to act in (the dashboard's chapter selector, sent as the
   * `x-acting-chapter` header): their scope narrows to it and chapter-singular writes land in it.
   */
  actingChapterId?: string;
  firstName: string | null;
  lastName: string | null;
  businessName: string | null;
  slug: string;
  profileImageUrl: string | null;
  avatarColor: string | null;
}

export interface LiveSession {
  sessionId: string;
  csrfToken: string;
  lastSeenAt: Date;
  expiresAt: Date;
  user: SessionUser;
}

const sessionByToken = preparedQuery((db) =>
  db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_by_token'),
);

/**
 * The live session and its user in one query: the role is read fresh (a read may reuse it for a few
 * seconds: session-cache.ts). Sliding expiry is written here.
 */
export const findSession = (db: Database, token: string) => findSessionByHash(db, sha256(token));

/** `findSession` by the token's hash (`sha256(token)`), for a caller that already has it. */
export async function findSessionByHash(db: Database, tokenHash: string): Promise<LiveSession | undefined> {
  const now = new Date();
  const [row] = await sessionByToken(db).execute({ tokenHash, now });
  if (!row) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() > REFRESH_AFTER_MS) {
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, row.sessionId));
    return { ...row, lastSeenAt: now, expiresAt };
  }
  return row;
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
