import { longDay } from '../../../domain/calendar/day-name';
import {
  buildIcs,
  type CalendarEvent,
  type CalendarMethod,
  googleCalendarLink,
  outlookCalendarLink,
} from '../../../domain/calendar/ics';
import { DEFAULT_TIME_FORMAT, formatWallTime } from '../../../domain/chapters/time-format';
import { ONE_TO_ONE_MODE_LABELS, type OneToOneMode } from '../../../domain/one-to-ones/messages';
import { publicOrigin } from '../../auth/public-origin';
import type { AppConfig } from '../../config';
import type { Transaction } from '../../db/client';
import { outboundEmails } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';

/** Why both members are written to: booked, moved, or called off. */
export type BookingEmailKind = 'booked' | 'moved' | 'cancelled';

export interface BookingParty {
  name: string;
  email: string;
  chapterId: string | null;
}

/** A booking as its emails tell it. */
export interface BookingFacts {
  id: string;
  sequence: number;
  date: string;
  startTime: string;
  minutes: number;
  mode: OneToOneMode;
  place: string | null;
  timeZone: string;
  booker: BookingParty;
  other: BookingParty;
}

export interface BookingEmailContext {
  networkName: string;
  origin: string;
  from: string;
}

export const bookingEmailContext = (config: AppConfig): BookingEmailContext => ({
  networkName: config.networkName,
  origin: publicOrigin(config),
  from: config.email.from,
});

const senderAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The booking as one calendar event, the same for both members: its id is the UID (every move and the
 * cancellation match it), both are attendees, and the app's sender organizes it (it sends every update).
 */
export function bookingEvent(
  facts: BookingFacts,
  context: BookingEmailContext,
  method: CalendarMethod,
): CalendarEvent {
  const host = new URL(context.origin).hostname || 'localhost';
  return {
    method,
    uid: `one-to-one-${facts.id}@${host}`,
    sequence: facts.sequence,
    stamp: new Date(),
    date: facts.date,
    startTime: facts.startTime,
    durationMinutes: facts.minutes,
    timeZone: facts.timeZone,
    summary: `One-to-one: ${facts.booker.name} and ${facts.other.name}`,
    description: `A one-to-one to learn each other's business (${ONE_TO_ONE_MODE_LABELS[facts.mode].toLowerCase()}).`,
    location: facts.place,
    url: new URL('/dashboard?tab=referrals', context.origin).toString(),
    organizer: { name: context.networkName, email: senderAddress(context.from) },
    attendees: [
      { name: facts.booker.name, email: facts.booker.email },
      { name: facts.other.name, email: facts.other.email },
    ],
  };
}

/** One member's email about the booking, naming the other member, with the invitation attached. */
export function composeBookingEmail(
  kind: BookingEmailKind,
  facts: BookingFacts,
  to: 'booker' | 'other',
  context: BookingEmailContext,
) {
  const me = to === 'booker' ? facts.booker : facts.other;
  const them = to === 'booker' ? facts.other : facts.booker;
  const method: CalendarMethod = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  const event = bookingEvent(facts, context, method);
  const day = longDay(facts.date);
  const time = formatWallTime(facts.startTime, DEFAULT_TIME_FORMAT);
  const subject = {
    booked: `One-to-one with ${them.name}: ${day} at ${time}`,
    moved: `Moved: your one-to-one with ${them.name} is now ${day} at ${time}`,
    cancelled: `Cancelled: your one-to-one with ${them.name}, ${day}`,
  }[kind];
  const lead = {
    booked:
      to === 'booker'
        ? `You booked a one-to-one with ${them.name}.`
        : `${them.name} booked a one-to-one with you.`,
    moved: `Your one-to-one with ${them.name} has moved. Your calendar invitation is updated.`,
    cancelled: `Your one-to-one with ${them.name} on ${day} is called off. Your calendar invitation is cancelled.`,
  }[kind];
  const details =
    kind === 'cancelled'
      ? []
      : [
          `When: ${day} at ${time} (${facts.timeZone}), ${facts.minutes} minutes`,
          `How: ${ONE_TO_ONE_MODE_LABELS[facts.mode]}${facts.place ? `, ${facts.place}` : ''}`,
          '',
          `Add to Google Calendar: ${googleCalendarLink(event)}`,
          `Add to Outlook: ${outlookCalendarLink(event)}`,
        ];
  const text = [`Hi ${me.name},`, '', lead, '', ...details, '', '--', context.networkName].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:20px">${e(subject)}</h1>
<p style="margin:0 0 8px">Hi ${e(me.name)},</p>
<p style="margin:0 0 16px;line-height:1.5">${e(lead)}</p>
${details
  .filter(Boolean)
  .map(
    (line) =>
      `<p style="margin:0 0 8px">${e(line).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}">Open</a>`)}</p>`,
  )
  .join('\n')}
</td></tr></table></body></html>`;
  return {
    to: me.email,
    subject,
    text,
    html,
    calendarMethod: method,
    calendar: buildIcs(event, context.networkName),
  };
}

/**
 * Writes the booking's two emails (one per member) into the outbox in the caller's transaction. Each lands in
 * its member's chapter (the other's when one belongs to none).
 */
export async function queueBookingEmails(
  tx: Transaction,
  context: BookingEmailContext,
  kind: BookingEmailKind,
  facts: BookingFacts,
): Promise<void> {
  const chapterOf = (party: BookingParty) =>
    party.chapterId ?? facts.booker.chapterId ?? facts.other.chapterId;
  await tx.insert(outboundEmails).values(
    (['booker', 'other'] as const).map((to) => ({
      chapterId: chapterOf(to === 'booker' ? facts.booker : facts.other)!,
      ...composeBookingEmail(kind, facts, to, context),
    })),
  );
}
