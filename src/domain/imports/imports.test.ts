import { describe, expect, it } from 'vitest';
import { importDate, isFormula, readAttendanceStatus, readReferralType, readRole, withScheme } from './cells';
import { guessMapping } from './fields';
import { readRow } from './rows';

describe('guessing the columns from the headers', () => {
  it('matches headers however they are spelled, each column once', () => {
    expect(
      guessMapping('members', [
        'E-mail Address',
        'first_name',
        'Surname',
        'Company',
        'Classification',
        'Notes',
        'Email',
      ]),
    ).toEqual({ email: 0, firstName: 1, lastName: 2, businessName: 3, industry: 4 });
    expect(guessMapping('members', ['Email', 'email'])).toEqual({ email: 0 });
    expect(guessMapping('attendance', ['Member Email', 'Meeting Date', 'P/A'])).toEqual({
      email: 0,
      date: 1,
    });
    expect(guessMapping('referrals', ['From', 'To', 'Sale Date', 'Sale Amount'])).toEqual({
      referrerEmail: 0,
      recipientEmail: 1,
      date: 2,
      amount: 3,
    });
  });
});

describe('reading cells as the forms take them', () => {
  it('reads US and written-out dates and leaves anything else for the date rule to refuse', () => {
    expect(importDate('3/4/2021')).toBe('2021-03-04');
    expect(importDate('12/31/2020')).toBe('2020-12-31');
    expect(importDate('2021-03-04')).toBe('2021-03-04');
    expect(importDate('4 March 2021')).toBe('2021-03-04');
    expect(importDate('Dec 31, 2020')).toBe('2020-12-31');
    expect(importDate('4 Marc 2021')).toBe('4 Marc 2021');
    expect(importDate('next Tuesday')).toBe('next Tuesday');
  });

  it('reads roles and statuses by their labels', () => {
    expect(readRole('network admin')).toBe('NETWORK_ADMIN');
    expect(readRole('Agency Administrator')).toBe('AGENCY_ADMIN');
    expect(readRole('LEADERSHIP')).toBe('LEADERSHIP');
    expect(readRole('Chairman')).toBeUndefined();
    expect(readReferralType('Commission-Based')).toBe('commission');
    expect(readAttendanceStatus('E')).toBe('excused');
    expect(readAttendanceStatus('late')).toBe('late');
    expect(readAttendanceStatus('M')).toBe('excused');
    expect(readAttendanceStatus('tardy')).toBeUndefined();
  });

  it('gives a bare website its scheme and spots formulas', () => {
    expect(withScheme('acme.com')).toBe('https://acme.com');
    expect(withScheme('http://acme.com')).toBe('http://acme.com');
    expect(isFormula('=1+1')).toBe(true);
    expect(isFormula('+1 970 555 0101')).toBe(false);
  });
});

describe('reading a row', () => {
  it('applies the forms rules and names the field in each message', () => {
    expect(
      readRow('members', {
        email: 'ANN@X.COM',
        firstName: ' Ann ',
        lastName: 'Lee',
        duesOverride: '$1,250.5',
      }),
    ).toEqual({
      value: {
        email: 'ann@x.com',
        firstName: 'Ann',
        lastName: 'Lee',
        businessName: null,
        industry: null,
        phone: null,
        website: null,
        role: null,
        memberSince: null,
        duesOverride: '1250.50',
      },
      errors: [],
    });
    expect(
      readRow('members', { email: 'ann', firstName: '', lastName: 'Lee', memberSince: '2/30/2021' }).errors,
    ).toEqual([
      'Email: Invalid email',
      'First Name: First name is required',
      'Member Since: Use a date such as 2025-03-14 or 3/14/2025',
    ]);
  });

  it('defaults history rows to approved gratitude referrals and present members', () => {
    expect(
      readRow('referrals', {
        referrerEmail: 'a@x.com',
        recipientEmail: 'b@x.com',
        date: '1/2/2024',
        amount: '',
      }).value,
    ).toEqual({
      referrerEmail: 'a@x.com',
      recipientEmail: 'b@x.com',
      amount: '0.00',
      date: '2024-01-02',
      status: 'approved',
      type: 'gratitude',
      customerName: null,
      notes: null,
    });
    expect(readRow('attendance', { email: 'a@x.com', date: '2024-01-02' }).value).toEqual({
      email: 'a@x.com',
      date: '2024-01-02',
      status: 'present',
      notes: null,
    });
    // A date written out is read; one that is not a date gets one message, not also "in the future".
    for (const written of [
      'March 3, 2022',
      'Mar 3 2022',
      'march 3rd, 2022',
      '3 March 2022',
      '03-Mar-2022',
      '2022/03/03',
    ]) {
      expect(readRow('attendance', { email: 'a@x.com', date: written }).value?.date, written).toBe(
        '2022-03-03',
      );
    }
    expect(readRow('attendance', { email: 'a@x.com', date: 'Sept. 14, 2023' }).value?.date).toBe(
      '2023-09-14',
    );
    for (const wrong of ['Marchh 3, 2022', 'February 30, 2022', 'soon', '3/3/22']) {
      expect(readRow('attendance', { email: 'a@x.com', date: wrong }).errors, wrong).toEqual([
        'Meeting Date: Use a date such as 2025-03-14 or 3/14/2025',
      ]);
    }
    expect(readRow('attendance', { email: 'a@x.com', date: '2999-01-02', status: 'tardy' }).errors).toEqual([
      'Meeting Date: The date cannot be in the future',
      'Status: Unknown status "tardy": use Present, Absent, Late, Excused (Medical) or Substitute',
    ]);
    // PALMS letters: L, S, and M (Medical) for excused.
    for (const [cell, status] of <const>[
      ['L', 'late'],
      ['Substitute', 'substitute'],
      ['M', 'excused'],
      ['medical', 'excused'],
    ]) {
      expect(
        readRow('attendance', { email: 'a@x.com', date: '2024-01-02', status: cell }).value,
      ).toMatchObject({
        status,
      });
    }
  });
});
