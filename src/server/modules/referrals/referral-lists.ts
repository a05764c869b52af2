import { and, desc, eq, isNotNull, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { toEnteredBy } from '../../../domain/members/entered-by';
import {
  MAX_REFERRAL_PAGE_SIZE,
  type PageQuery,
  REFERRAL_DIRECTIONS,
  type Referral,
  type ReferralExportQuery,
  type ReferralListQuery,
  type ReferralPage,
  type ReferralProposal,
  type ReferralSummary,
} from '../../../domain/referrals/contracts';
import type { Database } from '../../db/client';
import { moneyTotal } from '../../db/money-sql';
import { preparedQuery } from '../../db/prepared';
import { referralProposals, referrals, users } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../http/keyset-cursor';
import { toProposal } from './referral-proposals';

/** Referral lists as their parties see them: one query per page, with both parties' names. */

const referrer = alias(users, 'referrer');
const reporter = alias(users, 'reporter');
const enterer = alias(users, 'enterer');

/** A referral with both parties' names: one query for any list, whatever its length. */
const referralColumns = {
  id: referrals.id,
  status: referrals.status,
  referralType: referrals.referralType,
  amount: referrals.amount,
  customerName: referrals.customerName,
  saleDate: referrals.saleDate,
  notes: referrals.notes,
  createdAt: referrals.createdAt,
  updatedAt: referrals.updatedAt,
  referrerId: referrals.referrerId,
  reporterId: referrals.reporterId,
  createdById: referrals.createdById,
  referrerFirstName: referrer.firstName,
  referrerLastName: referrer.lastName,
  referrerBusinessName: referrer.businessName,
  reporterFirstName: reporter.firstName,
  reporterLastName: reporter.lastName,
  reporterBusinessName: reporter.businessName,
  enteredByFirstName: enterer.firstName,
  enteredByLastName: enterer.lastName,
  enteredByEmail: enterer.email,
  enteredByRole: enterer.role,
  // The pending proposal, if any (at most one: a partial unique index).
  proposalId: referralProposals.id,
  proposalKind: referralProposals.kind,
  proposalById: referralProposals.proposedById,
  proposalAmount: referralProposals.amount,
  proposalSaleDate: referralProposals.saleDate,
  proposalCreatedAt: referralProposals.createdAt,
};

type ListedReferralRow = Omit<Referral, 'createdAt' | 'updatedAt' | 'proposal' | 'enteredBy'> & {
  enteredByFirstName: string | null;
  enteredByLastName: string | null;
  enteredByEmail: string | null;
  enteredByRole: string | null;
  createdAt: Date;
  updatedAt: Date;
  proposalId: string | null;
  proposalKind: ReferralProposal['kind'] | null;
  proposalById: string | null;
  proposalAmount: string | null;
  proposalSaleDate: string | null;
  proposalCreatedAt: Date | null;
};

const toReferral = ({
  proposalId,
  proposalKind,
  proposalById,
  proposalAmount,
  proposalSaleDate,
  proposalCreatedAt,
  enteredByFirstName,
  enteredByLastName,
  enteredByEmail,
  enteredByRole,
  ...row
}: ListedReferralRow): Referral => ({
  ...row,
  enteredBy: toEnteredBy({
    firstName: enteredByFirstName,
    lastName: enteredByLastName,
    email: enteredByEmail,
    role: enteredByRole,
  }),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  proposal:
    proposalId && proposalKind && proposalCreatedAt
      ? toProposal({
          id: proposalId,
          kind: proposalKind,
          proposedById: proposalById,
          amount: proposalAmount,
          saleDate: proposalSaleDate,
          createdAt: proposalCreatedAt,
        })
      : null,
});

function selectReferrals(db: Database, where: SQL | undefined) {
  return db
    .select(referralColumns)
    .from(referrals)
    .leftJoin(referrer, eq(referrer.id, referrals.referrerId))
    .leftJoin(reporter, eq(reporter.id, referrals.reporterId))
    .leftJoin(enterer, eq(enterer.id, referrals.enteredById))
    .leftJoin(
      referralProposals,
      and(eq(referralProposals.referralId, referrals.id), eq(referralProposals.status, 'pending')),
    )
    .where(where)
    .orderBy(desc(referrals.saleDate), desc(referrals.id));
}

type ReferralRows = Awaited<ReturnType<typeof selectReferrals>>;

/** A member's id in a prepared list: the value is given when it runs. */
const MEMBER: Placeholder = sql.placeholder('userId');

/**
 * The first page of a list (no cursor yet), as a prepared statement: what every dashboard and every list
 * opens with, planned once per connection instead of on every request (planning these joins cost PostgreSQL
 * more than running them). `where` names the member as `MEMBER`.
 */
const preparedFirstPage = (name: string, where: SQL | undefined) => {
  const prepared = preparedQuery((db: Database) =>
    selectReferrals(db, where).limit(sql.placeholder('limit')).prepare(name),
  );
  return (db: Database, userId: string) =>
    (limit: number): Promise<ReferralRows> =>
      prepared(db).execute({ userId, limit });
};

/**
 * One page of `where`, newest sale first, keyset on (sale date, id): the page after `cursor` is found
 * through the index, however deep, and one row more than asked says whether another page follows. The first
 * page comes from `firstPage` when the list has a prepared one (the same `where`, prepared).
 */
async function pageOf(
  db: Database,
  where: SQL | undefined,
  page: PageQuery,
  firstPage?: (limit: number) => Promise<ReferralRows>,
): Promise<ReferralPage> {
  const after = decodeCursor(page.cursor);
  const keyset = after
    ? sql`(${referrals.saleDate}, ${referrals.id}) < (${after.date}::date, ${after.id}::uuid)`
    : undefined;
  const rows =
    !after && firstPage
      ? await firstPage(page.limit + 1)
      : await selectReferrals(db, and(where, keyset)).limit(page.limit + 1);
  const items = rows.slice(0, page.limit).map(toReferral);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > page.limit && last ? encodeCursor({ date: last.saleDate, id: last.id }) : null,
  };
}

