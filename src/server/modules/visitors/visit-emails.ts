import { longDay } from '../../../domain/calendar/day-name';
import {
  buildIcs,
  type CalendarEvent,
  type CalendarMethod,
  googleCalendarLink,
  outlookCalendarLink,
} from '../../../domain/calendar/ics';
import { formatWallTime, type TimeFormat } from '../../../domain/chapters/time-format';
import { VISIT_WHAT_TO_BRING } from '../../../domain/visitors/messages';
import { publicOrigin } from '../../auth/public-origin';
import type { AppConfig } from '../../config';
import type { Transaction } from '../../db/client';
import { outboundEmails } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';
import { applyToken } from './apply-token';
import { visitTicket } from './visit-ticket';

/**
 * Why a visitor is written to: each is one email, the first three with the invitation attached; `thanks` follows
 * their visit, with the link to apply.
 */
export type VisitEmailKind = 'confirmation' | 'update' | 'cancel' | 'reminder' | 'thanks';

/** Everything one visit email says: the visit, its meeting as it now stands, and the chapter. */
export interface VisitEmailFacts {
  visitId: string;
  visitorId: string;
  sequence: number;
  visitor: { firstName: string; lastName: string; email: string };
  meeting: { meetingDate: string; startTime: string; place: string | null; onlineUrl: string | null };
  chapter: {
    id: string;
    name: string;
    slug: string;
    timeZone: string;
    timeFormat: TimeFormat;
    minutes: number;
  };
}

/** What the app adds: its name, its address (links and the invitation's UID) and the sender as organizer. */
export interface VisitEmailContext {
  networkName: string;
  origin: string;
  /** MAIL_FROM: `"Name" <address>` or a bare address. */
  from: string;
  /** Signs each visitor's ticket (the session secret; the ticket's own purpose keeps the key apart). */
  ticketSecret: string;
}

/** The context from the app's settings. */
export const visitEmailContext = (config: AppConfig): VisitEmailContext => ({
  networkName: config.networkName,
  origin: publicOrigin(config),
  from: config.email.from,
  ticketSecret: config.sessionSecret,
});

const senderAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/** The visit as a calendar event: its id is the UID, so every update and the cancellation match it. */
export function visitEvent(
  facts: VisitEmailFacts,
  context: VisitEmailContext,
  method: CalendarMethod,
): CalendarEvent {
  const host = new URL(context.origin).hostname || 'localhost';
  const where = [facts.meeting.place, facts.meeting.onlineUrl].filter(Boolean).join(' · ');
  return {
    method,
    uid: `visit-${facts.visitId}@${host}`,
    sequence: facts.sequence,
    stamp: new Date(),
    date: facts.meeting.meetingDate,
    startTime: facts.meeting.startTime,
    durationMinutes: facts.chapter.minutes,
    timeZone: facts.chapter.timeZone,
    summary: `Visit: ${facts.chapter.name}`,
    description: `Your visit to ${facts.chapter.name}. Bring: ${VISIT_WHAT_TO_BRING}`,
    location: where || null,
    url: new URL(`/chapters/${facts.chapter.slug}/visit`, context.origin).toString(),
    organizer: { name: facts.chapter.name, email: senderAddress(context.from) },
    attendees: [
      {
        name: `${facts.visitor.firstName} ${facts.visitor.lastName}`,
        email: facts.visitor.email,
      },
    ],
  };
}

const HEADINGS: Record<VisitEmailKind, string> = {
  confirmation: 'You are registered',
  update: 'Your visit has changed',
  cancel: 'This meeting is called off',
  reminder: 'See you soon',
  thanks: 'Thank you for visiting',
};

