import { describe, expect, it } from 'vitest';
import { businessDaysAfter, businessDaysBefore } from './business-days';
import { VISITOR_MESSAGES, visitRegistrationSchema } from './contracts';
import { previousQuarter, quarterDays, quarterOf } from './quarter';
import { forwardStage } from './status';

describe('two business days before a meeting', () => {
  // Written by hand from a calendar: 2026-12-01 is a Tuesday.
  it.each([
    ['2026-12-02', '2026-11-30'], // Wednesday -> Monday
    ['2026-12-03', '2026-12-01'], // Thursday -> Tuesday
    ['2026-12-04', '2026-12-02'], // Friday -> Wednesday
    ['2026-11-30', '2026-11-26'], // Monday -> the Thursday before (the weekend skipped)
    ['2026-12-01', '2026-11-27'], // Tuesday -> the Friday before
    ['2026-12-05', '2026-12-03'], // Saturday -> Thursday
    ['2026-12-06', '2026-12-03'], // Sunday -> Thursday
  ])('a meeting on %s is reminded on %s', (meeting, reminder) => {
    expect(businessDaysBefore(meeting, 2)).toBe(reminder);
  });
});

describe('visitor stages', () => {
  it('an automatic move goes forward only', () => {
    expect(forwardStage('invited', 'registered')).toBe('registered');
    expect(forwardStage('attended', 'registered')).toBe('attended');
    expect(forwardStage('not_a_fit', 'registered')).toBe('not_a_fit');
  });
});

describe('the visit form', () => {
  const valid = {
    meetingId: '0b7f6c1e-2f4a-4c55-9d1e-5a9b1c2d3e4f',
    firstName: 'Dana',
    lastName: 'Visitor',
    email: 'dana@example.org',
    formToken: 't',
  };
  it('takes a name, an email and a meeting; the rest may stay empty', () => {
    const parsed = visitRegistrationSchema.parse({ ...valid, phone: '', business: '  ' });
    expect(parsed.phone).toBeNull();
    expect(parsed.business).toBeNull();
  });
  it('names each missing field', () => {
    const result = visitRegistrationSchema.safeParse({ ...valid, firstName: '', email: 'nope' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      `firstName: ${VISITOR_MESSAGES.firstNameRequired}`,
      `email: ${VISITOR_MESSAGES.invalidEmail}`,
    ]);
  });
  it('the limit message invites the visitor to apply', () => {
    expect(VISITOR_MESSAGES.visitLimit(2)).toBe(
      'You have already visited 2 times. To keep coming, please apply for membership.',
    );
  });
});

describe('quarters', () => {
  it('runs from the first day of its first month to the last of its third', () => {
    expect(quarterDays('2026-Q4')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(quarterDays('2024-Q1')).toEqual({ from: '2024-01-01', to: '2024-03-31' });
    expect(quarterDays('2026-Q2')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(quarterDays('2026-Q3')).toEqual({ from: '2026-07-01', to: '2026-09-30' });
  });
  it('knows the quarter of a day and the one before', () => {
    expect(quarterOf('2026-12-01')).toBe('2026-Q4');
    expect(quarterOf('2026-03-31')).toBe('2026-Q1');
    expect(quarterOf('2026-04-01')).toBe('2026-Q2');
    expect(previousQuarter('2026-Q1')).toBe('2025-Q4');
    expect(previousQuarter('2026-Q3')).toBe('2026-Q2');
  });
});

describe('two business days after a meeting', () => {
  // 2026-11-24 is a Tuesday.
  it.each([
    ['2026-11-24', '2026-11-26'], // Tuesday -> Thursday
    ['2026-11-26', '2026-11-30'], // Thursday -> the Monday after (the weekend skipped)
    ['2026-11-27', '2026-12-01'], // Friday -> Tuesday
    ['2026-11-28', '2026-12-01'], // Saturday -> Tuesday
  ])('a visit on %s is called by %s', (visit, due) => {
    expect(businessDaysAfter(visit, 2)).toBe(due);
  });
});
