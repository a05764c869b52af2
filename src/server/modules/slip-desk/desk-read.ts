import { and, eq, ne, sql } from 'drizzle-orm';
import { displayName } from '../../../domain/members/display-name';
import { hasRole } from '../../../domain/roles/roles';
import type { SlipDesk } from '../../../domain/slip-desk/contracts';
import type { Actor } from '../../auth/session-store';
import { chapterScopeOf } from '../../db/chapter-scope';
import { type Database, selectRows } from '../../db/client';
import { byName, fullNameOf } from '../../db/name-sql';
import { chapters, users } from '../../db/schema';
import { deskMeeting } from './desk-meeting';

/**
 * GET /api/meetings/:id/slips: the meeting, the chapter's current members A to Z (the grid's type-ahead), the
 * visitors checked in at it and the chapter's setting: three queries after the meeting's.
 */
export async function readSlipDesk(db: Database, actor: Actor, meetingId: string): Promise<SlipDesk> {
  const meeting = await deskMeeting(db, meetingId, chapterScopeOf(actor));
  const [members, visitors, [chapter]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        businessName: users.businessName,
      })
      .from(users)
      .where(and(eq(users.chapterId, meeting.chapterId), ne(users.role, 'GUEST')))
      .orderBy(...byName),
    selectRows<{ name: string; credited_to: string | null }>(
      db,
      sql`select p.first_name || ' ' || p.last_name as name, ${fullNameOf('u')} as credited_to
          from visitor_visits v join visitors p on p.id = v.visitor_id
          left join users u on u.id = v.credited_member_id
          where v.meeting_id = ${meeting.id} and v.checked_in_at is not null and v.cancelled_at is null
          order by lower(p.first_name), lower(p.last_name), v.id`,
    ),
    db
      .select({ name: chapters.name, stands: chapters.deskEntryStands })
      .from(chapters)
      .where(eq(chapters.id, meeting.chapterId)),
  ]);
  return {
    meeting: {
      id: meeting.id,
      meetingDate: meeting.meetingDate,
      state: meeting.state,
      chapterName: chapter?.name ?? '',
    },
    members: members.map((m) => ({ id: m.id, name: displayName(m), businessName: m.businessName })),
    visitors: visitors.map((v) => ({ name: v.name, creditedTo: v.credited_to })),
    entryStands: chapter?.stands ?? false,
    canChangeSetting: hasRole(actor.role, 'NETWORK_ADMIN'),
  };
}