/** One visit email, composed: subject, text, HTML and (but for the reminder) the invitation. */
export function composeVisitEmail(kind: VisitEmailKind, facts: VisitEmailFacts, context: VisitEmailContext) {
  const day = longDay(facts.meeting.meetingDate);
  const time = formatWallTime(facts.meeting.startTime, facts.chapter.timeFormat);
  const method: CalendarMethod = kind === 'cancel' ? 'CANCEL' : 'REQUEST';
  const event = visitEvent(facts, context, method);
  const subject = {
    confirmation: `You are registered: ${facts.chapter.name}, ${day}`,
    update: `Changed: your visit to ${facts.chapter.name} is now ${day} at ${time}`,
    cancel: `Cancelled: ${facts.chapter.name}, ${day}`,
    reminder: `Reminder: ${facts.chapter.name} meets ${day} at ${time}`,
    thanks: `Thank you for visiting ${facts.chapter.name}`,
  }[kind];
  const lead = {
    confirmation: `Thank you for registering to visit ${facts.chapter.name}.`,
    update: `The meeting you registered for has changed. Your calendar invitation is updated.`,
    cancel: `The meeting of ${day} will not take place. Your calendar invitation is cancelled; you are welcome at another meeting.`,
    reminder: `A reminder of your visit to ${facts.chapter.name}.`,
    thanks: `Thank you for visiting ${facts.chapter.name} on ${day}. A member of the chapter will call you in the next few days. If you would like to join, apply for membership: what you told us is filled in for you once you sign in.`,
  }[kind];
  const visitUrl = event.url!;
  const applyUrl = new URL('/apply', context.origin);
  applyUrl.searchParams.set('visit', applyToken(context.ticketSecret, facts.visitorId));
  const details =
    kind === 'cancel'
      ? [`Choose another date: ${visitUrl}`]
      : kind === 'thanks'
        ? [`Apply: ${applyUrl.toString()}`]
        : [
            `When: ${day} at ${time} (${facts.chapter.timeZone})`,
            ...(facts.meeting.place ? [`Where: ${facts.meeting.place}`] : []),
            ...(facts.meeting.onlineUrl ? [`Online: ${facts.meeting.onlineUrl}`] : []),
            `What to bring: ${VISIT_WHAT_TO_BRING}`,
            '',
            `Add to Google Calendar: ${googleCalendarLink(event)}`,
            `Add to Outlook: ${outlookCalendarLink(event)}`,
          ];
  // The ticket rides in every email that still expects them: the door scans its QR code (single use).
  const ticket =
    kind === 'cancel'
      ? null
      : visitTicket(context.ticketSecret, { id: facts.visitId, chapterId: facts.chapter.id });
  const ticketImage = ticket ? ticketImageUrl(context.origin, ticket) : null;
  if (ticket)
    details.push('', `Your ticket: show its QR code at the door (${ticketImage}), or this code: ${ticket}`);
  const text = [
    `Hi ${facts.visitor.firstName},`,
    '',
    lead,
    '',
    ...details,
    '',
    '--',
    facts.chapter.name,
    context.networkName,
  ].join('\n');
  const e = escapeHtml;
  const htmlLine = (line: string) =>
    line === ''
      ? ''
      : line.startsWith('Apply: ')
        ? `<p style="margin:16px 0"><a href="${e(line.slice('Apply: '.length))}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:600">Apply for membership</a></p>`
        : `<p style="margin:0 0 8px">${e(line).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">${url.length > 60 ? 'Open' : url}</a>`)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
<tr><td style="padding:24px">
<p style="margin:0 0 8px;font-size:13px;color:#475569">${e(facts.chapter.name)}</p>
<h1 style="margin:0 0 16px;font-size:20px">${e(HEADINGS[kind])}</h1>
<p style="margin:0 0 8px">Hi ${e(facts.visitor.firstName)},</p>
<p style="margin:0 0 16px;line-height:1.5">${e(lead)}</p>
${details
  .filter((line) => !line.startsWith('Your ticket:'))
  .map(htmlLine)
  .join('\n')}
${ticket ? `<p style="margin:16px 0 4px;font-weight:600">Your ticket: show it at the door</p>\n<img src="${e(ticketImage!)}" width="200" height="200" alt="Your ticket's QR code">\n<p style="margin:4px 0 0;font-size:12px;color:#475569;word-break:break-all">${e(ticket)}</p>` : ''}
</td></tr></table></body></html>`;
  const calendar = kind === 'reminder' || kind === 'thanks' ? null : buildIcs(event, context.networkName);
  return { subject, text, html, calendarMethod: calendar ? method : null, calendar };
}

/** The ticket's QR code as a picture an email can show (served by the visitors' routes). */
export const ticketImageUrl = (origin: string, ticket: string) =>
  new URL(`/api/visit-tickets/${encodeURIComponent(ticket)}/qr.png`, origin).toString();

/** Writes visit emails into the outbox in the caller's transaction: they exist exactly when the change does. */
export async function queueVisitEmails(
  tx: Transaction,
  context: VisitEmailContext,
  emails: readonly { kind: VisitEmailKind; facts: VisitEmailFacts }[],
): Promise<void> {
  if (emails.length === 0) return;
  await tx.insert(outboundEmails).values(
    emails.map(({ kind, facts }) => ({
      chapterId: facts.chapter.id,
      visitId: facts.visitId,
      to: facts.visitor.email,
      ...composeVisitEmail(kind, facts, context),
    })),
  );
}
