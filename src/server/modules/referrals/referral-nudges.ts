import { inArray, sql } from 'drizzle-orm';
import { displayName } from '../../../domain/members/display-name';
import { formatUsd } from '../../../domain/money';
import { NOTIFICATION_LINKS, REFERRAL_NUDGES } from '../../../domain/notifications/kinds';
import { otherParty } from '../../../domain/referrals/policy';
import { type Database, selectRows } from '../../db/client';
import { referrals, users } from '../../db/schema';
import { type NewNotification, notify } from '../notifications/notify';
import { referralLabel } from './referral-events';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bounds one pass's transaction; the next pass takes the rest. */
const NUDGES_PER_PASS = 500;

/**
 * Reminds about referrals still pending: after 3 days the member who must decide, after 7 days its
 * creator too. The reminder row (primary key: referral, kind) is inserted first with ON CONFLICT DO
 * NOTHING, so of two instances running this at once only one gets each referral back, and a referral
 * is reminded of each kind once, across restarts. Reminders and notifications commit together.
 */
export async function runReferralNudges(db: Database, now = new Date()): Promise<number> {
  let written = 0;
  for (const nudge of REFERRAL_NUDGES) {
    const dueBefore = new Date(now.getTime() - nudge.afterDays * DAY_MS);
    written += await db.transaction(async (tx) => {
      const due = await selectRows<{ referral_id: string }>(
        tx,
        sql`
          insert into referral_reminders (referral_id, kind, sent_at)
          select id, ${nudge.kind}, ${now} from referrals
          where status = 'pending' and created_at <= ${dueBefore}
            and not exists (
              select 1 from referral_reminders r
              where r.referral_id = referrals.id and r.kind = ${nudge.kind})
          order by created_at
          limit ${NUDGES_PER_PASS}
          on conflict do nothing
          returning referral_id`,
      );
      if (due.length === 0) return 0;
      const rows = await tx
        .select({
          id: referrals.id,
          referrerId: referrals.referrerId,
          reporterId: referrals.reporterId,
          createdById: referrals.createdById,
          status: referrals.status,
          amount: referrals.amount,
          customerName: referrals.customerName,
          createdAt: referrals.createdAt,
        })
        .from(referrals)
        .where(
          inArray(
            referrals.id,
            due.map((d) => d.referral_id),
          ),
        );
      const people = await namesOf(
        tx,
        rows.flatMap((r) => [r.referrerId, r.reporterId]),
      );
      const entries = rows.flatMap((row): NewNotification[] => {
        const creator = row.createdById;
        const decider = creator ? otherParty(creator, row) : null;
        const what = `${referralLabel(row.customerName)} (${formatUsd(row.amount)})`;
        // Its real age: a referral pending since before the reminders existed is older than the threshold.
        const days = Math.floor((now.getTime() - row.createdAt.getTime()) / DAY_MS);
        if (nudge.kind === 'decider_3d') {
          if (!decider) return [];
          return [
            {
              userId: decider,
              kind: 'referral_reminder',
              title: 'Reminder: a referral waits for your decision',
              body: `${people.get(creator ?? '') ?? 'A member'} recorded ${what} ${days} days ago. Approve or decline it in Pending Referrals.`,
              link: NOTIFICATION_LINKS.referral(row.id),
            },
          ];
        }
        if (!creator) return [];
        return [
          {
            userId: creator,
            kind: 'referral_reminder',
            title: 'Your referral is still pending',
            body: `${decider ? (people.get(decider) ?? 'The other member') : 'The other member'} has not approved or declined ${what} after ${days} days. A word at the next meeting may help.`,
            link: NOTIFICATION_LINKS.referral(row.id),
          },
        ];
      });
      await notify(tx, ...entries);
      return entries.length;
    });
  }
  return written;
}

async function namesOf(db: Pick<Database, 'select'>, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: users.businessName,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, displayName(r)]));
}
