import { and, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { AdminUser, UserListQuery, UserPage } from '../../../domain/admin/contracts';
import { attendanceRate } from '../../../domain/attendance/stats';
import type { Database } from '../../db/client';
import { asTextColumns, forEachBatch, type TextRow } from '../../db/cursor';
import { preparedQuery } from '../../db/prepared';
import { users, userTotals } from '../../db/schema';
import { type RosterFigures, rosterFigures } from './roster-figures';
import { type PagePosition, pagePosition, rosterKey } from './roster-keyset';

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
// `total` rides on the prepared page's rows (the kept count): not a member's field.
const toAdminUser = ({ present, absent, total: _total, ...row }: Row & { total?: unknown }): AdminUser => ({
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

// Every account, kept by a trigger (migration 0023): the unfiltered roster's total, read in its page's
// own statement (or alone, for the last page's size).
const keptTotal = sql<number>`(select ${userTotals.userCount} from ${userTotals})`;
const keptTotalQuery = preparedQuery((db: Database) =>
  db.select({ n: userTotals.userCount }).from(userTotals).prepare('roster_total'),
);

const isUnfiltered = (query: UserListQuery) =>
  !query.q && !query.role && !query.industry && query.period === 'all';

type PagePlan = Pick<PagePosition, 'forwards'> & { after: boolean };

/**
 * The unfiltered all-time page for one sort, direction, reading direction and cursor or none, prepared
 * once per database (plan reused: PostgreSQL spent more time planning this join than running it),
 * carrying the kept total: one statement.
 */
const preparedPages = new WeakMap<Database, Map<string, ReturnType<typeof preparePage>>>();
function preparePage(db: Database, query: Pick<UserListQuery, 'sort' | 'dir'>, plan: PagePlan) {
  const figures = rosterFigures(db, 'all');
  const key = rosterKey({ ...query, period: 'all' }, figures);
  const name = `roster_${query.sort}_${query.dir}_${plan.forwards ? 'f' : 'b'}${plan.after ? '_after' : ''}`;
  return rosterRows(db, { ...adminUserColumns(figures), sortKey: key.select, total: keptTotal }, figures)
    .where(plan.after ? key.past(key.placeholders, plan.forwards) : undefined)
    .orderBy(...key.order(plan.forwards))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(name);
}
function preparedPage(db: Database, query: UserListQuery, plan: PagePlan) {
  const pages = preparedPages.get(db) ?? new Map<string, ReturnType<typeof preparePage>>();
  preparedPages.set(db, pages);
  const id = `${query.sort}|${query.dir}|${plan.forwards}|${plan.after}`;
  const page = pages.get(id) ?? preparePage(db, query, plan);
  pages.set(id, page);
  return page;
}

/**
 * The roster page: search, filters, any sort, 15 a page, keyset (docs/decisions/0027): the page walks the
 * sort's index from its cursor, however deep. Unfiltered, one prepared statement carrying the kept total;
 * filtered, two queries (the page and its count).
 */
export async function listUsers(db: Database, query: UserListQuery): Promise<UserPage> {
  const where = rosterWhere(query);
  const figures = rosterFigures(db, query.period);
  const key = rosterKey(query, figures);
  const unfiltered = isUnfiltered(query);
  const counting = async () =>
    unfiltered
      ? ((await keptTotalQuery(db).execute())[0]?.n ?? 0)
      : ((await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0);
  const position = await pagePosition(query, key, counting);
  const { forwards } = position;
  const [rows, counted] = unfiltered
    ? [
        await preparedPage(db, query, { forwards, after: position.key !== undefined }).execute({
          limit: position.limit,
          offset: position.offset,
          ...Object.fromEntries((position.key ?? []).map((v, i) => [`k${i}`, v])),
        }),
        undefined,
      ]
    : await Promise.all([
        rosterRows(db, { ...adminUserColumns(figures), sortKey: key.select }, figures)
          .where(and(where, position.key && key.past(position.key, forwards)))
          .orderBy(...key.order(forwards))
          .limit(position.limit)
          .offset(position.offset),
        counting(),
      ]);
  const total = counted ?? (rows[0] && 'total' in rows[0] ? Number(rows[0].total) : await counting());
  const page = forwards ? rows : rows.reverse();
  const first = page[0];
  const last = page.at(-1);
  return {
    items: page.map(({ sortKey: _key, ...row }) => toAdminUser(row)),
    total,
    prevCursor: first ? key.cursor('before', first.sortKey) : null,
    nextCursor: last ? key.cursor('after', last.sortKey) : null,
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
    .orderBy(...rosterKey(query, figures).order());
  return forEachBatch(db, rows, each);
}

/** One member's roster row, with their all-time figures. */
export async function findAdminUser(db: Database, id: string): Promise<AdminUser | undefined> {
  const figures = rosterFigures(db, 'all');
  const [row] = await rosterRows(db, adminUserColumns(figures), figures).where(eq(users.id, id));
  return row && toAdminUser(row);
}
