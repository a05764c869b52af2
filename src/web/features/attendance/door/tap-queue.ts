import {
  checkInStatus,
  type DoorMember,
  isCheckedIn,
  type Tap,
  type TapAction,
} from '../../../../domain/attendance/check-in';

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

export const makeTap = (memberId: string, action: TapAction, now = new Date()): Tap => ({
  id: newTapId(),
  memberId,
  action,
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
