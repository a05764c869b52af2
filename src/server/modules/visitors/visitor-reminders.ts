import { and, inArray, isNull, sql } from 'drizzle-orm';
import { businessDaysBefore, REMINDER_BUSINESS_DAYS } from '../../../domain/visitors/business-days';
import { effectiveTimeZone } from '../../db/chapter-settings';
import { type Database, selectRows } from '../../db/client';
import { visitorVisits } from '../../db/schema';
import { queueVisitEmails, type VisitEmailContext } from './visit-emails';
import { readVisitFacts } from './visit-facts';

interface Candidate {
  id: string;
  meeting_date: string;
  today: string;
  registered_on: string;
}

/**
 * Reminds each visitor once, two business days before their meeting (weekends skipped), by email. A visit is
 * stamped in the statement that takes it, so of two instances running this at once only one gets each visit
 * back and one email is written. A visit registered on or after its reminder day needs none (the
 * confirmation is fresh); a meeting moved later is reminded again. Answers how many were reminded.
 */
export async function remindVisitors(
  db: Database,
  context: VisitEmailContext,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const candidates = await selectRows<Candidate>(
      tx,
      sql`select v.id, m.meeting_date::text as meeting_date, (${now}::timestamptz at time zone z.zone)::date::text as today,
            (v.created_at at time zone z.zone)::date::text as registered_on
          from visitor_visits v
          join meetings m on m.id = v.meeting_id
          join chapters c on c.id = v.chapter_id
          cross join lateral (select ${effectiveTimeZone(sql`c.id`)} as zone) z
          where v.reminded_at is null and v.cancelled_at is null and m.state in ('scheduled', 'open')
            and m.meeting_date between ${now}::timestamptz::date - 1 and ${now}::timestamptz::date + 7`,
    );
    const due = candidates
      .filter((c) => {
        const remindOn = businessDaysBefore(c.meeting_date, REMINDER_BUSINESS_DAYS);
        return c.meeting_date >= c.today && remindOn <= c.today && c.registered_on < remindOn;
      })
      .map((c) => c.id);
    if (due.length === 0) return 0;
    const taken = await tx
      .update(visitorVisits)
      .set({ remindedAt: now })
      .where(and(inArray(visitorVisits.id, due), isNull(visitorVisits.remindedAt)))
      .returning({ id: visitorVisits.id });
    if (taken.length === 0) return 0;
    const facts = await readVisitFacts(
      tx,
      taken.map((t) => t.id),
    );
    await queueVisitEmails(
      tx,
      context,
      facts.map((f) => ({ kind: 'reminder' as const, facts: f })),
    );
    return taken.length;
  });
}
