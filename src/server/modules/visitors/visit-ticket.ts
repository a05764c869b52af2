import { createHmac } from 'node:crypto';
import { TICKET_PREFIX } from '../../../domain/visitors/door';
import { safeEqual } from '../../auth/tokens';
import { isUuid } from '../../lib/uuid';

/**
 * A visitor's ticket: `v1.<visit id>.<chapter id>.<signature>`, signed under a key of its own purpose (a ticket
 * opens nothing else and no other signed link passes for one). The chapter rides along because another
 * chapter's door cannot see the visit at all (row-level security) and should still say whose ticket it is.
 * Single use comes from the visit itself (checked in once), so nothing more is stored; a new secret voids
 * every ticket. 120 bits of the HMAC keep the whole ticket under the router's 100-character parameter.
 */
const sign = (secret: string, payload: string) =>
  createHmac('sha256', `visitor-ticket:${secret}`).update(payload).digest('base64url').slice(0, 20);

export const visitTicket = (secret: string, visit: { id: string; chapterId: string }) => {
  const payload = `${visit.id}.${visit.chapterId}`;
  return `${TICKET_PREFIX}${payload}.${sign(secret, payload)}`;
};

/** The visit and chapter a ticket names, or null for anything forged, altered or not a ticket. */
export function readVisitTicket(
  secret: string,
  ticket: string,
): { visitId: string; chapterId: string } | null {
  const text = ticket.trim();
  if (!text.startsWith(TICKET_PREFIX)) return null;
  const [visitId = '', chapterId = '', signature = '', ...rest] = text.slice(TICKET_PREFIX.length).split('.');
  if (rest.length > 0 || !isUuid(visitId) || !isUuid(chapterId)) return null;
  if (!safeEqual(signature, sign(secret, `${visitId}.${chapterId}`))) return null;
  return { visitId, chapterId };
}
