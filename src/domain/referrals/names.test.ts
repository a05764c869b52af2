import { describe, expect, it } from 'vitest';
import { proposedChanges, sameAmount } from './changes';
import type { Referral } from './contracts';
import { counterpartName, describeFieldChange, isGiven } from './names';

const referral: Referral = {
  id: 'r1',
  status: 'approved',
  referralType: 'gratitude',
  amount: '200.00',
  customerName: 'Acme',
  saleDate: '2026-11-03',
  notes: null,
  createdAt: '2026-11-03T00:00:00.000Z',
  updatedAt: '2026-11-03T00:00:00.000Z',
  referrerId: 'ann',
  reporterId: 'bo',
  createdById: 'ann',
  referrerFirstName: 'Ann',
  referrerLastName: 'Able',
  referrerBusinessName: 'Able Roofing',
  reporterFirstName: 'Bo',
  reporterLastName: 'Baker',
  reporterBusinessName: 'Baker Bread',
  enteredBy: null,
  proposal: null,
};

describe('the other party’s name', () => {
  it('is the recipient for the referrer and the referrer for the recipient', () => {
    expect(counterpartName(referral, 'ann')).toBe('Bo Baker');
    expect(counterpartName(referral, 'bo')).toBe('Ann Able');
  });

  it('falls back to the business, then to Former member for a deleted member', () => {
    expect(counterpartName({ ...referral, reporterFirstName: null, reporterLastName: null }, 'ann')).toBe(
      'Baker Bread',
    );
    expect(
      counterpartName(
        {
          ...referral,
          referrerId: null,
          referrerFirstName: null,
          referrerLastName: null,
          referrerBusinessName: null,
        },
        'bo',
      ),
    ).toBe('Former member');
  });

  it('calls a referral given when the member is its referrer', () => {
    expect(isGiven(referral, 'ann')).toBe(true);
    expect(isGiven(referral, 'bo')).toBe(false);
  });
});

describe('a changed field in words', () => {
  it('names the field and shows money as dollars, nothing as nothing', () => {
    expect(describeFieldChange({ field: 'amount', from: '200', to: '500.5' })).toBe(
      'amount from $200.00 to $500.50',
    );
    expect(describeFieldChange({ field: 'customerName', from: null, to: 'Acme' })).toBe(
      'customer from nothing to Acme',
    );
    expect(describeFieldChange({ field: 'saleDate', from: '2026-11-03', to: '2026-11-04' })).toBe(
      'sale date from 2026-11-03 to 2026-11-04',
    );
    expect(describeFieldChange({ field: 'notes', from: 'a', to: null })).toBe('notes from a to nothing');
    expect(describeFieldChange({ field: 'status', from: 'approved', to: null })).toBe(
      'status from approved to nothing',
    );
  });
});

describe('a proposal’s changes', () => {
  const approved = { amount: '1500.00', saleDate: '2026-11-03' };
  it('lists only the fields that differ, amounts compared as money', () => {
    expect(proposedChanges(approved, { amount: '1500', saleDate: null })).toEqual([]);
    expect(proposedChanges(approved, { amount: null, saleDate: '2026-11-03' })).toEqual([]);
    expect(proposedChanges(approved, { amount: '1600', saleDate: '2026-11-04' })).toEqual([
      { field: 'amount', from: '1500.00', to: '1600' },
      { field: 'saleDate', from: '2026-11-03', to: '2026-11-04' },
    ]);
  });

  it('treats 1500 and 1500.00 as the same amount, 1500.01 as another', () => {
    expect(sameAmount('1500', '1500.00')).toBe(true);
    expect(sameAmount('1500', '1500.01')).toBe(false);
  });
});
