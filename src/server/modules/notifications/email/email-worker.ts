import { and, eq, sql } from 'drizzle-orm';
import { displayName } from '../../../../domain/members/display-name';
import { isNotificationKind } from '../../../../domain/notifications/kinds';
import { type Database, selectRows } from '../../../db/client';
import { notifications } from '../../../db/schema';
import { unsubscribeUrl } from '../unsubscribe-token';
import { composeEmail } from './compose-email';
import { isPermanentFailure, type MailTransport } from './mail-transport';

export interface EmailWorkerOptions {
  db: Database;
  transport: MailTransport;
  /** Names this worker's claims; two instances never share one. */
  workerId: string;
  networkName: string;
  origin: string;
  secret: string;
  now?: () => Date;
  batchSize?: number;
}

export const EMAIL_RETRY = {
  maxAttempts: 10,
  /** A claimed row nobody started sending returns to the queue after this. */
  claimMs: 2 * 60_000,
  /** Longer than one SMTP exchange can take (the transport's timeouts add up to 50 s). */
  sendingMs: 5 * 60_000,
} as const;

/** 30 s, 1 min, 2 min, ... at most an hour between attempts: about four hours before giving up. */
export const retryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

interface ClaimedRow {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  attempts: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  opted_out: boolean;
}

export interface BatchResult {
  sent: number;
  retried: number;
  failed: number;
  skipped: number;
}

/**
 * One pass of the email worker. Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances
 * share the queue without sending any notification twice; each row is marked 'sending' before the
 * hand-over and 'sent' after it. A row left in 'sending' by a worker that stopped is never handed to
 * SMTP again (at most one email per notification; docs/decisions/0013).
 */
export async function runEmailBatch(options: EmailWorkerOptions): Promise<BatchResult> {
  const { db, transport, workerId } = options;
  // Read the clock again for each row: a batch of slow SMTP exchanges outlasts a time taken at its start.
  const clock = () => options.now?.() ?? new Date();
  const now = clock();
  const result: BatchResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };

  await recoverInterruptedSends(db, transport, now);

  const claimed = await selectRows<ClaimedRow>(
    db,
    sql`
      update notifications n
      set email_status = 'claimed', email_claimed_by = ${workerId},
          email_claimed_until = ${new Date(now.getTime() + EMAIL_RETRY.claimMs)}
      from users u
      where u.id = n.user_id and n.id in (
        select id from notifications
        where email_next_attempt_at <= ${now}
          and (email_status = 'pending' or (email_status = 'claimed' and email_claimed_until < ${now}))
        order by email_next_attempt_at
        limit ${options.batchSize ?? 20}
        for update skip locked)
      returning n.id, n.user_id, n.kind, n.title, n.body, n.link, n.email_attempts as attempts, u.email,
        u.first_name, u.last_name, u.business_name,
        exists (select 1 from notification_email_opt_outs o where o.user_id = n.user_id and o.kind = n.kind)
          as opted_out`,
  );

  for (const row of claimed) {
    const mine = and(eq(notifications.id, row.id), eq(notifications.emailClaimedBy, workerId));
    if (row.opted_out || !isNotificationKind(row.kind)) {
      await db.update(notifications).set({ emailStatus: 'skipped' }).where(mine);
      result.skipped++;
      continue;
    }
    // Only the worker still holding the claim may start sending.
    const started = await db
      .update(notifications)
      .set({
        emailStatus: 'sending',
        emailClaimedUntil: new Date(clock().getTime() + EMAIL_RETRY.sendingMs),
      })
      .where(and(mine, eq(notifications.emailStatus, 'claimed')))
      .returning({ id: notifications.id });
    if (started.length === 0) continue;

    const email = composeEmail(
      { id: row.id, kind: row.kind, title: row.title, body: row.body, link: row.link },
      {
        email: row.email,
        name: displayName({
          firstName: row.first_name,
          lastName: row.last_name,
          businessName: row.business_name,
        }),
      },
      {
        networkName: options.networkName,
        origin: options.origin,
        unsubscribeUrl: unsubscribeUrl(options.origin, options.secret, row.user_id, row.kind),
      },
    );
    const attempts = row.attempts + 1;
    try {
      await transport.send(row.id, email);
    } catch (err) {
      const giveUp = isPermanentFailure(err) || attempts >= EMAIL_RETRY.maxAttempts;
      await db
        .update(notifications)
        .set({
          emailStatus: giveUp ? 'failed' : 'pending',
          emailAttempts: attempts,
          emailNextAttemptAt: new Date(clock().getTime() + retryDelayMs(attempts)),
          emailClaimedBy: null,
          emailClaimedUntil: null,
          emailLastError: String((err as Error)?.message ?? err).slice(0, 500),
        })
        .where(mine);
      if (giveUp) result.failed++;
      else result.retried++;
      continue;
    }
    await db
      .update(notifications)
      .set({ emailStatus: 'sent', emailAttempts: attempts, emailSentAt: sql`now()`, emailLastError: null })
      .where(mine);
    result.sent++;
  }
  return result;
}

/**
 * A worker that stopped between 'sending' and 'sent' may or may not have handed the email over. With
 * an idempotent transport it is simply handed over again; with SMTP it is marked 'unknown', never resent.
 */
async function recoverInterruptedSends(db: Database, transport: MailTransport, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set(
      transport.idempotent
        ? { emailStatus: 'pending', emailClaimedBy: null, emailClaimedUntil: null }
        : {
            emailStatus: 'unknown',
            emailLastError: 'The worker stopped while sending; not sent again to avoid a duplicate',
          },
    )
    .where(and(eq(notifications.emailStatus, 'sending'), sql`${notifications.emailClaimedUntil} < ${now}`));
}

/** How long the oldest email still to send has waited, in seconds; null when none waits. */
export async function oldestUnsentAgeSeconds(db: Database, now = new Date()): Promise<number | null> {
  const [row] = await selectRows<{ oldest: string | Date | null }>(
    db,
    sql`select min(created_at) as oldest from notifications
        where email_status in ('pending', 'claimed', 'sending')`,
  );
  if (!row?.oldest) return null;
  return Math.max(0, Math.round((now.getTime() - new Date(row.oldest).getTime()) / 1000));
}
