import { and, count, eq, ilike, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { AdminUser, UserListQuery, UserPage } from '../../../domain/admin/contracts';
import { attendanceRate } from '../../../domain/attendance/stats';
import { MEMBER_TABLE_PAGE_SIZE } from '../../../domain/network/constants';
import {
  type ChapterScope,
  chapterScopeValues,
  inChapterScope,
  inPreparedChapterScope,
  preparedPerScope,
  type ScopeShape,
  scopeShape,
} from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { asTextColumns, forEachBatch, type TextRow } from '../../db/cursor';
import { driverRows } from '../../db/prepared';
import { chapters, chapterUserTotals, users, userTotals } from '../../db/schema';
import { allTimeFigures, type RosterFigures, rosterFigures } from './roster-figures';
import {
  keptRosterKey,
  lastPageRows,
  type PagePosition,
  pagePosition,
  type RosterKey,
  rosterKey,
} from './roster-keyset';

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
  late: figures.late,
  substitute: figures.substitute,
  // The chapter's lates rule, for the rate: a key lookup per row of a page.
  latesPerAbsence: sql<
    number | null
  >`(select c.lates_per_absence from ${chapters} c where c.id = ${users.chapterId})`,
});

/**
 * A roster row's columns as the API holds them (docs/decisions/0029): the day joined as `toISOString`
 * writes it, the dues as the numeric's text, the counts as integers, each named as the API names it, so
 * the driver's row needs no mapping.
 */
