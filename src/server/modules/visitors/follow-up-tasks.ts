import { sql } from 'drizzle-orm';
import { businessDaysAfter } from '../../../domain/visitors/business-days';
import { FOLLOW_UP_BUSINESS_DAYS } from '../../../domain/visitors/pipeline';
import { selectRows, type Transaction } from '../../db/client';

/**
 * The chapter's president (`users.chapter_president`, named by leadership), else its longest-standing
 * leadership member: who an overdue call goes to, and who calls when the chapter has no visitor host.
 */
export const presidentOf = (chapterId: ReturnType<typeof sql>) => sql`(
  select u.id from users u
  where u.chapter_id = ${chapterId} and (u.chapter_president or u.role = 'LEADERSHIP')
  order by u.chapter_president desc, u.created_at, u.id limit 1)`;

/**
 * Opens the call a visitor host owes a visitor who attended, due two business days after the meeting (once per
 * visit). It goes to the chapter's visitor host with the fewest open calls (then by name), else the president.
 */
export async function openFollowUp(
  tx: Transaction,
  visit: { id: string; visitorId: string; chapterId: string; meetingDate: string },
): Promise<void> {
  const dueOn = businessDaysAfter(visit.meetingDate, FOLLOW_UP_BUSINESS_DAYS);
  await selectRows(
    tx,
    sql`insert into visitor_follow_ups (chapter_id, visitor_id, visit_id, host_id, due_on)
        values (${visit.chapterId}, ${visit.visitorId}, ${visit.id}, coalesce(
          (select u.id from users u
            where u.chapter_id = ${visit.chapterId} and u.visitor_host and u.role <> 'GUEST'
            order by (select count(*) from visitor_follow_ups f where f.host_id = u.id and f.recorded_at is null),
              lower(coalesce(u.first_name, '')), lower(coalesce(u.last_name, '')), u.id
            limit 1),
          ${presidentOf(sql`${visit.chapterId}`)}), ${dueOn})
        on conflict (visit_id) do nothing returning id`,
  );
}