const asParty = (userId: string | Placeholder) =>
  or(eq(referrals.referrerId, userId), eq(referrals.reporterId, userId));

const inDirection = (userId: string | Placeholder, direction: ReferralExportQuery['direction']) =>
  direction === 'given'
    ? eq(referrals.referrerId, userId)
    : direction === 'received'
      ? eq(referrals.reporterId, userId)
      : asParty(userId);

const listFilter = (userId: string, query: ReferralExportQuery) =>
  and(inDirection(userId, query.direction), query.status ? eq(referrals.status, query.status) : undefined);

/** The history's first page in each direction, of every status (the Referral History card as it opens). */
const historyFirstPage = Object.fromEntries(
  REFERRAL_DIRECTIONS.map((direction) => [
    direction,
    preparedFirstPage(`referrals_first_page_${direction}`, inDirection(MEMBER, direction)),
  ]),
) as Record<ReferralExportQuery['direction'], ReturnType<typeof preparedFirstPage>>;

/** A page of my referrals, both directions or one, optionally of one status; newest sale first. */
export function listReferralsFor(
  db: Database,
  userId: string,
  query: ReferralListQuery,
): Promise<ReferralPage> {
  const firstPage = query.status ? undefined : historyFirstPage[query.direction](db, userId);
  return pageOf(db, listFilter(userId, query), query, firstPage);
}

/** How many referrals one export query reads: the keyset walks the history a page at a time. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * All of my referrals for the CSV export, newest sale first, read a page at a time along the same keyset
 * as the history (each page found through the index), so memory holds one page whatever the history.
 */
export async function* exportReferralsFor(
  db: Database,
  userId: string,
  query: ReferralExportQuery,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<Referral> {
  let cursor: string | undefined;
  do {
    const page = await pageOf(db, listFilter(userId, query), { limit: pageSize, cursor });
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** Pending, I am a party, and the other party created them. */
const waitingForMe = (userId: string | Placeholder) =>
  and(eq(referrals.status, 'pending'), asParty(userId), ne(referrals.createdById, userId));
const pendingFirstPage = preparedFirstPage('referrals_pending_first_page', waitingForMe(MEMBER));

/** A page of referrals waiting for my decision (`waitingForMe`). */
export function listPendingFor(db: Database, userId: string, page: PageQuery): Promise<ReferralPage> {
  return pageOf(db, waitingForMe(userId), page, pendingFirstPage(db, userId));
}

const APPROVED = sql`${referrals.status} = 'approved'`;
const summaryOf = preparedQuery((db: Database) =>
  db
    .select({
      total: sql<number>`count(*)::int`,
      approved: sql<number>`count(*) filter (where ${APPROVED})::int`,
      receivedRevenue: moneyTotal(
        sql`sum(${referrals.amount}) filter (where ${APPROVED} and ${referrals.referrerId} = ${MEMBER})`,
      ),
    })
    .from(referrals)
    .where(asParty(MEMBER))
    .prepare('referral_summary'),
);

/**
 * The Referral History card's totals over all my referrals, in one query apart from the pages: how many,
 * how many approved, and Received Revenue (the amounts of approved referrals where I am the referrer).
 */
export async function referralSummaryFor(db: Database, userId: string): Promise<ReferralSummary> {
  const [row] = await summaryOf(db).execute({ userId });
  return row ?? { total: 0, approved: 0, receivedRevenue: '0.00' };
}

const waitingCountOf = preparedQuery((db: Database) =>
  db
    .select({ n: sql<number>`count(*)::int` })
    .from(referrals)
    .leftJoin(
      referralProposals,
      and(eq(referralProposals.referralId, referrals.id), eq(referralProposals.status, 'pending')),
    )
    .where(
      and(
        asParty(MEMBER),
        or(
          and(eq(referrals.status, 'pending'), ne(referrals.createdById, MEMBER)),
          and(isNotNull(referralProposals.id), ne(referralProposals.proposedById, MEMBER)),
        ),
      ),
    )
    .prepare('referrals_waiting_count'),
);

/**
 * How many referrals wait on me, for the Referral Metrics tab's badge: pending ones the other party
 * created, plus approved ones whose change or removal the other party proposed. One query.
 */
export async function waitingCountFor(db: Database, userId: string): Promise<number> {
  const [row] = await waitingCountOf(db).execute({ userId });
  return row?.n ?? 0;
}

const proposalsOf = preparedQuery((db: Database) =>
  selectReferrals(
    db,
    and(isNotNull(referralProposals.id), asParty(MEMBER), ne(referralProposals.proposedById, MEMBER)),
  )
    .limit(MAX_REFERRAL_PAGE_SIZE) // a member answers these one by one; more would wait for the next load
    .prepare('referrals_proposals'),
);

/** Approved referrals with a change or removal waiting for my answer (the other party proposed it). */
export async function listProposalsFor(db: Database, userId: string): Promise<Referral[]> {
  const rows = await proposalsOf(db).execute({ userId });
  return rows.map(toReferral);
}

/** One referral with names, only if `userId` is a party (anyone else may not know it exists). */
export async function findReferralFor(
  db: Database,
  id: string,
  userId: string,
): Promise<Referral | undefined> {
  const [row] = await selectReferrals(db, and(eq(referrals.id, id), asParty(userId)));
  return row && toReferral(row);
}
