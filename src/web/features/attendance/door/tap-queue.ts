import {
  checkInStatus,
  type DoorMember,
  isCheckedIn,
  isMemberTap,
  isTicketTap,
  isVisitorTap,
  isWalkInTap,
  type MemberTap,
  type Tap,
  type TapAction,
} from '../../../../domain/attendance/check-in';
import type { DoorVisitor, TicketTap, VisitorTap, WalkIn, WalkInTap } from '../../../../domain/visitors/door';

/**
 * Taps not yet confirmed by the server, kept in this browser per meeting: a tap made offline,
 * or while the page reloads, is sent when the network returns. Each has its own id, so one sent twice
 * (the answer was lost) is still recorded once.
 */
const storageKey = (meetingId: string) => `door-taps:${meetingId}`;

export function readTaps(storage: Pick<Storage, 'getItem'>, meetingId: string): Tap[] {
  try {
    const kept = JSON.parse(storage.getItem(storageKey(meetingId)) ?? '[]');
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

export function saveTaps(storage: Pick<Storage, 'setItem' | 'removeItem'>, meetingId: string, taps: Tap[]) {
  if (taps.length === 0) storage.removeItem(storageKey(meetingId));
  else storage.setItem(storageKey(meetingId), JSON.stringify(taps));
}

/** A random v4 UUID; crypto.randomUUID needs a secure context, getRandomValues does not. */
export function newTapId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const makeTap = (memberId: string, action: TapAction, now = new Date()): MemberTap => ({
  id: newTapId(),
  memberId,
  action,
  tappedAt: now.toISOString(),
});

export const makeVisitorTap = (visitId: string, action: TapAction, now = new Date()): VisitorTap => ({
  id: newTapId(),
  visitId,
  action,
  tappedAt: now.toISOString(),
});

/** A scanned QR code (or a pasted ticket code, or the whole text of the ticket line). */
export const makeTicketTap = (ticket: string, now = new Date()): TicketTap => ({
  id: newTapId(),
  ticket:
    /v1\.[0-9a-f-]{36}\.[0-9a-f-]{36}\.[A-Za-z0-9_-]+/i.exec(ticket)?.[0] ?? ticket.trim().slice(0, 200),
  tappedAt: now.toISOString(),
});

export const makeWalkInTap = (walkIn: WalkIn, now = new Date()): WalkInTap => ({
  id: newTapId(),
  walkIn,
  tappedAt: now.toISOString(),
});

export type DoorRow = DoorMember & { waiting: boolean };

/**
 * The door list as it will be once the waiting taps arrive, by the server's own rules: a check-in marks
 * Present (Late after the cut-off) unless already in; undo takes a check-in back to the member's "I'll be
 * away", or to not yet here.
 */
export function withTapsApplied(members: DoorMember[], taps: Tap[], cutoffAt: string): DoorRow[] {
  const byId = new Map<string, DoorRow>(members.map((m) => [m.id, { ...m, waiting: false }]));
  for (const tap of taps) {
    if (!isMemberTap(tap)) continue;
    const m = byId.get(tap.memberId);
    if (!m) continue;
    m.waiting = true;
    if (tap.action === 'check-in' && !isCheckedIn(m.status)) {
      m.status = checkInStatus(new Date(tap.tappedAt), new Date(cutoffAt));
      m.checkedInAt = tap.tappedAt;
    } else if (tap.action === 'undo' && isCheckedIn(m.status)) {
      m.status = m.away;
      m.checkedInAt = null;
    }
  }
  return [...byId.values()];
}

/** A tap on a member checks them in, or takes their check-in back. */
export const actionFor = (status: DoorMember['status']): TapAction =>
  isCheckedIn(status) ? 'undo' : 'check-in';

export type DoorVisitorRow = DoorVisitor & { waiting: boolean };

/**
 * The meeting's visitors as they will be once the waiting taps arrive: a tap checks one in or takes it back, a
 * walk-in shows at once (checked in). A scanned ticket is only known to the server, so it waits on its own.
 */
export function withVisitorTapsApplied(visitors: DoorVisitor[], taps: Tap[]): DoorVisitorRow[] {
  const rows = visitors.map((v) => ({ ...v, waiting: false }));
  const byVisit = new Map(rows.map((r) => [r.visitId, r]));
  for (const tap of taps) {
    if (isVisitorTap(tap)) {
      const v = byVisit.get(tap.visitId);
      if (!v) continue;
      v.waiting = true;
      if (tap.action === 'check-in') v.checkedInAt ??= tap.tappedAt;
      else v.checkedInAt = null;
    } else if (isWalkInTap(tap)) {
      rows.push({
        visitId: tap.id,
        visitorId: tap.id,
        name: `${tap.walkIn.firstName} ${tap.walkIn.lastName}`,
        business: tap.walkIn.business,
        invitedByName: null,
        walkIn: true,
        checkedInAt: tap.tappedAt,
        waiting: true,
      });
    }
  }
  return rows;
}

/** How many scanned tickets wait to be checked by the server. */
export const waitingTickets = (taps: Tap[]) => taps.filter(isTicketTap).length;
