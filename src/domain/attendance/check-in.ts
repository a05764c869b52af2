import { z } from 'zod';
import { TIME_FORMATS } from '../chapters/time-format';
import {
  doorVisitorSchema,
  type TicketTap,
  ticketResultSchema,
  ticketTapSchema,
  type VisitorTap,
  visitorTapSchema,
  type WalkInTap,
  walkInTapSchema,
} from '../visitors/door';
import { agendaStateSchema } from './agenda';
import { ATTENDANCE_STATUSES, type AttendanceStatus, AWAY_KINDS, MEETING_STATES } from './status';

/** Meeting mode at the door and self check-in. */
export const CHECK_IN_MESSAGES = {
  notOpen: 'Check-in is not open for this meeting',
  notAMember: 'Only members of this chapter can check in here',
  codeInvalid: 'This check-in code is not valid. Scan the code shown in the room.',
  codeExpired: 'This check-in code has expired. Scan the code shown in the room now.',
  weekClosed:
    'Check-in by code ended when this week was closed. Ask your chapter leadership to correct your attendance.',
  tooManyTaps: 'Send at most 100 taps at a time',
  tapInvalid: 'Each tap needs an id, a member and a time',
} as const;

export const TAP_ACTIONS = ['check-in', 'undo'] as const;
export type TapAction = (typeof TAP_ACTIONS)[number];

/**
 * One tap at the door, as the browser keeps it until the server has it: its own id (a tap sent twice is
 * recorded once), the member, check in or undo, and when it was tapped (a tap made offline is late or on
 * time by when it was made, not by when the network came back).
 */
export const tapSchema = z.strictObject({
  id: z.uuid(CHECK_IN_MESSAGES.tapInvalid),
  memberId: z.uuid(CHECK_IN_MESSAGES.tapInvalid),
  action: z.enum(TAP_ACTIONS, { error: CHECK_IN_MESSAGES.tapInvalid }),
  tappedAt: z.iso.datetime({ offset: true, error: CHECK_IN_MESSAGES.tapInvalid }),
});
export type MemberTap = z.infer<typeof tapSchema>;

/** Anything done at the door: a member's tap, a visitor's, a ticket scanned, a walk-in added. */
export const doorTapSchema = z.union([tapSchema, visitorTapSchema, ticketTapSchema, walkInTapSchema], {
  error: CHECK_IN_MESSAGES.tapInvalid,
});
export type Tap = MemberTap | VisitorTap | TicketTap | WalkInTap;

export const isMemberTap = (tap: Tap): tap is MemberTap => 'memberId' in tap;
export const isVisitorTap = (tap: Tap): tap is VisitorTap => 'visitId' in tap;
export const isTicketTap = (tap: Tap): tap is TicketTap => 'ticket' in tap;
export const isWalkInTap = (tap: Tap): tap is WalkInTap => 'walkIn' in tap;

/** POST /api/meetings/:id/taps: the taps waiting in one browser, oldest first. */
export const tapBatchSchema = z.strictObject({
  taps: z.array(doorTapSchema).min(1, CHECK_IN_MESSAGES.tapInvalid).max(100, CHECK_IN_MESSAGES.tooManyTaps),
});

/** A member checked in at the door or by the QR code: Present or Late. */
export const CHECKED_IN_STATUSES = ['present', 'late'] as const;
export const isCheckedIn = (status: AttendanceStatus | null): boolean =>
  status === 'present' || status === 'late';

/** Present until the cut-off (start + the chapter's on-time minutes), Late after it. */
export const checkInStatus = (tappedAt: Date, cutoffAt: Date): 'present' | 'late' =>
  tappedAt.getTime() > cutoffAt.getTime() ? 'late' : 'present';

const doorMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessName: z.string().nullable(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  checkedInAt: z.string().nullable(),
  /** Said ahead they will be away ("I'll be away"). */
  away: z.enum(AWAY_KINDS).nullable(),
});
export type DoorMember = z.infer<typeof doorMemberSchema>;

/** GET /api/meetings/:id/door: the roster at the door with each member's mark so far. */
export const doorViewSchema = z.object({
  meeting: z.object({
    id: z.string(),
    meetingDate: z.string(),
    startTime: z.string(),
    state: z.enum(MEETING_STATES),
  }),
  chapterName: z.string(),
  /** The chapter's time zone and way of writing times: times at the door read as the room's clock. */
  timeZone: z.string(),
  timeFormat: z.enum(TIME_FORMATS),
  /** The instant after which a check-in is Late. */
  cutoffAt: z.string(),
  serverNow: z.string(),
  members: z.array(doorMemberSchema),
  /** The visitors registered for this meeting (and walk-ins), A to Z. */
  visitors: z.array(doorVisitorSchema),
  /** After a batch of taps: what became of each ticket in it. */
  tickets: z.array(ticketResultSchema).optional(),
  agenda: agendaStateSchema,
});
export type DoorView = z.infer<typeof doorViewSchema>;

export interface DoorCounts {
  present: number;
  late: number;
  /** Members expected in the room: everyone not excused and not sending a substitute. */
  expected: number;
  /** Excused or sending a substitute. */
  away: number;
}

const AWAY_STATUSES: ReadonlySet<AttendanceStatus> = new Set(['excused', 'substitute']);

/** The counts at the top of the door screen. */
export function doorCounts(members: Pick<DoorMember, 'status'>[]): DoorCounts {
  let present = 0;
  let late = 0;
  let away = 0;
  for (const m of members) {
    if (m.status === 'present') present++;
    else if (m.status === 'late') late++;
    else if (m.status && AWAY_STATUSES.has(m.status)) away++;
  }
  return { present, late, away, expected: members.length - away };
}

/** A check-in code's page (GET /api/check-in/:token), for the member who scanned it. */
export const selfCheckInViewSchema = z.object({
  chapterName: z.string(),
  timeZone: z.string(),
  timeFormat: z.enum(TIME_FORMATS),
  meetingDate: z.string(),
  startTime: z.string(),
  status: z.enum(ATTENDANCE_STATUSES).nullable(),
  checkedInAt: z.string().nullable(),
});
export type SelfCheckInView = z.infer<typeof selfCheckInViewSchema>;

/** GET /api/meetings/:id/codes: the room's QR code for self check-in and the display's address. */
export const meetingCodesSchema = z.object({
  checkInUrl: z.string(),
  /** The check-in URL as an SVG QR code. */
  checkInQrSvg: z.string(),
  checkInExpiresAt: z.string(),
  /** The chapter's clock, which "valid until" is read on (not the device's). */
  timeZone: z.string(),
  timeFormat: z.enum(TIME_FORMATS),
  displayUrl: z.string(),
});
export type MeetingCodes = z.infer<typeof meetingCodesSchema>;

/** GET /api/room/:token: what the room's screen shows (no member's name: it hangs on a wall). */
export const roomViewSchema = z.object({
  chapterName: z.string(),
  meetingDate: z.string(),
  startTime: z.string(),
  agenda: agendaStateSchema,
});
export type RoomView = z.infer<typeof roomViewSchema>;
