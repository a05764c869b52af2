import { describe, expect, it } from 'vitest';
import { cellErrors, countKinds, type DeskRow, memberLabels, newRow, toPayload } from './desk-rows';

const members = [
  { id: 'a', name: 'Jake Morales', businessName: 'Morales Roofing' },
  { id: 'b', name: 'Sam Lee', businessName: 'Lee Plumbing' },
  { id: 'c', name: 'Sam Lee', businessName: 'Lee Law' },
  { id: 'd', name: 'Emily Tran', businessName: null },
];
const row = (over: Partial<DeskRow>): DeskRow => ({ ...newRow(), ...over });

describe('the slips desk grid', () => {
  it('offers each member under one label, a shared name told apart by the business', () => {
    const { labels, idOf } = memberLabels(members);
    expect(labels.map((l) => l.label)).toEqual([
      'Jake Morales',
      'Sam Lee (Lee Plumbing)',
      'Sam Lee (Lee Law)',
      'Emily Tran',
    ]);
    expect(idOf(' jake morales ')).toBe('a');
    expect(idOf('Sam Lee (Lee Law)')).toBe('c');
    // A shared name alone names no one.
    expect(idOf('Sam Lee')).toBeUndefined();
  });

  it('counts the slips per kind, leaving blank rows out', () => {
    const rows = [
      row({ kind: 'referral', from: 'Jake Morales' }),
      row({ kind: 'referral', note: 'x' }),
      row({ kind: 'ceu', from: 'Emily Tran' }),
      row({ kind: 'visitor' }),
    ];
    expect(countKinds(rows)).toEqual({
      referral: 2,
      closed_business: 0,
      one_to_one: 0,
      ceu: 1,
      visitor: 0,
      testimonial: 0,
    });
  });

  it('sends members as ids and only the cells a kind reads, and refuses an unknown name on its cell', () => {
    const { idOf } = memberLabels(members);
    const { payload, errors, kept } = toPayload(
      [
        row({ kind: 'ceu', from: 'Emily Tran', to: 'Jake Morales', amount: '5', note: 'A podcast' }),
        row({}),
        row({ kind: 'one_to_one', from: 'Jake Morales', to: 'Nobody' }),
      ],
      idOf,
    );
    expect(kept).toHaveLength(2);
    expect(payload[0]).toEqual({
      kind: 'ceu',
      fromMemberId: 'd',
      toMemberId: null,
      amount: null,
      customer: null,
      note: 'A podcast',
    });
    expect(errors).toEqual({ 'rows.1.to': 'Choose a current member of this chapter' });
  });

  it("puts the server's row and field on the grid's cell", () => {
    expect(
      cellErrors({
        'rows.2.toMemberId': ['Choose the other member'],
        'rows.0.note': ['Write the testimonial in the note'],
        batchKey: ['x'],
      }),
    ).toEqual({ 'rows.2.to': 'Choose the other member', 'rows.0.note': 'Write the testimonial in the note' });
  });
});
