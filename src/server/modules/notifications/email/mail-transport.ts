import nodemailer from 'nodemailer';
import type { Database } from '../../../db/client';
import { mailboxMessages } from '../../../db/schema';
import type { ComposedEmail } from './compose-email';

/**
 * Where the worker hands emails over. SMTP sends them; the mailbox keeps them in the database for the
 * development mailbox page, so a fresh clone shows what it would have sent and nothing leaves the machine.
 */
export interface MailTransport {
  kind: 'smtp' | 'mailbox';
  /**
   * Whether handing the same email over twice still delivers it once. The mailbox is (its key is the
   * notification id); SMTP is not, so a send interrupted before it was recorded is never repeated.
   */
  idempotent: boolean;
  /** `notificationId` is the outbox row's id (a notification's, or an email to someone without an account). */
  send(notificationId: string, email: ComposedEmail): Promise<void>;
  close(): void;
}

/** An SMTP refusal the server says will not change (5xx): retrying cannot help. */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  // Bounded waits: a hung server delays only the worker, and never past the claim it holds.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    idempotent: false,
    async send(_notificationId, email) {
      await transporter.sendMail({
        from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        messageId: email.messageId,
        headers: email.headers,
        ...(email.calendar
          ? {
              icalEvent: {
                method: email.calendar.method,
                content: email.calendar.content,
                filename: 'invite.ics',
              },
            }
          : {}),
      });
    },
    close: () => transporter.close(),
  };
}

export function mailboxTransport(db: () => Database): MailTransport {
  return {
    kind: 'mailbox',
    idempotent: true,
    async send(notificationId, email) {
      await db()
        .insert(mailboxMessages)
        .values({
          notificationId,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          headers: { 'Message-ID': email.messageId, ...email.headers },
          calendar: email.calendar?.content ?? null,
        })
        .onConflictDoNothing();
    },
    close: () => {},
  };
}