function servedColumns(figures: RosterFigures) {
  const columns: Record<string, SQLWrapper> = {
    ...adminUserColumns(figures),
    createdAt: sql`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  };
  return Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, sql`${column}`.as(name)]));
}
type ServedRow = Omit<AdminUser, 'attendanceRate'> & {
  present: number;
  absent: number;
  late: number;
  substitute: number;
  latesPerAbsence: number | null;
};

/** A row as the API sends it: every field named here (the allowlist), the rate by the domain's rule. */
const toAdminUser = (row: ServedRow): AdminUser => ({
  id: row.id,
  email: row.email,
  role: row.role,
  firstName: row.firstName,
  lastName: row.lastName,
  businessName: row.businessName,
  position: row.position,
  industry: row.industry,
  personalEmail: row.personalEmail,
  personalPhone: row.personalPhone,
  businessEmail: row.businessEmail,
  businessPhone: row.businessPhone,
  annualDuesOverride: row.annualDuesOverride,
  missedMeetingLimit: row.missedMeetingLimit,
  avatarColor: row.avatarColor,
  profileImageUrl: row.profileImageUrl,
  createdAt: row.createdAt,
  referralsGiven: row.referralsGiven,
  referralsReceived: row.referralsReceived,
  attendanceRate: rosterAttendanceRate(row),
});

/** A page row: the served columns and the row's sort key. */
const pageRowColumns = (figures: RosterFigures, key: RosterKey) => ({
  ...servedColumns(figures),
  sortKey: key.select.as('sortKey'),
});
type PageRow = ServedRow & { sortKey: string };

export type RosterFilters = Omit<UserListQuery, 'page' | 'cursor' | 'skip'>;

/** The roster's rows: each member joined to their figures (one row each). */
const rosterRows = <T extends SelectedFields>(db: Database, columns: T, figures: RosterFigures) =>
  db.select(columns).from(users).innerJoin(figures, eq(figures.memberId, users.id));

/** The actor's chapters (docs/decisions/0032); search over name, business and email; role and industry filters. */
function rosterWhere(query: RosterFilters, scope: ChapterScope): SQL | undefined {
  const needle = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return and(
    inChapterScope(scope, users.chapterId),
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

// The accounts in the actor's chapters, kept by triggers (every account: migration 0023; each chapter's:
// 0025): the unfiltered roster's total, read in its page's own statement (or alone, to step back whole
// pages from the end).
const keptTotal = (shape: ScopeShape) =>
  shape === 'all'
    ? sql<string | number>`(select ${userTotals.userCount} from ${userTotals})`
    : sql<string | number>`(select ${chapterUserTotals.userCount} from ${chapterUserTotals}
        where ${chapterUserTotals.chapterId} = ${sql.placeholder('chapterId')}::uuid)`;
const keptTotalQuery = preparedPerScope((db: Database, shape) =>
  db
    .select({ n: sql<number>`coalesce(${keptTotal(shape)}, 0)`.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare(`roster_total_${shape}`),
);

const isUnfiltered = (query: UserListQuery) =>
  !query.q && !query.role && !query.industry && query.period === 'all';

/** A prepared page's shape: its reading direction, whether it starts after a key, and whether it skips
 * some (an offset). */
type PagePlan = Pick<PagePosition, 'forwards'> & { after: boolean; offset: boolean; shape: ScopeShape };

/**
 * The unfiltered all-time page for one sort, direction, reading direction, cursor or none and row count,
 * prepared once per database and carrying the kept total: one statement. Its LIMIT is written in (the
 * page's size) and it has no OFFSET unless it skips: PostgreSQL then reuses one generic plan, where with an
 * unknown LIMIT it guessed a tenth of the table and planned every execution anew (twice the page's own
 * cost: docs/decisions/0029).
 */
const preparedPages = new WeakMap<Database, Map<string, ReturnType<typeof preparePage>>>();
function preparePage(db: Database, query: Pick<UserListQuery, 'sort' | 'dir'>, plan: PagePlan) {
  const figures = allTimeFigures(db);
  const key = keptRosterKey({ ...query, period: 'all' }, figures);
  const name = `roster_${plan.shape}_${query.sort}_${query.dir}_${plan.forwards ? 'f' : 'b'}${plan.after ? '_after' : ''}${plan.offset ? '_skip' : ''}`;
  const page = rosterRows(
    db,
    { ...pageRowColumns(figures, key), accountCount: keptTotal(plan.shape).as('accountCount') },
    figures,
  )
    .where(
      and(
        inPreparedChapterScope(plan.shape, users.chapterId),
        plan.after ? key.past(key.placeholders, plan.forwards) : undefined,
      ),
    )
    .orderBy(...key.order(plan.forwards))
    // Drizzle sends a number as a parameter; a literal is what lets the plan be reused (see above).
    .limit(sql.raw(String(MEMBER_TABLE_PAGE_SIZE)) as unknown as number);
  return (plan.offset ? page.offset(sql.placeholder('offset')) : page).prepare(name);
}
function preparedPage(db: Database, query: UserListQuery, plan: PagePlan) {
  const pages = preparedPages.get(db) ?? new Map<string, ReturnType<typeof preparePage>>();
  preparedPages.set(db, pages);
  const id = `${plan.shape}|${query.sort}|${query.dir}|${plan.forwards}|${plan.after}|${plan.offset}`;
  const page = pages.get(id) ?? preparePage(db, query, plan);
  pages.set(id, page);
  return page;
}

/**
 * The roster page: search, filters, any sort, 15 a page, keyset (docs/decisions/0027): the page walks the
 * sort's index from its cursor, however deep. Unfiltered, one prepared statement carrying the kept total;
 * filtered, two queries (the page and its count).
 */
export async function listUsers(
  db: Database,
  query: UserListQuery,
  scope: ChapterScope,
  warn?: (error: unknown) => void,
): Promise<UserPage> {
  const where = rosterWhere(query, scope);
  const figures = await rosterFigures(db, query.period, scope, { warn });
  const key = query.period === 'all' ? keptRosterKey(query, figures) : rosterKey(query, figures);
  const unfiltered = isUnfiltered(query);
  const inScope = chapterScopeValues(scope);
  const counting = async () =>
    unfiltered
      ? ((await keptTotalQuery(db, scope).execute(inScope))[0]?.n ?? 0)
      : ((await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0);
  const position = await pagePosition(query, key, counting);
  const { forwards } = position;
  const plan = {
    forwards,
    after: position.key !== undefined,
    offset: position.offset > 0,
    shape: scopeShape(scope),
  };
  const [rows, counted]: [(PageRow & { accountCount?: string | number })[], number | undefined] = unfiltered
    ? [
        await driverRows<PageRow & { accountCount: string | number }>(preparedPage(db, query, plan), {
          ...inScope,
          offset: position.offset,
          ...Object.fromEntries((position.key ?? []).map((v, i) => [`k${i}`, v])),
        }),
        undefined,
      ]
    : await Promise.all([
        rosterRows(db, pageRowColumns(figures, key), figures)
          .where(and(where, position.key && key.past(position.key, forwards)))
          .orderBy(...key.order(forwards))
          .limit(MEMBER_TABLE_PAGE_SIZE)
          .offset(position.offset) as Promise<unknown> as Promise<PageRow[]>,
        counting(),
      ]);
  const total = counted ?? (rows[0] ? Number(rows[0].accountCount) : await counting());
  const read = position.last ? lastPageRows(rows, total) : rows;
  const page = forwards ? read : read.reverse();
  const first = page[0];
  const last = page.at(-1);
  const cursor = (edge: 'before' | 'after', row: PageRow | undefined) =>
    row ? key.cursor(edge, JSON.parse(row.sortKey)) : null;
  return {
    items: page.map(toAdminUser),
    total,
    prevCursor: cursor('before', first),
    nextCursor: cursor('after', last),
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
export async function streamRoster(
  db: Database,
  query: RosterFilters,
  scope: ChapterScope,
  each: (rows: RosterExportRow[]) => Promise<void>,
): Promise<void> {
  const figures = await rosterFigures(db, query.period, scope);
  const rows = rosterRows(db, rosterExportColumns(figures), figures)
    .where(rosterWhere(query, scope))
    .orderBy(...rosterKey(query, figures).order());
  return forEachBatch(db, rows, each);
}

/** One member's roster row, with their all-time figures. */
export async function findAdminUser(
  db: Database,
  id: string,
  scope: ChapterScope,
): Promise<AdminUser | undefined> {
  const figures = allTimeFigures(db);
  const [row] = await rosterRows(db, servedColumns(figures), figures).where(
    and(eq(users.id, id), inChapterScope(scope, users.chapterId)),
  );
  return row && toAdminUser(row as ServedRow);
}

/** A roster row's rate by the domain's one rule, from its counts (as numbers or a CSV cursor's text). */
export const rosterAttendanceRate = (row: {
  present: number | string | null;
  absent: number | string | null;
  late: number | string | null;
  substitute: number | string | null;
  latesPerAbsence: number | string | null;
}) =>
  attendanceRate(
    {
      totalPresent: Number(row.present ?? 0),
      totalAbsent: Number(row.absent ?? 0),
      totalExcused: 0,
      totalLate: Number(row.late ?? 0),
      totalSubstitute: Number(row.substitute ?? 0),
    },
    {
      latesPerAbsence: row.latesPerAbsence === null ? null : Number(row.latesPerAbsence),
      substituteLimit: null,
    },
  );
