import { createHmac } from 'node:crypto';
import { isIsoDate } from '../../../domain/dates';
import { safeEqual } from '../../auth/tokens';
import { isUuid } from '../../lib/uuid';

/**
 * Signed links to one meeting: `meetingId.date.expires.signature` (expiry in base 36 seconds), an HMAC under a key
 * derived from the session secret and the link's purpose, so a room display's link never checks anyone in.
 * Bound to the meeting and its date (a moved meeting's old code is refused) and short-lived: a code of
 * last week has long expired. Nothing is stored; a new secret voids every link.
 */
export type MeetingTokenPurpose = 'check-in' | 'room';

/** A check-in code lives three hours (the room's screen fetches a fresh one); a display link a day. */
export const MEETING_TOKEN_SECONDS: Record<MeetingTokenPurpose, number> = {
  'check-in': 3 * 60 * 60,
  room: 24 * 60 * 60,
};

// 128 bits of the HMAC (22 characters): the whole link stays under the router's 100-character parameter.
const sign = (secret: string, purpose: MeetingTokenPurpose, payload: string) =>
  createHmac('sha256', `meeting-${purpose}:${secret}`).update(payload).digest('base64url').slice(0, 22);

export function meetingToken(
  secret: string,
  purpose: MeetingTokenPurpose,
  meeting: { id: string; meetingDate: string },
  now = new Date(),
): { token: string; expiresAt: Date } {
  const expires = Math.floor(now.getTime() / 1000) + MEETING_TOKEN_SECONDS[purpose];
  const payload = `${meeting.id}.${meeting.meetingDate}.${expires.toString(36)}`;
  return { token: `${payload}.${sign(secret, purpose, payload)}`, expiresAt: new Date(expires * 1000) };
}

export type MeetingTokenReading =
  | { valid: false }
  | { valid: true; expired: boolean; meetingId: string; meetingDate: string };

/** What a link says, once its signature holds; `expired` past its time. */
export function readMeetingToken(
  secret: string,
  purpose: MeetingTokenPurpose,
  token: string,
  now = new Date(),
): MeetingTokenReading {
  const [meetingId, meetingDate, expires, signature, ...rest] = token.split('.');
  if (rest.length > 0 || !meetingId || !meetingDate || !expires || !signature) return { valid: false };
  if (!isUuid(meetingId) || !isIsoDate(meetingDate) || !/^[0-9a-z]{1,9}$/.test(expires))
    return { valid: false };
  if (!safeEqual(signature, sign(secret, purpose, `${meetingId}.${meetingDate}.${expires}`))) {
    return { valid: false };
  }
  return {
    valid: true,
    expired: Number.parseInt(expires, 36) * 1000 < now.getTime(),
    meetingId,
    meetingDate,
  };
}
