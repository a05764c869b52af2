import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { AdminUser, UserListQuery, UserPage } from '../../../domain/admin/contracts';
import { attendanceRate } from '../../../domain/attendance/stats';
import type { Database } from '../../db/client';
import { asTextColumns, forEachBatch, type TextRow } from '../../db/cursor';
import { memberTotals, users } from '../../db/schema';
import { pagePosition, rosterKey } from './roster-keyset';

const adminUserColumns = {
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
  // Each member's kept row (member_totals, docs/decisions/0026): every member has one from joining.
  referralsGiven: memberTotals.givenCount,
  referralsReceived: memberTotals.receivedCount,
  present: memberTotals.present,
  absent: memberTotals.absent,
};

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

const rosterRows = <T extends SelectedFields>(db: Database, columns: T) =>
  db.select(columns).from(users).innerJoin(memberTotals, eq(memberTotals.memberId, users.id));

/**
 * The roster page: search, filters, any sort, 15 a page, keyset (docs/decisions/0027): the page walks the
 * sort's index from its cursor, however deep, in two queries (the page and its total).
 */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserPage> {
  const where = rosterWhere(query);
  const key = rosterKey(query.sort);
  const counting = db.select({ n: count() }).from(users).where(where);
  const position = await pagePosition(query, key, async () => (await counting)[0]?.n ?? 0);
  const [rows, [total]] = await Promise.all([
    rosterRows(db, { ...adminUserColumns, sortKey: key.select })
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
const rosterExportColumns = asTextColumns({
  ...adminUserColumns,
  createdAt: sql`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
});
export type RosterExportRow = TextRow<keyof typeof rosterExportColumns>;

/**
 * Every roster row matching the filters, in the table's order, for the CSV export: one query, read
 * through a cursor a batch at a time (every value as text).
 */
export function streamRoster(
  db: Database,
  query: RosterFilters,
  each: (rows: RosterExportRow[]) => Promise<void>,
): Promise<void> {
  const select = rosterRows(db, rosterExportColumns)
    .where(rosterWhere(query))
    .orderBy(...rosterKey(query.sort).order(query.dir));
  return forEachBatch(db, select, each);
}

export async function findAdminUser(db: Database, id: string): Promise<AdminUser | undefined> {
  const [row] = await rosterRows(db, adminUserColumns).where(eq(users.id, id));
  return row && toAdminUser(row);
}
