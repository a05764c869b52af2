import { eq, inArray, sql } from 'drizzle-orm';
import { IMPORT_MESSAGES } from '../../../domain/imports/contracts';
import type { AttendanceRow, ReferralRow } from '../../../domain/imports/rows';
import type { ReferralEventKind } from '../../../domain/referrals/status';
import { chapterOnly, inChapterScope } from '../../db/chapter-scope';
import { type Database, selectRows } from '../../db/client';
import { attendanceRecords, referralEvents, referrals, users } from '../../db/schema';
import {
  type ChapterImporter,
  chunks,
  type ImportPlan,
  type PlannedRow,
  refuseRepeats,
  summarize,
  validRows,
} from './plan-rows';

/** Account ids by lower-case email, for the emails a file names (one query). */
async function accountsByEmail(
  db: Database,
  chapterId: string,
  emails: Iterable<string>,
): Promise<Map<string, string>> {
  const list = [...new Set(emails)];
  if (list.length === 0) return new Map();
  // Another chapter's member is no member here: the import names only the chapter's own (docs/decisions/0032).
  const rows = await selectRows<{ id: string; email: string }>(
    db,
    sql`select id, lower(email) as email from ${users}
          where ${inArray(sql`lower(email)`, list)} and ${inChapterScope(chapterOnly(chapterId), users.chapterId)}`,
  );
  return new Map(rows.map((r) => [r.email, r.id]));
}

/** Each party must have an account already: members are imported first. */
function idsOf(row: PlannedRow<unknown>, accounts: Map<string, string>, emails: string[]) {
  const ids = emails.map((email) => {
    const id = accounts.get(email);
    if (!id) row.errors.push(IMPORT_MESSAGES.noSuchMember(email));
    return id;
  });
  return ids.every((id) => id !== undefined) ? (ids as string[]) : undefined;
}

const referralKey = (r: {
  referrerId: string;
  reporterId: string;
  saleDate: string;
  amount: string;
  customer: string;
}) => [r.referrerId, r.reporterId, r.saleDate, r.amount, r.customer.toLowerCase()].join('|');

/**
 * Past referrals: both parties by email. A referral is the same one when its parties, date,
 * amount and customer match, so importing a file again changes only a status that changed. Approved ones
 * count in every figure, which are all read from the referrals themselves.
 */
