import { sql } from 'drizzle-orm';
import { selectRows, type Transaction } from '../../db/client';
import { queueVisitEmails, type VisitEmailContext } from './visit-emails';
import { readVisitFacts } from './visit-facts';

/**
 * A meeting with visitors changed, in the change's own transaction: moved (date, time, place or link), each
 * visitor gets the invitation again with the same UID and the next SEQUENCE, and will be reminded again;
 * called off (a holiday), each gets a cancellation and the visit ends.
 */
export async function tellVisitorsOfMeetingChange(
  tx: Transaction,
  meetingId: string,
  change: 'moved' | 'called-off',
  context: VisitEmailContext,
): Promise<number> {
  const changed = await selectRows<{ id: string }>(
    tx,
    change === 'moved'
      ? sql`update visitor_visits set sequence = sequence + 1, reminded_at = null
            where meeting_id = ${meetingId} and cancelled_at is null returning id`
      : sql`update visitor_visits set sequence = sequence + 1, cancelled_at = now()
            where meeting_id = ${meetingId} and cancelled_at is null returning id`,
  );
  if (changed.length === 0) return 0;
  const facts = await readVisitFacts(
    tx,
    changed.map((c) => c.id),
  );
  await queueVisitEmails(
    tx,
    context,
    facts.map((f) => ({ kind: change === 'moved' ? ('update' as const) : ('cancel' as const), facts: f })),
  );
  return changed.length;
}
