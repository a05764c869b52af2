import { aliasedTable, and, asc, count, desc, eq, not, or, type SQL, sql } from 'drizzle-orm';
import {
  type ApplicationFull,
  type ApplicationRowSummary,
  type ApplicationSummary,
  DECIDED_PAGE_SIZE,
  type ReviewerApplicationList,
  type ReviewNote,
  type ReviewNoteAudience,
} from '../../../domain/applications/contracts';
import { canReviewApplications, type Role } from '../../../domain/roles/roles';
import {
  type ChapterScope,
  chapterScopeOf,
  chapterScopeValues,
  inChapterScope,
  inPreparedChapterScope,
  preparedPerScope,
} from '../../db/chapter-scope';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { type ApplicationRow, applicationReviewNotes, applications, users } from '../../db/schema';
import { seatHolderId } from '../../db/seat-holder';

const isOpen: SQL<boolean> = sql`(${applications.status} in ('pending', 'under_review'))`;
const fullName = (table: typeof users) =>
  sql<
    string | null
  >`nullif(trim(coalesce(${table.firstName}, '') || ' ' || coalesce(${table.lastName}, '')), '')`;

const seatHolders = aliasedTable(users, 'seat_holder');
const reviewers = aliasedTable(users, 'reviewer');

/** Applications with who reviewed them and the current seat holder, ready for a `where`. */
function selectWithReviewContext(db: Database) {
  return db
    .select({
      application: applications,
      reviewedBy: fullName(reviewers),
      // The member (not the applicant) already holding the application's industry seat. A sub-select, not a
      // join on the function: under the row-level policies a join condition calling a function (not
      // leakproof) cannot probe the accounts' key, so it read every account of the network.
      holder: sql<string | null>`(select ${fullName(seatHolders)} from ${users} as "seat_holder"
          where "seat_holder"."id" = (select ${seatHolderId(applications.industry, applications.chapterId, applications.userId)}))`,
    })
    .from(applications)
    .leftJoin(reviewers, eq(reviewers.id, applications.reviewedById));
}

interface FullRow {
  application: ApplicationRow;
  holder?: string | null;
  reviewedBy: string | null;
}

export function toFull(
  { application: row, holder, reviewedBy }: FullRow,
  notes: ReviewNote[],
): ApplicationFull {
  const forApplicant = notes.filter((n) => n.audience === 'applicant');
  return {
    view: 'full',
    id: row.id,
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    businessEmail: row.businessEmail,
    phone: row.phone,
    companyName: row.companyName,
    position: row.position,
    industry: row.industry,
    businessDescription: row.businessDescription,
    motivation: row.motivation,
    referralSource: row.referralSource,
    experienceLevel: row.experienceLevel,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy,
    reviewNotes: forApplicant.at(-1)?.note ?? null,
    notes,
    ...(holder !== undefined ? { seatHolder: holder || null } : {}),
  };
}

export function toSummary(row: ApplicationRow, notes: ReviewNote[]): ApplicationSummary {
  return {
    view: 'summary',
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewNotes: notes.filter((n) => n.audience === 'applicant').at(-1)?.note ?? null,
  };
}

