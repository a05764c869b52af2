import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { ROSTER_END, type UserListQuery } from '../../../domain/admin/contracts';
import { MEMBER_TABLE_PAGE_SIZE } from '../../../domain/network/constants';
import { isRole } from '../../../domain/roles/roles';
import { users } from '../../db/schema';
import { decodeKeyCursor, encodeKeyCursor, type KeyPartCheck } from '../../http/keyset-cursor';
import { isUuid } from '../../lib/uuid';
import type { RosterFigures } from './roster-figures';

/** A sort key part's SQL type, to read a cursor's text back as the index holds it. */
type PartType = 'text' | 'numeric' | 'integer' | 'timestamptz' | 'user_role' | 'uuid';

const CHECKS: Record<PartType, KeyPartCheck> = {
  text: () => true,
  numeric: (v) => /^-?\d+(\.\d+)?$/.test(v),
  integer: (v) => /^-?\d{1,10}$/.test(v),
  timestamptz: (v) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(v),
  user_role: isRole,
  uuid: isUuid,
};

interface KeyPart {
  sql: SQL | SQLColumn;
  type: PartType;
}
type SQLColumn = Parameters<typeof asc>[0];

const lowerOf = (column: SQLColumn): KeyPart => ({ sql: sql`lower(coalesce(${column}, ''))`, type: 'text' });
const part = (column: SQLColumn, type: PartType): KeyPart => ({ sql: sql`${column}`, type });
const userId = part(users.id, 'uuid');

/**
 * Each sort's key: never null, unique (the id last), and for all time exactly the columns of one index
 * (users_roster_*_idx, member_totals_*_idx, migration 0022), so a page in either direction is an index
 * range scan from its cursor, never a sort of every member. A period's attendance and referral keys are
 * its sums (roster-figures.ts).
 */
const sortKeys = (figures: RosterFigures): Record<UserListQuery['sort'], KeyPart[]> => {
  const memberId = part(figures.memberId, 'uuid');
  return {
    name: [lowerOf(users.firstName), lowerOf(users.lastName), userId],
    business: [lowerOf(users.businessName), userId],
    industry: [lowerOf(users.industry), userId],
    role: [part(users.role, 'user_role'), userId],
    attendance: [part(figures.attendanceOrder, 'numeric'), memberId],
    referrals: [part(figures.referralCount, 'integer'), memberId],
    joined: [part(users.createdAt, 'timestamptz'), userId],
  };
};

const list = (parts: SQL[]) => sql.join(parts, sql`, `);

/**
 * One sort's key over `figures` (all time or a period's): its select (as text), its order, its cursors
 * and where a cursor's page starts.
 */
export function rosterKey(
  { sort, dir, period }: Pick<UserListQuery, 'sort' | 'dir' | 'period'>,
  figures: RosterFigures,
) {
  const parts = sortKeys(figures)[sort];
  return {
    /** The key's parts as a JSON array of text (JSON.parse reads it natively; a PostgreSQL array is parsed in JS). */
    select: sql<string>`json_build_array(${list(parts.map((p) => sql`(${p.sql})::text`))})::text`,
    /** ORDER BY for reading the list's way (`forwards`), or against it to read a page before a cursor. */
    order: (forwards = true) => parts.map((p) => (forwards === (dir === 'asc') ? asc(p.sql) : desc(p.sql))),
    cursor: (edge: 'after' | 'before', key: string[]) => encodeKeyCursor([sort, dir, period, edge, ...key]),
    /** The side and key of a cursor this list wrote: any other (sort, direction, period, edited) is a 400. */
    read(cursor: string) {
      const checks: KeyPartCheck[] = [
        (v) => v === sort,
        (v) => v === dir,
        (v) => v === period,
        (v) => v === 'after' || v === 'before',
        ...parts.map((p) => CHECKS[p.type]),
      ];
      const [, , , edge, ...key] = decodeKeyCursor(cursor, checks) as string[];
      return { forwards: edge === 'after', key };
    },
    /**
     * The rows past a key in the order the page is read (`values` its parts, each cast to its type): a row
     * comparison the index can start at. Ascending forwards, or descending backwards, is "greater than".
     */
    past(values: readonly unknown[], forwards: boolean) {
      const typed = values.map((v, i) => sql`cast(${v} as ${sql.raw(parts[i]!.type)})`);
      const greater = forwards === (dir === 'asc');
      return sql`(${list(parts.map((p) => sql`${p.sql}`))}) ${sql.raw(greater ? '>' : '<')} (${list(typed)})`;
    },
    /** Placeholders `k0`, `k1`... for a key's parts in a prepared page. */
    placeholders: parts.map((_, i) => sql.placeholder(`k${i}`)),
  };
}

export type RosterKey = ReturnType<typeof rosterKey>;

const keptKeys = new WeakMap<RosterFigures, Map<string, RosterKey>>();
/**
 * `rosterKey`, built once per sort and direction over figures that are themselves kept (all time's, one
 * per database): building a key composes SQL for every sort, work a hot page need not redo.
 */
export function keptRosterKey(query: Pick<UserListQuery, 'sort' | 'dir' | 'period'>, figures: RosterFigures) {
  const keys = keptKeys.get(figures) ?? new Map<string, RosterKey>();
  keptKeys.set(figures, keys);
  const id = `${query.sort}|${query.dir}|${query.period}`;
  const key = keys.get(id) ?? rosterKey(query, figures);
  keys.set(id, key);
  return key;
}

/** Where a page starts (after `key`, when there is one) and which way it is read. */
export interface PagePosition {
  key: string[] | undefined;
  forwards: boolean;
  offset: number;
  /** The last page: a page's worth read backwards from the end, cut to the rows the last page holds
   * once the total is known (read with the page, so the last page is one statement). */
  last?: true;
}

/** The rows of the last page among `rows` read backwards from the end, of `total` in all. */
export const lastPageRows = <T>(rows: T[], total: number) =>
  rows.slice(0, total % MEMBER_TABLE_PAGE_SIZE || MEMBER_TABLE_PAGE_SIZE);

/**
 * The page a request asks for: after or before a cursor (plus `skip` pages), the last page (read
 * backwards from the end, as many rows as the last page holds), or by number without a cursor.
 */
export async function pagePosition(
  query: UserListQuery,
  key: RosterKey,
  total: () => Promise<number>,
): Promise<PagePosition> {
  const size = MEMBER_TABLE_PAGE_SIZE;
  if (query.cursor === ROSTER_END) {
    if (query.skip === 0) return { key: undefined, forwards: false, offset: 0, last: true };
    const lastPageSize = (await total()) % size || size;
    return { key: undefined, forwards: false, offset: lastPageSize + (query.skip - 1) * size };
  }
  if (query.cursor === undefined)
    return { key: undefined, forwards: true, offset: (query.page - 1 + query.skip) * size };
  const { forwards, key: after } = key.read(query.cursor);
  return { key: after, forwards, offset: query.skip * size };
}
