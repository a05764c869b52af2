import { inArray, sql } from 'drizzle-orm';
import { addDays } from '../../../domain/attendance/meeting-day';
import { IMPORT_MESSAGES } from '../../../domain/imports/contracts';
import { isOneWeek, PALMS_STATUSES, type PalmsRow } from '../../../domain/imports/rows';
import { type Database, selectRows } from '../../db/client';
import { attendanceRecords, importedPalms, users } from '../../db/schema';
import {
  type ChapterImporter,
  chunks,
  type ImportPlan,
  type PlannedRow,
  refuseRepeats,
  summarize,
  validRows,
} from './plan-rows';

type Counts = Omit<
  typeof importedPalms.$inferInsert,
  'id' | 'chapterId' | 'memberId' | 'periodStart' | 'periodEnd' | 'importedById' | 'createdAt' | 'updatedAt'
>;
const COUNT_KEYS = [
  'present',
  'absent',
  'late',
  'excused',
  'substitute',
  'givenInside',
  'givenOutside',
  'receivedInside',
  'receivedOutside',
  'visitors',
  'oneToOnes',
  'closedBusiness',
  'educationUnits',
  'testimonials',
] as const satisfies readonly (keyof Counts)[];
const nameKey = (first: string, last: string) => `${first.trim().toLowerCase()} ${last.trim().toLowerCase()}`;

/** The chapter's accounts by email and by first and last name (one query). */
async function chapterAccounts(db: Database, chapterId: string) {
  const rows = await selectRows<{ id: string; email: string; first: string; last: string }>(
    db,
    sql`select id, lower(email) as email, coalesce(first_name, '') as first, coalesce(last_name, '') as last
        from ${users} where chapter_id = ${chapterId}`,
  );
  const byEmail = new Map(rows.map((r) => [r.email, r.id]));
  const byName = new Map<string, string[]>();
  for (const r of rows)
    byName.set(nameKey(r.first, r.last), [...(byName.get(nameKey(r.first, r.last)) ?? []), r.id]);
  return { byEmail, byName };
}

/** A row's counts as stored: a week's P, A, L, M and S are its meeting's record instead (zero here). */
function countsOf(v: PalmsRow, week: boolean): Counts {
  const attendance = week
    ? { present: 0, absent: 0, late: 0, excused: 0, substitute: 0 }
    : { present: v.P, absent: v.A, late: v.L, excused: v.M, substitute: v.S };
  return {
    ...attendance,
    givenInside: v.givenInside,
    givenOutside: v.givenOutside,
    receivedInside: v.receivedInside,
    receivedOutside: v.receivedOutside,
    visitors: v.visitors,
    oneToOnes: v.oneToOnes,
    closedBusiness: v.closedBusiness,
    educationUnits: v.educationUnits,
    testimonials: v.testimonials,
  };
}

/** The status a week's letters record, or none when the member has no letter that week. */
const weekStatus = (v: PalmsRow) =>
  (Object.keys(PALMS_STATUSES) as (keyof typeof PALMS_STATUSES)[])
    .filter((letter) => v[letter] === 1)
    .map((letter) => PALMS_STATUSES[letter])[0];

/**
 * A PALMS summary, one row per member and week or period, members matched in the chapter by email when the
 * file has one, else by first and last name. A week's P, A, L, M or S becomes its meeting's attendance record
 * (the meeting, closed, is made with it); the other counts, and a longer period's attendance, are kept as
 * imported counts (imported_palms), one row per member and period, so a second import changes nothing.
 */