function toRowSummary(row: ApplicationRow): ApplicationRowSummary {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    companyName: row.companyName,
    status: row.status,
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

// Arrays bind as one parameter each (`= any($1)`), so the statement's text is the same for any number of ids.
const reviewNotesOf = preparedQuery((db) =>
  db
    .select({ note: applicationReviewNotes, authorName: fullName(users) })
    .from(applicationReviewNotes)
    .leftJoin(users, eq(users.id, applicationReviewNotes.authorId))
    .where(
      and(
        sql`${applicationReviewNotes.applicationId} = any(${sql.placeholder('ids')}::uuid[])`,
        sql`${applicationReviewNotes.audience}::text = any(${sql.placeholder('audiences')}::text[])`,
      ),
    )
    .orderBy(asc(applicationReviewNotes.createdAt), asc(applicationReviewNotes.id))
    .prepare('application_review_notes_of'),
);

/** The notes of many applications in one query, oldest first, grouped by application id. */
async function notesFor(
  db: Database,
  applicationIds: string[],
  audiences: readonly ReviewNoteAudience[],
): Promise<Map<string, ReviewNote[]>> {
  const byApplication = new Map<string, ReviewNote[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await reviewNotesOf(db).execute({ ids: applicationIds, audiences: [...audiences] });
  for (const { note, authorName } of rows) {
    const list = byApplication.get(note.applicationId) ?? [];
    list.push({
      id: note.id,
      audience: note.audience,
      note: note.note,
      status: note.status,
      authorName,
      createdAt: note.createdAt.toISOString(),
    });
    byApplication.set(note.applicationId, list);
  }
  return byApplication;
}

const REVIEWER_AUDIENCES = ['applicant', 'internal'] as const;
const APPLICANT_AUDIENCES = ['applicant'] as const;

export async function listMyApplications(db: Database, userId: string): Promise<ApplicationFull[]> {
  const rows = await db
    .select({ application: applications, reviewedBy: fullName(reviewers) })
    .from(applications)
    .leftJoin(reviewers, eq(reviewers.id, applications.reviewedById))
    .where(eq(applications.userId, userId))
    .orderBy(desc(applications.submittedAt));
  const notes = await notesFor(
    db,
    rows.map((r) => r.application.id),
    APPLICANT_AUDIENCES,
  );
  return rows.map((r) => toFull(r, notes.get(r.application.id) ?? []));
}

const openForReview = preparedPerScope((db: Database, shape) =>
  selectWithReviewContext(db)
    .where(and(isOpen, inPreparedChapterScope(shape, applications.chapterId)))
    .orderBy(desc(applications.submittedAt))
    .prepare(`applications_open_for_review_${shape}`),
);

const decidedPage = preparedPerScope((db: Database, shape) =>
  db
    .select()
    .from(applications)
    .where(and(not(isOpen), inPreparedChapterScope(shape, applications.chapterId)))
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(`applications_decided_page_${shape}`),
);

const decidedCount = preparedPerScope((db: Database, shape) =>
  db
    .select({ n: count() })
    .from(applications)
    .where(and(not(isOpen), inPreparedChapterScope(shape, applications.chapterId)))
    .prepare(`applications_decided_count_${shape}`),
);

/**
 * Reviewers' list in a fixed number of queries: every open application with its seat holder and notes,
 * then one page of decided applications as compact rows, newest first. Prepared, because building these
 * selects cost more CPU than running them (docs/decisions/0010).
 */
export async function listApplicationsForReview(
  db: Database,
  page: number,
  scope: ChapterScope,
): Promise<ReviewerApplicationList> {
  const inScope = chapterScopeValues(scope);
  // Independent reads go out together; only the notes wait for the open applications' ids.
  const [open, decided, [total]] = await Promise.all([
    openForReview(db, scope).execute(inScope),
    decidedPage(db, scope).execute({
      ...inScope,
      limit: DECIDED_PAGE_SIZE,
      offset: (page - 1) * DECIDED_PAGE_SIZE,
    }),
    decidedCount(db, scope).execute(inScope),
  ]);
  const notes = await notesFor(
    db,
    open.map((r) => r.application.id),
    REVIEWER_AUDIENCES,
  );
  return {
    open: open.map((r) => toFull(r, notes.get(r.application.id) ?? [])),
    decided: decided.map(toRowSummary),
    decidedTotal: total?.n ?? 0,
    page,
    pageSize: DECIDED_PAGE_SIZE,
  };
}

/** How many applications wait for a first look (status pending): the Applications tab's badge. */
export async function pendingApplicationCount(db: Database, scope: ChapterScope): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(and(eq(applications.status, 'pending'), inChapterScope(scope, applications.chapterId)));
  return row?.n ?? 0;
}

/** Who is looking: a reviewer, or a signed-in user who is the applicant or someone else. */
export type ApplicationViewer = 'reviewer' | { id: string; role: Role; chapterId: string | null };

/**
 * One application as this viewer may see it (full for reviewers and the applicant, a summary for anyone
 * else), or undefined when there is none: one read of the row, one of its notes.
 */
export async function findApplicationView(db: Database, id: string, who: ApplicationViewer) {
  // Another chapter's application is not found, unless it is the viewer's own (docs/decisions/0032).
  const visible =
    who === 'reviewer'
      ? undefined
      : or(inChapterScope(chapterScopeOf(who), applications.chapterId), eq(applications.userId, who.id));
  const [row] = await selectWithReviewContext(db)
    .where(and(eq(applications.id, id), visible))
    .limit(1);
  if (!row) return undefined;
  const viewer =
    who === 'reviewer' || canReviewApplications(who.role)
      ? 'reviewer'
      : row.application.userId === who.id
        ? 'applicant'
        : 'other';
  const audiences = viewer === 'reviewer' ? REVIEWER_AUDIENCES : APPLICANT_AUDIENCES;
  const notes = (await notesFor(db, [id], audiences)).get(id) ?? [];
  if (viewer === 'reviewer') return toFull(row, notes);
  if (viewer === 'applicant')
    return toFull({ application: row.application, reviewedBy: row.reviewedBy }, notes);
  return toSummary(row.application, notes);
}

export async function hasOpenApplication(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.userId, userId), isOpen))
    .limit(1);
  return rows.length > 0;
}
