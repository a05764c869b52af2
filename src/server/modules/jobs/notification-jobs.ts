import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { publicOrigin } from '../../auth/public-origin';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { notifications, outboundEmails } from '../../db/schema';
import { deleteExpiredFormTokenUses } from '../../http/form-token';
import { deleteStaleRateLimitCounters } from '../../http/rate-limits';
import { remindNotRecordedMeetings } from '../meetings/not-recorded-reminders';
import { scheduleMeetings } from '../meetings/schedule-meetings';
import { oldestUnsentAgeSeconds, runEmailBatch } from '../notifications/email/email-worker';
import type { MailTransport } from '../notifications/email/mail-transport';
import { runOutboundBatch } from '../notifications/email/outbound-worker';
import { runReferralNudges } from '../referrals/referral-nudges';
import { takeScoreSnapshots } from '../scorecard/snapshots';
import { remindOverdueFollowUps } from '../visitors/follow-up-reminders';
import { visitEmailContext } from '../visitors/visit-emails';
import { remindVisitors } from '../visitors/visitor-reminders';

export interface NotificationJobs {
  /** Seconds the oldest unsent email has waited, as of the worker's last pass; null when none waits. */
  mailQueueAgeSeconds(): number | null;
  stop(): Promise<void>;
}

/** Told of each background job run and each email batch's outcome (the service metrics listen). */
export interface JobObserver {
  jobRan(job: string, outcome: 'ok' | 'failed', seconds: number): void;
  emailsDelivered(result: { sent: number; retried: number; failed: number }): void;
}

export interface JobIntervals {
  emailMs: number;
  nudgesMs: number;
}

const DEFAULT_INTERVALS: JobIntervals = { emailMs: 5_000, nudgesMs: 10 * 60_000 };

/**
 * The in-app schedule: the email worker every few seconds; the follow-up nudges and the chapters' weekly
 * meetings every few minutes.
 * Every instance runs both; the database settles who does what (SKIP LOCKED claims, reminder keys), and
 * the state lives in tables, so a restart loses nothing. A failing pass is logged and retried next tick.
 */
export function startNotificationJobs(
  db: () => Database,
  config: AppConfig,
  transport: MailTransport,
  log: FastifyBaseLogger,
  options: { intervals?: JobIntervals | undefined; observer?: JobObserver | undefined } = {},
): NotificationJobs {
  const intervals = options.intervals ?? DEFAULT_INTERVALS;
  const observer = options.observer;
  /** Runs one job, telling the observer how it went; a failure still ends the pass (retried next tick). */
  async function timed<T>(job: string, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      const result = await run();
      observer?.jobRan(job, 'ok', (performance.now() - started) / 1000);
      return result;
    } catch (err) {
      observer?.jobRan(job, 'failed', (performance.now() - started) / 1000);
      throw err;
    }
  }
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let queueAge: number | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let emailTimer: NodeJS.Timeout | undefined;
  let lastNudges = 0;

  async function pass() {
    try {
      if (Date.now() - lastNudges >= intervals.nudgesMs) {
        lastNudges = Date.now();
        const nudges = await timed('referral_nudges', () => runReferralNudges(db()));
        if (nudges > 0) log.info({ nudges }, 'referral follow-up reminders written');
        // Each chapter's weekly meetings, made ahead and caught up after downtime.
        const made = await timed('schedule_meetings', () => scheduleMeetings(db()));
        if (made > 0) log.info({ made }, 'scheduled meetings made');
        const missed = await timed('not_recorded_meetings', () => remindNotRecordedMeetings(db()));
        if (missed > 0) log.info({ missed }, 'leadership reminded of meetings not recorded');
        const visitors = await timed('visitor_reminders', () =>
          remindVisitors(db(), visitEmailContext(config)),
        );
        if (visitors > 0) log.info({ visitors }, 'visitors reminded of their meeting');
        // Each chapter's monthly scores, kept once the month is over and caught up after downtime.
        const scores = await timed('score_snapshots', () => takeScoreSnapshots(db()));
        if (scores > 0) log.info({ scores }, 'monthly scores kept');
        const calls = await timed('visitor_follow_ups', () => remindOverdueFollowUps(db()));
        if (calls > 0) log.info({ calls }, 'overdue visitor calls reminded or passed to the president');
        // The same slow tick sweeps rate-limit counters and spent form tokens whose time has passed.
        await timed('sweep', async () => {
          await deleteStaleRateLimitCounters(db());
          await deleteExpiredFormTokenUses(db());
        });
      }
      if (config.email.enabled) {
        const result = await timed('email_batch', () =>
          runEmailBatch({
            db: db(),
            transport,
            workerId,
            networkName: config.networkName,
            origin: publicOrigin(config),
            secret: config.sessionSecret,
          }),
        );
        observer?.emailsDelivered(result);
        if (result.sent + result.retried + result.failed > 0) log.info(result, 'notification emails');
        // Emails to people without an account (visitors) go out the same way, from their own outbox.
        const outbound = await timed('outbound_batch', () =>
          runOutboundBatch({ db: db(), transport, workerId, origin: publicOrigin(config) }),
        );
        observer?.emailsDelivered(outbound);
        if (outbound.sent + outbound.retried + outbound.failed > 0) log.info(outbound, 'visitor emails');
      } else {
        await db()
          .update(notifications)
          .set({ emailStatus: 'skipped' })
          .where(sql`${notifications.emailStatus} = 'pending'`);
        await db()
          .update(outboundEmails)
          .set({ status: 'skipped' })
          .where(sql`${outboundEmails.status} = 'pending'`);
      }
      queueAge = await oldestUnsentAgeSeconds(db());
    } catch (err) {
      log.warn({ err }, 'notification jobs: pass failed; retrying at the next tick');
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    emailTimer = setTimeout(() => {
      running = pass().finally(() => schedule(intervals.emailMs));
    }, delay);
  }
  // The first pass waits one interval, so start-up and the first requests have the database to themselves.
  schedule(intervals.emailMs);

  return {
    mailQueueAgeSeconds: () => queueAge,
    async stop() {
      stopped = true;
      clearTimeout(emailTimer);
      await running;
      transport.close();
    },
  };
}