export async function planReferrals(
  db: Database,
  importer: ChapterImporter,
  rows: PlannedRow<ReferralRow>[],
): Promise<ImportPlan> {
  refuseRepeats(
    rows,
    (v) =>
      [v.referrerEmail, v.recipientEmail, v.date, v.amount, (v.customerName ?? '').toLowerCase()].join('|'),
    () => 'The same referral',
  );
  const readable = validRows(rows);
  const accounts = await accountsByEmail(
    db,
    importer.chapterId,
    readable.flatMap((r) => [r.value.referrerEmail, r.value.recipientEmail]),
  );
  const stored = new Map<string, { id: string; status: string }>();
  const referrerIds = [...new Set(readable.flatMap((r) => accounts.get(r.value.referrerEmail) ?? []))];
  if (referrerIds.length > 0)
    for (const r of await selectRows<{
      id: string;
      referrer_id: string;
      reporter_id: string;
      sale_date: string;
      amount: string;
      customer: string;
      status: string;
    }>(
      db,
      sql`select id, referrer_id, reporter_id, sale_date::text, amount::text, coalesce(customer_name, '') as customer, status
            from referrals where ${inArray(sql`referrer_id`, referrerIds)} and reporter_id is not null`,
    ))
      stored.set(
        referralKey({
          referrerId: r.referrer_id,
          reporterId: r.reporter_id,
          saleDate: r.sale_date,
          amount: r.amount,
          customer: r.customer,
        }),
        r,
      );

  const creates: (typeof referrals.$inferInsert)[] = [];
  const statusChanges: { id: string; status: ReferralRow['status'] }[] = [];
  for (const row of readable) {
    const v = row.value;
    if (v.referrerEmail === v.recipientEmail) row.errors.push(IMPORT_MESSAGES.samePerson);
    const ids = idsOf(row, accounts, [v.referrerEmail, v.recipientEmail]);
    if (!ids || row.errors.length > 0) continue;
    const [referrerId, reporterId] = ids as [string, string];
    const match = stored.get(
      referralKey({
        referrerId,
        reporterId,
        saleDate: v.date,
        amount: v.amount,
        customer: v.customerName ?? '',
      }),
    );
    if (!match) {
      row.action = 'create';
      creates.push({
        referrerId,
        reporterId,
        createdById: importer.id,
        status: v.status,
        referralType: v.type,
        amount: v.amount,
        saleDate: v.date,
        customerName: v.customerName,
        notes: v.notes,
      });
    } else if (match.status !== v.status) {
      row.action = 'update';
      statusChanges.push({ id: match.id, status: v.status });
    } else row.action = 'unchanged';
  }

  return {
    ...summarize(rows),
    newIndustries: [],
    write: async (tx) => {
      for (const chunk of chunks(creates)) {
        const ids = await tx.insert(referrals).values(chunk).returning({ id: referrals.id });
        await tx
          .insert(referralEvents)
          .values(ids.map(({ id }) => ({ referralId: id, actorId: importer.id, kind: 'created' as const })));
      }
      for (const change of statusChanges) {
        await tx
          .update(referrals)
          .set({ status: change.status, updatedAt: new Date() })
          .where(eq(referrals.id, change.id));
        const kind: ReferralEventKind = change.status === 'pending' ? 'edited' : change.status;
        await tx.insert(referralEvents).values({ referralId: change.id, actorId: importer.id, kind });
      }
    },
  };
}

/**
 * Past attendance: one record per member and meeting date, so a second import of the same
 * sheet updates a changed status instead of adding a meeting.
 */
export async function planAttendance(
  db: Database,
  importer: ChapterImporter,
  rows: PlannedRow<AttendanceRow>[],
): Promise<ImportPlan> {
  refuseRepeats(
    rows,
    (v) => `${v.email}|${v.date}`,
    (v) => `${v.email} on ${v.date}`,
  );
  const readable = validRows(rows);
  const accounts = await accountsByEmail(
    db,
    importer.chapterId,
    readable.map((r) => r.value.email),
  );
  const memberIds = [...new Set(accounts.values())];
  const stored = new Map<string, { status: string; notes: string | null }>();
  if (memberIds.length > 0)
    for (const r of await selectRows<{
      member_id: string;
      meeting_date: string;
      status: string;
      notes: string | null;
    }>(
      db,
      sql`select member_id, meeting_date::text, status, notes from attendance_records
            where ${inArray(sql`member_id`, memberIds)}`,
    ))
      stored.set(`${r.member_id}|${r.meeting_date}`, r);

  const writes: (typeof attendanceRecords.$inferInsert)[] = [];
  for (const row of readable) {
    const v = row.value;
    const ids = idsOf(row, accounts, [v.email]);
    if (!ids) continue;
    const memberId = ids[0] as string;
    const current = stored.get(`${memberId}|${v.date}`);
    const notes = v.notes ?? current?.notes ?? null;
    row.action = !current
      ? 'create'
      : current.status !== v.status || current.notes !== notes
        ? 'update'
        : 'unchanged';
    if (row.action !== 'unchanged')
      writes.push({ memberId, meetingDate: v.date, status: v.status, notes, recordedById: importer.id });
  }

  return {
    ...summarize(rows),
    newIndustries: [],
    write: async (tx) => {
      for (const chunk of chunks(writes))
        await tx
          .insert(attendanceRecords)
          .values(chunk)
          .onConflictDoUpdate({
            target: [attendanceRecords.memberId, attendanceRecords.meetingDate],
            set: {
              status: sql`excluded.status`,
              notes: sql`excluded.notes`,
              recordedById: sql`excluded.recorded_by_id`,
              updatedAt: sql`now()`,
            },
          });
    },
  };
}
