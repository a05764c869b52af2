import { sql } from 'drizzle-orm';
import { longDay } from '../../../domain/calendar/day-name';
import { NOTIFICATION_LINKS } from '../../../domain/notifications/kinds';
import { FOLLOW_UP_REMINDERS } from '../../../domain/visitors/pipeline';
import { effectiveTimeZone } from '../../db/chapter-settings';
import { type Database, selectRows } from '../../db/client';
import { fullNameOf } from '../../db/name-sql';
import { type NewNotification, notify } from '../notifications/notify';
import { presidentOf } from './follow-up-tasks';

interface Taken {
  id: string;
  host_id: string | null;
  host_name: string | null;
  president_id: string | null;
  visitor_name: string;
  due_on: string;
  reminders_sent: number;
  escalated: boolean;
}

/**
 * Once a day per overdue call (past its due day in the chapter's calendar, not yet recorded): a reminder to its
 * host, three at most; the day after the third, the call goes to the chapter's president, once. Each call is
 * taken by the statement that stamps it for the chapter's today, so of two instances at once only one gets it
 * and one notification (bell and email) is written. Answers how many were reminded or passed on.
 */
export async function remindOverdueFollowUps(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const today = sql`(${now}::timestamptz at time zone ${effectiveTimeZone(sql`f.chapter_id`)})::date`;
    const taken = await selectRows<Taken>(
      tx,
      sql`update visitor_follow_ups f set
            reminders_sent = least(f.reminders_sent + 1, ${FOLLOW_UP_REMINDERS}),
            escalated_at = case when f.reminders_sent >= ${FOLLOW_UP_REMINDERS} then ${now}::timestamptz end,
            last_reminded_on = ${today}
          from visitors p
          where p.id = f.visitor_id and f.recorded_at is null and f.escalated_at is null
            and f.due_on < ${today} and (f.last_reminded_on is null or f.last_reminded_on < ${today})
          returning f.id, f.host_id, f.due_on::text as due_on, f.reminders_sent, f.escalated_at is not null as escalated,
            p.first_name || ' ' || p.last_name as visitor_name,
            (select ${fullNameOf('h')} from users h where h.id = f.host_id) as host_name,
            ${presidentOf(sql`f.chapter_id`)} as president_id`,
    );
    const entries = taken.flatMap((call): NewNotification[] => {
      const due = longDay(call.due_on);
      if (call.escalated) {
        if (!call.president_id) return [];
        return [
          {
            userId: call.president_id,
            kind: 'visitor_follow_up' as const,
            title: `Overdue call: ${call.visitor_name}`,
            body: `${call.host_name ?? 'No visitor host'} has not recorded the call to ${call.visitor_name}, due ${due}, after ${FOLLOW_UP_REMINDERS} reminders. Please make sure someone calls.`,
            link: NOTIFICATION_LINKS.visitors,
          },
        ];
      }
      if (!call.host_id) return [];
      return [
        {
          userId: call.host_id,
          kind: 'visitor_follow_up' as const,
          title: `Call ${call.visitor_name}`,
          body: `Your call to ${call.visitor_name} was due ${due}. Record it in Referral Metrics once you have called (reminder ${call.reminders_sent} of ${FOLLOW_UP_REMINDERS}).`,
          link: NOTIFICATION_LINKS.referrals,
        },
      ];
    });
    await notify(tx, ...entries);
    return taken.length;
  });
}
