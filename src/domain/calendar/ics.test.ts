import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildIcs, type CalendarEvent, googleCalendarLink, outlookCalendarLink } from './ics';

const INVITE: CalendarEvent = {
  method: 'REQUEST',
  uid: '0b7f6c1e-2f4a-4c55-9d1e-5a9b1c2d3e4f@network.example.com',
  sequence: 0,
  stamp: new Date('2026-11-20T16:30:00Z'),
  date: '2026-12-01',
  startTime: '07:00',
  durationMinutes: 90,
  timeZone: 'America/Denver',
  summary: 'Visit: Fort Collins Connectors, weekly meeting',
  description: 'Bring business cards; 30 of them.\nArrive ten minutes early.',
  location: 'Old Town Library, 201 Peterson St',
  url: 'https://network.example.com/chapters/fort-collins/visit',
  organizer: { name: 'Fort Collins Connectors', email: 'no-reply@network.example.com' },
  attendees: [{ name: 'Dana Visitor', email: 'dana@example.org' }],
};

// Written by hand: America/Denver in 2026 goes to daylight time on 8 March at 02:00 (-0700 -> -0600) and back
// on 1 November at 02:00; 07:00 for 90 minutes ends at 08:30, both in the chapter's zone.
const GOLDEN = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//NoCo Network//Invitations//EN',
  'CALSCALE:GREGORIAN',
  'METHOD:REQUEST',
  'BEGIN:VTIMEZONE',
  'TZID:America/Denver',
  'BEGIN:DAYLIGHT',
  'DTSTART:20260308T020000',
  'TZOFFSETFROM:-0700',
  'TZOFFSETTO:-0600',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'DTSTART:20261101T020000',
  'TZOFFSETFROM:-0600',
  'TZOFFSETTO:-0700',
  'END:STANDARD',
  'END:VTIMEZONE',
  'BEGIN:VEVENT',
  'UID:0b7f6c1e-2f4a-4c55-9d1e-5a9b1c2d3e4f@network.example.com',
  'SEQUENCE:0',
  'DTSTAMP:20261120T163000Z',
  'DTSTART;TZID=America/Denver:20261201T070000',
  'DTEND;TZID=America/Denver:20261201T083000',
  'SUMMARY:Visit: Fort Collins Connectors\\, weekly meeting',
  'DESCRIPTION:Bring business cards\\; 30 of them.\\nArrive ten minutes early.',
  'LOCATION:Old Town Library\\, 201 Peterson St',
  'URL:https://network.example.com/chapters/fort-collins/visit',
  'ORGANIZER;CN="Fort Collins Connectors":mailto:no-reply@network.example.com',
  // 75 octets, then the fold (CRLF and a space).
  'ATTENDEE;CN="Dana Visitor";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=',
  ' TRUE:mailto:dana@example.org',
  'STATUS:CONFIRMED',
  'TRANSP:OPAQUE',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

describe('a visit invitation as iCalendar', () => {
  it('is exactly the invitation written by hand', () => {
    expect(buildIcs(INVITE, 'NoCo Network')).toBe(GOLDEN);
  });

  it('reads back in a maintained iCalendar parser: same UID, the start at 14:00 UTC in the chapter zone', () => {
    const calendar = new ICAL.Component(ICAL.parse(buildIcs(INVITE, 'NoCo Network')));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    ICAL.TimezoneService.register(zone, 'America/Denver');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe(INVITE.uid);
    expect(event.sequence).toBe(0);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T15:30:00.000Z');
    expect(event.summary).toBe('Visit: Fort Collins Connectors, weekly meeting');
    expect(event.location).toBe('Old Town Library, 201 Peterson St');
    expect(event.organizer).toBe('mailto:no-reply@network.example.com');
    expect(event.attendees.map((a) => a.getFirstValue())).toEqual(['mailto:dana@example.org']);
    ICAL.TimezoneService.remove('America/Denver');
  });

  it('a summer meeting starts at 13:00 UTC: the daylight observance applies', () => {
    const calendar = new ICAL.Component(
      ICAL.parse(buildIcs({ ...INVITE, date: '2026-07-07' }, 'NoCo Network')),
    );
    ICAL.TimezoneService.register(
      new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!),
      'America/Denver',
    );
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-07T13:00:00.000Z');
    ICAL.TimezoneService.remove('America/Denver');
  });

  it('a cancellation keeps the UID, raises the sequence and says CANCELLED', () => {
    const text = buildIcs({ ...INVITE, method: 'CANCEL', sequence: 2 }, 'NoCo Network');
    expect(text).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(text).toContain(`\r\nUID:${INVITE.uid}\r\n`);
    expect(text).toContain('\r\nSEQUENCE:2\r\n');
    expect(text).toContain('\r\nSTATUS:CANCELLED\r\n');
  });

  it('a zone without daylight saving has one standing observance', () => {
    const text = buildIcs({ ...INVITE, timeZone: 'America/Phoenix' }, 'NoCo Network');
    expect(text).toContain(
      'BEGIN:VTIMEZONE\r\nTZID:America/Phoenix\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\nTZOFFSETFROM:-0700\r\nTZOFFSETTO:-0700\r\nEND:STANDARD\r\nEND:VTIMEZONE',
    );
  });

  it('folds no line past 75 octets, and never inside a character', () => {
    const text = buildIcs({ ...INVITE, description: 'é'.repeat(120) }, 'NoCo Network');
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    expect(unfolded).toContain(`DESCRIPTION:${'é'.repeat(120)}\r\n`);
  });

  it('links to Google and Outlook with the UTC start and end', () => {
    const google = new URL(googleCalendarLink(INVITE));
    expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(google.searchParams.get('dates')).toBe('20261201T140000Z/20261201T153000Z');
    expect(google.searchParams.get('ctz')).toBe('America/Denver');
    const outlook = new URL(outlookCalendarLink(INVITE));
    expect(outlook.searchParams.get('startdt')).toBe('2026-12-01T14:00:00.000Z');
    expect(outlook.searchParams.get('enddt')).toBe('2026-12-01T15:30:00.000Z');
    expect(outlook.searchParams.get('subject')).toBe(INVITE.summary);
  });
});
