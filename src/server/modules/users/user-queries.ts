import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AdminUser, UserListQuery } from '../../../domain/admin/contracts';
import { MEMBER_TABLE_PAGE_SIZE } from '../../../domain/network/constants';
import type { Database } from '../../db/client';
import { asTextColumns, forEachBatch, type TextRow } from '../../db/cursor';
import { users } from '../../db/schema';

// Per-row figures read from each member's kept row (member_totals, docs/decisions/0026) as correlated
// subqueries by key, so a page of 15 is one query, sortable by them. The outer id is spelled out: Drizzle
// writes a single-table select's columns unqualified, and a bare "id" inside the subquery would mean the
// inner table's own column.
const outerUserId = sql.raw('"users"."id"');
const kept = (figure: SQL) => sql`(select ${figure} from member_totals t where t.member_id = ${outerUserId})`;
const referralsGiven = sql<number>`coalesce(${kept(sql`t.given_count`)}, 0)`;
const referralsReceived = sql<number>`coalesce(${kept(sql`t.received_count`)}, 0)`;
const attendanceRate = sql<string | null>`${kept(
  sql`case when t.present + t.absent = 0 then null else round(100.0 * t.present / (t.present + t.absent), 1) end`,
)}`;

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
  referralsGiven,
  referralsReceived,
  attendanceRate,
};

type Row = Omit<AdminUser, 'createdAt' | 'attendanceRate'> & {
  createdAt: Date;
  attendanceRate: string | null;
};
const toAdminUser = (row: Row): AdminUser => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  attendanceRate: row.attendanceRate === null ? null : Number(row.attendanceRate),
});

const SORTS: Record<UserListQuery['sort'], SQL[]> = {
  name: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  business: [sql`lower(${users.businessName})`],
  industry: [sql`lower(${users.industry})`],
  role: [sql`${users.role}`],
  attendance: [sql`${attendanceRate}`],
  referrals: [sql`${referralsGiven} + ${referralsReceived}`],
  joined: [sql`${users.createdAt}`],
};

export type RosterFilters = Omit<UserListQuery, 'page'>;

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

function rosterOrder(query: RosterFilters): SQL[] {
  const direction = query.dir === 'desc' ? desc : asc;
  return [...SORTS[query.sort].map((s) => sql`${direction(s)} nulls last`), asc(users.id)];
}

/** The roster page: search, filters, any sort, 15 a page, in two queries (the page and its total). */
export async function listUsers(
  db: Database,
  query: UserListQuery,
): Promise<{ items: AdminUser[]; total: number }> {
  const where = rosterWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(...rosterOrder(query))
      .limit(MEMBER_TABLE_PAGE_SIZE)
      .offset((query.page - 1) * MEMBER_TABLE_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toAdminUser), total: total?.n ?? 0 };
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
  const select = db
    .select(rosterExportColumns)
    .from(users)
    .where(rosterWhere(query))
    .orderBy(...rosterOrder(query));
  return forEachBatch(db, select, each);
}

export async function findAdminUser(
  db: Pick<Database, 'select'>,
  id: string,
): Promise<AdminUser | undefined> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id));
  return row && toAdminUser(row);
}
