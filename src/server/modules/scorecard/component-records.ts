import { type SQL, sql } from 'drizzle-orm';
import {
  type ComponentRecords,
  MAX_SCORE_RECORDS,
  SCORECARD_MESSAGES,
  type ScoreRecord,
} from '../../../domain/scorecard/contracts';
import type { RuleSet } from '../../../domain/scorecard/rules';
import type { Measure } from '../../../domain/scorecard/vocabulary';
import { type MonthWindow, monthOf } from '../../../domain/scorecard/windows';
import type { SessionUser } from '../../auth/session-store';
import { type Database, selectRows } from '../../db/client';
import { fullNameOf } from '../../db/name-sql';
import { notFound } from '../../lib/http-error';
import { liveWindowOf } from './live-score';
import { scoreChapters } from './score-chapters';

/** The attendance statuses a measure counts, by the rules' counting options (as the scoring function counts them). */
function statusesOf(measure: Measure, counting: RuleSet['counting']): string[] {
  const substituteAttends = counting.substitute === 'attended';
  if (measure === 'attendance') return ['present', 'late', ...(substituteAttends ? ['substitute'] : [])];
  if (measure === 'absences') {
    return [
      'absent',
      ...(substituteAttends ? [] : ['substitute']),
      ...(counting.latesPerAbsence ? ['late'] : []),
    ];
  }
  return measure === 'lates' ? ['late'] : [];
}

const STATUS_WORDS = sql.raw(
  `case a.status::text when 'present' then 'Present' when 'absent' then 'Absent' when 'late' then 'Late' ` +
    `when 'excused' then 'Medical' else 'Substitute' end`,
);

/** The imported PALMS columns a measure adds up. */
const IMPORTED_COLUMNS: Record<Measure, string> = {
  attendance: 'p.present + p.late + p.substitute',
  absences: 'p.absent',
  lates: 'p.late',
  referralsGiven: 'p.given_inside + p.given_outside',
  visitors: 'p.visitors',
  oneToOnes: 'p.one_to_ones',
  educationUnits: 'p.education_units',
  testimonials: 'p.testimonials',
  closedBusiness: 'p.closed_business',
};

/** The records of one measure for one member over [from, end): the source rows the kept totals count. */
function sourceRows(
  measure: Measure,
  counting: RuleSet['counting'],
  member: string,
  from: string,
  end: string,
): SQL {
  const inWindow = (column: string) => sql`${sql.raw(column)} >= ${from} and ${sql.raw(column)} < ${end}`;
  switch (measure) {
    case 'attendance':
    case 'absences':
    case 'lates': {
      const statuses = statusesOf(measure, counting);
      // Under "lates per absence" each late is that fraction of an absence.
      const lateShare = measure === 'absences' && counting.latesPerAbsence ? 1 / counting.latesPerAbsence : 1;
      return sql`select 'meeting' as kind, a.id::text, a.meeting_date::text as date,
          ${STATUS_WORDS} || ' at the meeting' as description,
          (case when a.status::text = 'late' then ${lateShare}::numeric else 1 end) as counts, null::text as amount
        from attendance_records a
        where a.member_id = ${member} and a.counted and ${inWindow('a.meeting_date')}
          and a.status::text in (${sql.join(
            statuses.map((s) => sql`${s}`),
            sql`, `,
          )})`;
    }
    case 'referralsGiven':
      return sql`select 'referral', r.id::text, r.sale_date::text,
          'Referral to ' || coalesce(${fullNameOf('u')}, 'a former member'), 1, r.amount::text
        from referrals r left join users u on u.id = r.reporter_id
        where r.referrer_id = ${member} and r.status = 'approved' and ${inWindow('r.sale_date')}`;
    case 'closedBusiness':
      return sql`select 'referral', r.id::text, r.sale_date::text,
          'Closed business from ' || coalesce(${fullNameOf('u')}, 'a former member'), 1, r.amount::text
        from referrals r left join users u on u.id = r.referrer_id
        where r.reporter_id = ${member} and r.status = 'approved' and r.amount > 0 and ${inWindow('r.sale_date')}`;
    case 'oneToOnes':
      return sql`select 'oneToOne', o.id::text, o.met_on::text,
          'One-to-one with ' || coalesce(${fullNameOf('u')}, 'a former member'), 1, null
        from one_to_ones o
        left join users u on u.id = case when o.member_a_id = ${member} then o.member_b_id else o.member_a_id end
        where (o.member_a_id = ${member} or o.member_b_id = ${member}) and o.status = 'held'
          and ${inWindow('o.met_on')}`;
    case 'educationUnits':
      return sql`select 'educationUnit', e.id::text, e.earned_on::text, e.title, 1, null
        from education_units e where e.member_id = ${member} and ${inWindow('e.earned_on')}`;
    case 'testimonials':
      return sql`select 'testimonial', t.id::text, t.given_on::text,
          'Testimonial for ' || coalesce(${fullNameOf('u')}, 'a former member'), 1, null
        from testimonials t left join users u on u.id = t.recipient_id
        where t.writer_id = ${member} and ${inWindow('t.given_on')}`;
    case 'visitors':
      return sql`select 'visitor', v.id::text, m.meeting_date::text,
          'Visitor ' || trim(concat_ws(' ', x.first_name, x.last_name)), 1, null
        from visitor_visits v join meetings m on m.id = v.meeting_id join visitors x on x.id = v.visitor_id
        where v.credited_member_id = ${member} and ${inWindow('m.meeting_date')}`;
  }
}

