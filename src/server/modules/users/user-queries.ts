import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { AdminUser, UserListQuery, UserPage } from '../../../domain/admin/contracts';
import { attendanceRate } from '../../../domain/attendance/stats';
import type { Database } from '../../db/client';
import { asTextColumns, forEachBatch, type TextRow } from '../../db/cursor';
import { users } from '../../db/schema';
import { type RosterFigures, rosterFigures } from './roster-figures';
import { pagePosition, rosterKey } from './roster-keyset';

/** A roster row's columns, its figures from `figures` (all time, or a period's). */
const adminUserColumns = (figures: RosterFigures) => ({
  id: users.id,
  email: users.email,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  businessName: users.businessName,
  position: users.position,
  industry: users.industry,
  personalEmail: users.personalEmail,
  personalPhone: users.personalPhone,
  businessEmail: users.businessEmail,
  businessPhone: users.businessPhone,
  annualDuesOverride: users.annualDuesOverride,
  missedMeetingLimit: users.missedMeetingLimit,
  avatarColor: users.avatarColor,
  profileImageUrl: users.profileImageUrl,
  createdAt: users.createdAt,
  referralsGiven: figures.givenCount,
  referralsReceived: figures.receivedCount,
  present: figures.present,
  absent: figures.absent,
});

type Row = Omit<AdminUser, 'createdAt' | 'attendanceRate'> & {
  createdAt: Date;
  present: number;
  absent: number;
};
const toAdminUser = ({ present, absent, ...row }: Row): AdminUser => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  attendanceRate: attendanceRate(present, absent),
});

export type RosterFilters = Omit<UserListQuery, 'page' | 'cursor' | 'skip'>;

/** The roster's rows: each member joined to their figures (one row each). */
const rosterRows = <T extends SelectedFields>(db: Database, columns: T, figures: RosterFigures) =>
  db.select(columns).from(users).innerJoin(figures, eq(figures.memberId, users.id));

/** Search over name, business and email; role and industry filters. */
function rosterWhere(query: RosterFilters): SQL | undefined {
  const needle = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    query.q
      ? or(
          ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, needle),
          ilike(users.businessName, needle),
          ilike(users.email, needle),
        )
      : undefined,
    query.role ? eq(users.role, query.role) : undefined,
    query.industry ? sql`lower(${users.industry}) = lower(${query.industry})` : undefined,
  );
}

/**
 * The roster page: search, filters, any sort, 15 a page, keyset (docs/decisions/0027): the page walks the
 * sort's index from its cursor, however deep, in two queries (the page and its total).
 */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserPage> {
  const where = rosterWhere(query);
  const figures = rosterFigures(db, query.period);
  const key = rosterKey(query, figures);
  const counting = db.select({ n: count() }).from(users).where(where);
  const position = await pagePosition(query, key, async () => (await counting)[0]?.n ?? 0);
  const [rows, [total]] = await Promise.all([
    rosterRows(db, { ...adminUserColumns(figures), sortKey: key.select }, figures)
      .where(and(where, position.after))
      .orderBy(...key.order(position.forwards === (query.dir === 'asc') ? 'asc' : 'desc'))
      .limit(position.limit)
      .offset(position.offset),
    counting,
  ]);
  const page = position.forwards ? rows : rows.reverse();
  const first = page[0];
  const last = page.at(-1);
  return {
    items: page.map(({ sortKey: _key, ...row }) => toAdminUser(row)),
    total: total?.n ?? 0,
    prevCursor: first ? key.cursor(query, 'before', first.sortKey) : null,
    nextCursor: last ? key.cursor(query, 'after', last.sortKey) : null,
  };
}

// The day joined as the table shows it (UTC), whatever the connection's time zone.
const rosterExportColumns = (figures: RosterFigures) =>
  asTextColumns({
    ...adminUserColumns(figures),
    createdAt: sql`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
  });
export type RosterExportRow = TextRow<keyof ReturnType<typeof rosterExportColumns>>;

/**
 * Every roster row matching the filters, in the table's order, with the figures of its period, for the
 * CSV export: one query, read through a cursor a batch at a time (every value as text).
 */
export function streamRoster(
  db: Database,
  query: RosterFilters,
  each: (rows: RosterExportRow[]) => Promise<void>,
): Promise<void> {
  const figures = rosterFigures(db, query.period);
  const rows = rosterRows(db, rosterExportColumns(figures), figures)
    .where(rosterWhere(query))
    .orderBy(...rosterKey(query, figures).order(query.dir));
  return forEachBatch(db, rows, each);
}

/** One member's roster row, with their all-time figures. */
export async function findAdminUser(db: Database, id: string): Promise<AdminUser | undefined> {
  const figures = rosterFigures(db, 'all');
  const [row] = await rosterRows(db, adminUserColumns(figures), figures).where(eq(users.id, id));
  return row && toAdminUser(row);
}