export async function planPalms(
  db: Database,
  importer: ChapterImporter,
  rows: PlannedRow<PalmsRow>[],
): Promise<ImportPlan> {
  const who = (v: PalmsRow) => v.email ?? nameKey(v.firstName, v.lastName);
  refuseRepeats(
    rows,
    (v) => `${who(v)}|${v.periodStart ?? ''}|${v.periodEnd}`,
    (v) =>
      `${v.firstName} ${v.lastName} for ${v.periodStart ? `${v.periodStart} to ` : 'the week to '}${v.periodEnd}`,
  );
  const { byEmail, byName } = await chapterAccounts(db, importer.chapterId);
  const readable = validRows(rows).map((row) => {
    const v = row.value;
    let memberId: string | undefined;
    if (v.email) {
      memberId = byEmail.get(v.email);
      if (!memberId) row.errors.push(IMPORT_MESSAGES.noSuchMember(v.email));
    } else {
      const named = byName.get(nameKey(v.firstName, v.lastName)) ?? [];
      const name = `${v.firstName} ${v.lastName}`;
      if (named.length === 0) row.errors.push(IMPORT_MESSAGES.noMemberNamed(name));
      if (named.length > 1) row.errors.push(IMPORT_MESSAGES.twoMembersNamed(name));
      if (named.length === 1) memberId = named[0];
    }
    const week = isOneWeek(v.periodStart, v.periodEnd);
    return { row, memberId, week, start: v.periodStart ?? addDays(v.periodEnd, -6) };
  });
  // Two rows naming one member for one period (by email and by name): the second repeats the first.
  const seen = new Map<string, number>();
  for (const r of readable) {
    if (!r.memberId) continue;
    const key = `${r.memberId}|${r.start}|${r.row.value.periodEnd}`;
    const line = seen.get(key);
    if (line === undefined) seen.set(key, r.row.line);
    else r.row.errors.push(IMPORT_MESSAGES.duplicateInFile('The same member and period', line));
  }

  const memberIds = [...new Set(readable.flatMap((r) => (r.memberId ? [r.memberId] : [])))];
  const storedCounts = new Map<string, typeof importedPalms.$inferSelect>();
  const storedRecords = new Map<string, string>();
  if (memberIds.length > 0) {
    for (const r of await db.select().from(importedPalms).where(inArray(importedPalms.memberId, memberIds)))
      storedCounts.set(`${r.memberId}|${r.periodStart}|${r.periodEnd}`, r);
    for (const r of await selectRows<{ member_id: string; meeting_date: string; status: string }>(
      db,
      sql`select member_id, meeting_date::text, status::text from ${attendanceRecords}
            where ${inArray(sql`member_id`, memberIds)}`,
    ))
      storedRecords.set(`${r.member_id}|${r.meeting_date}`, r.status);
  }

  const countWrites: (typeof importedPalms.$inferInsert)[] = [];
  const recordWrites: (typeof attendanceRecords.$inferInsert)[] = [];
  for (const { row, memberId, week, start } of readable) {
    if (!memberId || row.errors.length > 0) continue;
    const v = row.value;
    const counts = countsOf(v, week);
    const stored = storedCounts.get(`${memberId}|${start}|${v.periodEnd}`);
    const countsChanged = !stored || COUNT_KEYS.some((k) => String(stored[k]) !== String(counts[k]));
    const status = week ? weekStatus(v) : undefined;
    const recorded = storedRecords.get(`${memberId}|${v.periodEnd}`);
    const recordChanged = status !== undefined && recorded !== status;
    if (countsChanged)
      countWrites.push({
        chapterId: importer.chapterId,
        memberId,
        periodStart: start,
        periodEnd: v.periodEnd,
        importedById: importer.id,
        ...counts,
      });
    if (recordChanged)
      recordWrites.push({ memberId, meetingDate: v.periodEnd, status, recordedById: importer.id });
    row.action =
      !stored && (status === undefined || recorded === undefined)
        ? 'create'
        : countsChanged || recordChanged
          ? 'update'
          : 'unchanged';
  }

  return {
    ...summarize(rows),
    newIndustries: [],
    write: async (tx) => {
      const set = Object.fromEntries(
        COUNT_KEYS.map((k) => [k, sql.raw(`excluded.${importedPalms[k].name}`)]),
      ) as Record<(typeof COUNT_KEYS)[number], ReturnType<typeof sql.raw>>;
      for (const chunk of chunks(countWrites))
        await tx
          .insert(importedPalms)
          .values(chunk)
          .onConflictDoUpdate({
            target: [importedPalms.memberId, importedPalms.periodStart, importedPalms.periodEnd],
            set: { ...set, importedById: sql`excluded.imported_by_id`, updatedAt: sql`now()` },
          });
      for (const chunk of chunks(recordWrites))
        await tx
          .insert(attendanceRecords)
          .values(chunk)
          .onConflictDoUpdate({
            target: [attendanceRecords.memberId, attendanceRecords.meetingDate],
            set: {
              status: sql`excluded.status`,
              recordedById: sql`excluded.recorded_by_id`,
              updatedAt: sql`now()`,
            },
          });
    },
  };
}
