import { describe, expect, it } from 'vitest';
import type { DoorMember } from '../../../../domain/attendance/check-in';
import { actionFor, newTapId, readTaps, saveTaps, withTapsApplied } from './tap-queue';

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
