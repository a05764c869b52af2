import { and, eq, sql } from 'drizzle-orm';
import { type Database, selectRows } from '../../../db/client';
import { outboundEmails } from '../../../db/schema';
import { type BatchResult, EMAIL_RETRY, retryDelayMs } from './email-worker';
import { isPermanentFailure, type MailTransport } from './mail-transport';

interface ClaimedEmail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  calendar_method: string | null;
  calendar: string | null;
  attempts: number;
}

/**
 * One pass over the emails to people without an account (visitors), with the notification worker's rules:
 * claimed with FOR UPDATE SKIP LOCKED, marked 'sending' before the hand-over and 'sent' after, retried with
 * the same back-off, and a send interrupted by a stopped worker never repeated over SMTP.
 */
export async function runOutboundBatch(options: {
  db: Database;
  transport: MailTransport;
  workerId: string;
  origin: string;
  now?: () => Date;
  batchSize?: number;
}): Promise<BatchResult> {
  const { db, transport, workerId } = options;
  const clock = () => options.now?.() ?? new Date();
  const now = clock();
  const result: BatchResult = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  const host = new URL(options.origin).hostname || 'localhost';

  await db
    .update(outboundEmails)
    .set(
      transport.idempotent
        ? { status: 'pending', claimedBy: null, claimedUntil: null }
        : {
            status: 'unknown',
            lastError: 'The worker stopped while sending; not sent again to avoid a duplicate',
          },
    )
    .where(and(eq(outboundEmails.status, 'sending'), sql`${outboundEmails.claimedUntil} < ${now}`));

  const claimed = await selectRows<ClaimedEmail>(
    db,
    sql`update outbound_emails set status = 'claimed', claimed_by = ${workerId},
          claimed_until = ${new Date(now.getTime() + EMAIL_RETRY.claimMs)}
        where id in (
          select id from outbound_emails
          where next_attempt_at <= ${now}
            and (status = 'pending' or (status = 'claimed' and claimed_until < ${now}))
          order by next_attempt_at limit ${options.batchSize ?? 20}
          for update skip locked)
        returning id, "to", subject, text, html, calendar_method, calendar, attempts`,
  );

  for (const row of claimed) {
    const mine = and(eq(outboundEmails.id, row.id), eq(outboundEmails.claimedBy, workerId));
    const started = await db
      .update(outboundEmails)
      .set({ status: 'sending', claimedUntil: new Date(clock().getTime() + EMAIL_RETRY.sendingMs) })
      .where(and(mine, eq(outboundEmails.status, 'claimed')))
      .returning({ id: outboundEmails.id });
    if (started.length === 0) continue;
    const attempts = row.attempts + 1;
    try {
      await transport.send(row.id, {
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        messageId: `<email-${row.id}@${host}>`,
        headers: { 'Auto-Submitted': 'auto-generated' },
        calendar:
          row.calendar && row.calendar_method
            ? { method: row.calendar_method, content: row.calendar }
            : undefined,
      });
    } catch (err) {
      const giveUp = isPermanentFailure(err) || attempts >= EMAIL_RETRY.maxAttempts;
      await db
        .update(outboundEmails)
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts,
          nextAttemptAt: new Date(clock().getTime() + retryDelayMs(attempts)),
          claimedBy: null,
          claimedUntil: null,
          lastError: String((err as Error)?.message ?? err).slice(0, 500),
        })
        .where(mine);
      if (giveUp) result.failed++;
      else result.retried++;
      continue;
    }
    await db
      .update(outboundEmails)
      .set({ status: 'sent', attempts, sentAt: sql`now()`, lastError: null })
      .where(mine);
    result.sent++;
  }
  return result;
}
