import { zonedInstant } from '../dates';
import { offsetChanges, offsetMinutes } from './time-zone';

/**
 * An invitation to one person (RFC 5545 with the iTIP methods of RFC 5546): REQUEST to invite or to move it
 * (same UID, SEQUENCE one higher), CANCEL when it is called off; PUBLISH for a download nobody answers.
 */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface CalendarEvent {
  method: CalendarMethod;
  /** Stable for the life of the invitation: calendars match updates and cancellations by it. */
  uid: string;
  sequence: number;
  /** When this version was written (DTSTAMP). */
  stamp: Date;
  /** Local date (yyyy-MM-dd) and time (HH:MM) in `timeZone`. */
  date: string;
  startTime: string;
  durationMinutes: number;
  timeZone: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: { name: string; email: string };
  /** Who is invited: the visitor, or both members of a booked one-to-one. */
  attendees: ReadonlyArray<{ name: string; email: string }>;
}

/** TEXT values escape backslash, semicolon, comma and newlines. */
const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** A parameter value is quoted, and may not hold a double quote. */
const quoteParam = (value: string) => `"${value.replace(/"/g, "'").replace(/[\r\n]/g, ' ')}"`;

/** Lines longer than 75 octets are folded: CRLF and one space, never inside a UTF-8 character. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  out.push(current);
  return out.join('\r\n ');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 20261201T070000: a local date-time. */
const localStamp = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
/** 20261201T140000Z: an instant in UTC. */
export const utcStamp = (at: Date) =>
  `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`;
/** -0700: an offset in minutes as iCalendar writes it. */
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}${pad(Math.abs(minutes) % 60)}`;

/** The wall-clock time of `at` in a zone whose offset is `offset` minutes, as a local date-time. */
const wallStamp = (at: Date, offset: number) =>
  utcStamp(new Date(at.getTime() + offset * 60_000)).slice(0, -1);

/**
 * The zone's VTIMEZONE for the event's year: each offset change as its own observance (no rule to
 * extrapolate), or one STANDARD observance for a zone that keeps one offset all year.
 */
export function vtimezone(timeZone: string, year: number): string[] {
  const changes = offsetChanges(timeZone, year);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  if (changes.length === 0) {
    const offset = offsetText(offsetMinutes(timeZone, new Date(Date.UTC(year, 0, 1))));
    lines.push(
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      'END:STANDARD',
    );
  }
  // Daylight time is the one that moves the clock forward.
  const januaryOffset = offsetMinutes(timeZone, new Date(Date.UTC(year, 0, 1)));
  const julyOffset = offsetMinutes(timeZone, new Date(Date.UTC(year, 6, 1)));
  const standardOffset = Math.min(januaryOffset, julyOffset);
  for (const change of changes) {
    const kind = change.to > standardOffset ? 'DAYLIGHT' : 'STANDARD';
    lines.push(
      `BEGIN:${kind}`,
      `DTSTART:${wallStamp(change.at, change.from)}`,
      `TZOFFSETFROM:${offsetText(change.from)}`,
      `TZOFFSETTO:${offsetText(change.to)}`,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/** The invitation as an iCalendar text (CRLF line ends, folded lines). */
export function buildIcs(event: CalendarEvent, productName: string): string {
  const start = zonedInstant(event.date, event.startTime, event.timeZone);
  const end = new Date(start.getTime() + event.durationMinutes * 60_000);
  const endOffset = offsetMinutes(event.timeZone, end);
  const endLocal = wallStamp(end, endOffset);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${productName.replace(/\/\//g, '/')}//Invitations//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    ...vtimezone(event.timeZone, Number(event.date.slice(0, 4))),
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${event.timeZone}:${localStamp(event.date, event.startTime)}`,
    `DTEND;TZID=${event.timeZone}:${endLocal}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `ORGANIZER;CN=${quoteParam(event.organizer.name)}:mailto:${event.organizer.email}`,
    ...event.attendees.map(
      (attendee) =>
        `ATTENDEE;CN=${quoteParam(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${attendee.email}`,
    ),
    `STATUS:${event.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The event's start and end as instants (for the add-to-calendar links). */
export function eventInstants(
  event: Pick<CalendarEvent, 'date' | 'startTime' | 'durationMinutes' | 'timeZone'>,
) {
  const start = zonedInstant(event.date, event.startTime, event.timeZone);
  return { start, end: new Date(start.getTime() + event.durationMinutes * 60_000) };
}

/** Add-to-Google: Google Calendar's documented event template link. */
export function googleCalendarLink(event: CalendarEvent): string {
  const { start, end } = eventInstants(event);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.summary,
    dates: `${utcStamp(start)}/${utcStamp(end)}`,
    details: event.description,
    ctz: event.timeZone,
  });
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** Add-to-Outlook: Outlook on the web's compose deep link. */
export function outlookCalendarLink(event: CalendarEvent): string {
  const { start, end } = eventInstants(event);
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.summary,
    startdt: start.toISOString(),
    enddt: end.toISOString(),
    body: event.description,
  });
  if (event.location) params.set('location', event.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}
