import { palmsLine, sumWeekFigures, type WeekReportRow } from '../../../domain/attendance/week-report';
import { longDay } from '../../../domain/calendar/day-name';
import { formatUsd } from '../../../domain/money';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { hasRole, ROLES } from '../../../domain/roles/roles';
import type { Transaction } from '../../db/client';
import type { MeetingRow } from '../../db/schema';
import { notifyRoles } from '../notifications/notify';

/** Who hears of a closed week: the chapter's leadership and everyone above (agency administrators too). */
const REPORT_READERS = ROLES.filter((role) => hasRole(role, 'LEADERSHIP'));

/** A meeting's day as emails and the bell name it. */
export const meetingDay = longDay;

/**
 * The week's PALMS report to each reader, through the outbox, in the close's own transaction
 * (one statement): one email per reader per close. A week closed again after a reopen (`edition` above 1)
 * sends a copy marked corrected; the first copy is never sent again (the outbox sends each row once).
 */
export async function emailWeekReport(
  tx: Transaction,
  meeting: Pick<MeetingRow, 'id' | 'chapterId' | 'meetingDate'>,
  chapterName: string,
  edition: number,
  rows: readonly WeekReportRow[],
): Promise<void> {
  const totals = sumWeekFigures(rows);
  const corrected = edition > 1;
  const day = meetingDay(meeting.meetingDate);
  await notifyRoles(tx, REPORT_READERS, null, meeting.chapterId, {
    kind: 'week_report',
    title: `${corrected ? 'Corrected PALMS report' : 'PALMS report'}: ${[chapterName, day].filter(Boolean).join(', ')}`,
    body: [
      corrected
        ? `The week of ${day} was reopened and closed again; this report replaces the one sent before.`
        : `The week of ${day} is closed.`,
      `${rows.length} ${rows.length === 1 ? 'member' : 'members'}: ${palmsLine(totals)}.`,
      `Referrals given: ${totals.referralsGiven} (${totals.givenInside} inside the chapter, ${totals.givenOutside} outside); received: ${totals.referralsReceived}; closed business: ${formatUsd(totals.closedBusiness)}.`,
      `Visitors: ${totals.visitors}; one-to-ones: ${totals.oneToOnes}; education units: ${totals.educationUnits}; testimonials: ${totals.testimonials}.`,
      "Open the report for each member's figures, the CSV and a print view.",
    ].join(' '),
    link: NOTIFICATION_LINKS.weekReport(meeting.id),
  });
}
