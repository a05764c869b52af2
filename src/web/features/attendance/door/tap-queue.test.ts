import { describe, expect, it } from 'vitest';
import type { DoorMember } from '../../../../domain/attendance/check-in';
import {
  actionFor,
  makeTicketTap,
  makeWalkInTap,
  newTapId,
  readTaps,
  saveTaps,
  waitingTickets,
  withTapsApplied,
  withVisitorTapsApplied,
} from './tap-queue';

const member = (id: string, over: Partial<DoorMember> = {}): DoorMember => ({
  id,
  name: id,
  businessName: null,
  status: null,
  checkedInAt: null,
  away: null,
  ...over,
});
const cutoff = '2026-11-24T14:05:00.000Z';
const tap = (memberId: string, action: 'check-in' | 'undo', tappedAt: string) => ({
  id: newTapId(),
  memberId,
  action,
  tappedAt,
});

describe('taps waiting to be sent', () => {
  it('shows each waiting tap on the list as the server will record it', () => {
    const rows = withTapsApplied(
      [member('ann'), member('bo'), member('cy', { status: 'excused', away: 'excused' }), member('di')],
      [
        tap('ann', 'check-in', '2026-11-24T14:04:00.000Z'),
        tap('bo', 'check-in', '2026-11-24T14:06:00.000Z'),
        tap('cy', 'check-in', '2026-11-24T14:01:00.000Z'),
        tap('cy', 'undo', '2026-11-24T14:02:00.000Z'),
      ],
      cutoff,
    );
    expect(rows.map((r) => [r.id, r.status, r.checkedInAt, r.waiting])).toEqual([
      ['ann', 'present', '2026-11-24T14:04:00.000Z', true],
      ['bo', 'late', '2026-11-24T14:06:00.000Z', true],
      ['cy', 'excused', null, true],
      ['di', null, null, false],
    ]);
  });

  it('keeps a first check-in when tapped again', () => {
    const [ann] = withTapsApplied(
      [member('ann', { status: 'present', checkedInAt: '2026-11-24T14:00:00.000Z' })],
      [tap('ann', 'check-in', '2026-11-24T14:30:00.000Z')],
      cutoff,
    );
    expect(ann).toMatchObject({ status: 'present', checkedInAt: '2026-11-24T14:00:00.000Z' });
  });

  it('a tap on someone in takes the check-in back; on anyone else, checks them in', () => {
    expect(actionFor('present')).toBe('undo');
    expect(actionFor('late')).toBe('undo');
    expect(actionFor(null)).toBe('check-in');
    expect(actionFor('excused')).toBe('check-in');
    expect(actionFor('absent')).toBe('check-in');
  });

  it('survives in storage per meeting, and reads nothing from a damaged entry', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const kept = [tap('ann', 'check-in', cutoff)];
    saveTaps(storage, 'm1', kept);
    expect(readTaps(storage, 'm1')).toEqual(kept);
    expect(readTaps(storage, 'm2')).toEqual([]);
    saveTaps(storage, 'm1', []);
    expect(store.size).toBe(0);
    store.set('door-taps:m3', '{not json');
    expect(readTaps(storage, 'm3')).toEqual([]);
  });

  it('gives every tap its own v4 id', () => {
    const a = newTapId();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newTapId()).not.toBe(a);
  });
});

describe("visitors' taps waiting to be sent", () => {
  const visitor = (visitId: string, checkedInAt: string | null = null) => ({
    visitId,
    visitorId: `p-${visitId}`,
    name: visitId,
    business: null,
    invitedByName: null,
    walkIn: false,
    checkedInAt,
  });
  const at = '2026-11-24T14:02:00.000Z';

  it('checks a visitor in or takes it back, and shows a walk-in at once, checked in', () => {
    const rows = withVisitorTapsApplied(
      [visitor('amy'), visitor('bea', '2026-11-24T13:58:00.000Z'), visitor('cal')],
      [
        { id: newTapId(), visitId: 'amy', action: 'check-in', tappedAt: at },
        { id: newTapId(), visitId: 'bea', action: 'undo', tappedAt: at },
        makeWalkInTap(
          {
            firstName: 'Wal',
            lastName: 'Kin',
            email: 'w@example.org',
            business: 'Kin Co',
            phone: null,
            industry: null,
          },
          new Date(at),
        ),
        makeTicketTap('v1.x', new Date(at)),
      ],
    );
    expect(rows.map((r) => [r.name, r.checkedInAt, r.waiting, r.walkIn])).toEqual([
      ['amy', at, true, false],
      ['bea', null, true, false],
      ['cal', null, false, false],
      ['Wal Kin', at, true, true],
    ]);
  });

  it('takes the ticket out of whatever was pasted: the line of the email, or the code alone', () => {
    const ticket =
      'v1.0b7f2c1e-3d4a-4b5c-8d9e-0f1a2b3c4d5e.1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f.AbCdEfGhIjKlMnOpQr_-';
    expect(makeTicketTap(`Your ticket: show its QR code at the door, or this code: ${ticket}`).ticket).toBe(
      ticket,
    );
    expect(makeTicketTap(`  ${ticket}\n`).ticket).toBe(ticket);
    expect(waitingTickets([makeTicketTap(ticket), makeTicketTap('v1.other')])).toBe(2);
  });
});
