import { describe, expect, it } from 'vitest';
import { duesInputSchema, industryInputSchema, userEditSchema, userListQuerySchema } from './contracts';

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

// Expectations written by hand from the product's member-edit rules and messages.
describe('network dues', () => {
  const invalid = 'defaultAnnualDues: Invalid Value - Please enter a valid positive number for annual dues';

  it('takes a positive amount with at most two decimals, a number or a string, and keeps two decimals', () => {
    expect(duesInputSchema.parse({ defaultAnnualDues: 525.5 })).toEqual({ defaultAnnualDues: '525.50' });
    expect(duesInputSchema.parse({ defaultAnnualDues: ' 400 ' })).toEqual({ defaultAnnualDues: '400.00' });
    expect(duesInputSchema.parse({ defaultAnnualDues: '0.01' })).toEqual({ defaultAnnualDues: '0.01' });
    expect(duesInputSchema.parse({ defaultAnnualDues: '9999999999.99' })).toEqual({
      defaultAnnualDues: '9999999999.99',
    });
  });

  it('refuses zero, negatives, three decimals, text, nothing and more than numeric(12,2) holds', () => {
    for (const value of [0, '0', '0.00', -5, '12.345', 'abc', '', '10000000000.00', null, true])
      expect(messages(duesInputSchema.safeParse({ defaultAnnualDues: value })), String(value)).toEqual([
        invalid,
      ]);
  });
});

describe('industry input', () => {
  it('needs a name and keeps an empty description as null', () => {
    expect(industryInputSchema.parse({ name: ' Roofing ', description: '' })).toEqual({
      name: 'Roofing',
      description: null,
    });
    expect(messages(industryInputSchema.safeParse({ name: '  ' }))).toEqual([
      'name: Industry name is required',
    ]);
  });
});

describe('the member edit', () => {
  const base = { firstName: 'Ann', lastName: 'Able', role: 'MEMBER' };

  it('stores blank optional values as null', () => {
    expect(
      userEditSchema.parse({ ...base, annualDuesOverride: '  ', missedMeetingLimit: '', personalEmail: '' }),
    ).toMatchObject({ annualDuesOverride: null, missedMeetingLimit: null, personalEmail: null });
    expect(userEditSchema.parse(base)).toMatchObject({ annualDuesOverride: null, missedMeetingLimit: null });
    expect(
      userEditSchema.parse({ ...base, annualDuesOverride: null, missedMeetingLimit: null }),
    ).toMatchObject({
      annualDuesOverride: null,
      missedMeetingLimit: null,
    });
  });

  it('takes a dues override of 0 or more with two decimals, written as the database writes it', () => {
    expect(userEditSchema.parse({ ...base, annualDuesOverride: 0 }).annualDuesOverride).toBe('0.00');
    expect(userEditSchema.parse({ ...base, annualDuesOverride: ' 250.5 ' }).annualDuesOverride).toBe(
      '250.50',
    );
    expect(userEditSchema.parse({ ...base, annualDuesOverride: '9999999999.99' }).annualDuesOverride).toBe(
      '9999999999.99',
    );
    for (const value of ['-1', '-0.01', '1.234', 'lots', '10000000000.00'])
      expect(messages(userEditSchema.safeParse({ ...base, annualDuesOverride: value })), value).toEqual([
        'annualDuesOverride: Dues override must be a number of 0 or more with at most 2 decimals',
      ]);
  });

  it('takes a missed-meeting limit from 0 to 1000, whole', () => {
    expect(userEditSchema.parse({ ...base, missedMeetingLimit: '0' }).missedMeetingLimit).toBe(0);
    expect(userEditSchema.parse({ ...base, missedMeetingLimit: 4 }).missedMeetingLimit).toBe(4);
    expect(userEditSchema.parse({ ...base, missedMeetingLimit: ' 1000 ' }).missedMeetingLimit).toBe(1000);
    for (const value of [-1, 1001, 2.5, 'four'])
      expect(
        messages(userEditSchema.safeParse({ ...base, missedMeetingLimit: value })),
        String(value),
      ).toEqual(['missedMeetingLimit: Missed-meeting limit must be a whole number of 0 or more']);
  });

  it('checks the personal and business emails', () => {
    expect(userEditSchema.parse({ ...base, businessEmail: 'desk@acme.example' }).businessEmail).toBe(
      'desk@acme.example',
    );
    expect(messages(userEditSchema.safeParse({ ...base, personalEmail: 'not-an-email' }))).toEqual([
      'personalEmail: Invalid email',
    ]);
    expect(messages(userEditSchema.safeParse({ ...base, businessEmail: 'a@b' }))).toEqual([
      'businessEmail: Invalid email',
    ]);
  });

  it('needs both names and a known role, and refuses unknown keys', () => {
    expect(messages(userEditSchema.safeParse({ ...base, firstName: ' ', lastName: '' }))).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
    ]);
    expect(userEditSchema.safeParse({ ...base, role: 'OWNER' }).success).toBe(false);
    expect(userEditSchema.safeParse({ ...base, email: 'x@y.example' }).success).toBe(false);
  });
});

describe('the roster query', () => {
  it('defaults to page 1 by name, ascending, all time, no step', () => {
    expect(userListQuerySchema.parse({})).toEqual({
      q: '',
      industry: '',
      sort: 'name',
      dir: 'asc',
      page: 1,
      skip: 0,
      period: 'all',
    });
  });

  it('refuses page 0, a step past 5 pages, an unknown sort or period', () => {
    for (const query of [
      { page: '0' },
      { page: '100001' },
      { skip: '6' },
      { skip: '-1' },
      { sort: 'age' },
      { period: 'decade' },
    ])
      expect(userListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    expect(userListQuerySchema.parse({ page: '100000', skip: '5' })).toMatchObject({
      page: 100_000,
      skip: 5,
    });
  });
});