/**
 * GET /api/scorecard/members/:id/components/:key: the records behind one component of the live score, newest
 * first, at most MAX_SCORE_RECORDS: the meetings, referrals, one-to-ones, CEUs, testimonials or visits it counts,
 * and any imported PALMS period that added to it. One query for the records.
 */
export async function componentRecords(
  db: Database,
  user: SessionUser,
  memberId: string,
  key: string,
  now = new Date(),
): Promise<ComponentRecords> {
  const { chapterId, inForce, window } = await liveWindowOf(db, user, memberId, now);
  const rule = inForce.rules.components.find((c) => c.key === key);
  if (!rule) throw notFound(SCORECARD_MESSAGES.componentNotFound);
  const [scored] = await scoreChapters(db, [chapterId], window, {
    memberId,
    rules: new Map([[chapterId, inForce]]),
  });
  const component = scored?.score.components.find((c) => c.key === key);
  if (!component) throw notFound(SCORECARD_MESSAGES.componentNotFound);
  const records = await recordsOf(db, rule.measure, inForce.rules.counting, memberId, window);
  return {
    component,
    window,
    records: records.slice(0, MAX_SCORE_RECORDS),
    truncated: records.length > MAX_SCORE_RECORDS,
  };
}

async function recordsOf(
  db: Database,
  measure: Measure,
  counting: RuleSet['counting'],
  member: string,
  window: MonthWindow,
): Promise<ScoreRecord[]> {
  const end = monthOf(window.to, 1);
  const imported = sql.raw(IMPORTED_COLUMNS[measure]);
  const rows = await selectRows<{
    kind: ScoreRecord['kind'];
    id: string;
    date: string;
    description: string;
    counts: string | number;
    amount: string | null;
  }>(
    db,
    sql`select * from (
      ${sourceRows(measure, counting, member, window.from, end)}
      union all
      select 'imported', p.id::text, p.period_end::text,
        'Imported PALMS summary, ' || p.period_start::text || ' to ' || p.period_end::text,
        (${imported})::numeric, ${measure === 'closedBusiness' ? sql`p.closed_business::text` : sql`null::text`}
      from imported_palms p
      where p.member_id = ${member} and p.period_end >= ${window.from} and p.period_end < ${end}
        and (${imported}) > 0
    ) as records (kind, id, date, description, counts, amount)
    order by date desc, id desc
    limit ${MAX_SCORE_RECORDS + 1}`,
  );
  return rows.map((r) => ({ ...r, counts: Number(r.counts) }));
}
