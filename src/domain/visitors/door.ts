import { z } from 'zod';
import { FIELD_MAX, requiredEmail } from '../fields';
import { lineText, nameText, orNull, requiredName } from '../text';
import { VISITOR_MESSAGES as M } from './messages';

/** What meeting mode says of a visitor's ticket, and of one added at the door. */
export const DOOR_VISITOR_MESSAGES = {
  ticketInvalid:
    'This ticket is not valid. Ask the visitor for the email with their ticket, or find them in the list.',
  ticketOtherChapter: "This ticket is for another chapter's meeting.",
  ticketOtherMeeting: (longDate: string) => `This ticket is for the meeting of ${longDate}, not this one.`,
  alreadyCheckedIn: (name: string) => `${name} is already checked in.`,
  checkedIn: (name: string) => `${name} is checked in. Welcome!`,
  visitorInvalid: 'Each visitor tap needs an id, a visit and a time',
  businessRequired: 'Business is required',
  notThisMeeting: 'That visitor is not registered for this meeting',
} as const;

/** The details a walk-in gives at the door: name, email and business; a phone if they like. */
export const walkInSchema = z.strictObject({
  firstName: requiredName(M.firstNameRequired, FIELD_MAX.personName),
  lastName: requiredName(M.lastNameRequired, FIELD_MAX.personName),
  email: requiredEmail(M.emailRequired, M.invalidEmail),
  business: requiredName(DOOR_VISITOR_MESSAGES.businessRequired, FIELD_MAX.businessName),
  phone: orNull(lineText(FIELD_MAX.phone)),
  industry: orNull(nameText(FIELD_MAX.industryName)),
});
export type WalkIn = z.infer<typeof walkInSchema>;

const tapId = z.uuid(DOOR_VISITOR_MESSAGES.visitorInvalid);
const tappedAt = z.iso.datetime({ offset: true, error: DOOR_VISITOR_MESSAGES.visitorInvalid });

/** A tap on a registered visitor: checked in, or taken back. */
export const visitorTapSchema = z.strictObject({
  id: tapId,
  visitId: z.uuid(DOOR_VISITOR_MESSAGES.visitorInvalid),
  action: z.enum(['check-in', 'undo'], { error: DOOR_VISITOR_MESSAGES.visitorInvalid }),
  tappedAt,
});

/** A visitor's ticket as scanned (the QR code's text), checked by the server when it arrives. */
export const ticketTapSchema = z.strictObject({
  id: tapId,
  ticket: z.string().max(200, DOOR_VISITOR_MESSAGES.ticketInvalid),
  tappedAt,
});

/** Someone who came without registering, added and checked in at once. */
export const walkInTapSchema = z.strictObject({ id: tapId, walkIn: walkInSchema, tappedAt });

export type VisitorTap = z.infer<typeof visitorTapSchema>;
export type TicketTap = z.infer<typeof ticketTapSchema>;
export type WalkInTap = z.infer<typeof walkInTapSchema>;

/** A registered visitor of the meeting as the door shows them. */
export const doorVisitorSchema = z.object({
  visitId: z.string(),
  visitorId: z.string(),
  name: z.string(),
  business: z.string().nullable(),
  invitedByName: z.string().nullable(),
  walkIn: z.boolean(),
  checkedInAt: z.string().nullable(),
});
export type DoorVisitor = z.infer<typeof doorVisitorSchema>;

/** What became of each ticket in a batch (a refused ticket refuses nothing else). */
export const ticketResultSchema = z.object({
  tapId: z.string(),
  outcome: z.enum(['checked_in', 'already', 'refused']),
  message: z.string(),
});
export type TicketResult = z.infer<typeof ticketResultSchema>;

/** The ticket's text: `v1.<visit id>.<signature>`; the prefix lets a later format stand beside it. */
export const TICKET_PREFIX = 'v1.';
