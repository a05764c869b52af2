import { describe, expect, it } from 'vitest';
import { auditQuerySchema, auditSummary } from './audit';

// Each line as the Settings tab shows it, written by hand.
describe('audit summaries', () => {
  it('tells a dues change from and to, with the fallback when none was set', () => {
    expect(
      auditSummary('dues.changed', 'network', { defaultAnnualDues: '400' }, { defaultAnnualDues: 525.5 }),
    ).toBe('Default annual dues changed from $400.00 to $525.50');
    expect(auditSummary('dues.changed', 'network', null, { defaultAnnualDues: '1200.00' })).toBe(
      'Default annual dues changed from the fallback to $1,200.00',
    );
    expect(auditSummary('dues.changed', 'network', { defaultAnnualDues: null }, {})).toBe(
      'Default annual dues changed from the fallback to the fallback',
    );
  });

  it('names industries created, renamed and deleted', () => {
    expect(auditSummary('industry.created', 'Roofing', null, { name: 'Roofing' })).toBe(
      'Industry "Roofing" created',
    );
    expect(auditSummary('industry.renamed', 'Roofing', { name: 'Roofing' }, { name: 'Roofers' })).toBe(
      'Industry "Roofing" renamed to "Roofers"',
    );
    expect(auditSummary('industry.renamed', 'x', null, null)).toBe(
      'Industry "undefined" renamed to "undefined"',
    );
    expect(auditSummary('industry.deleted', 'Roofing', { name: 'Roofing' }, null)).toBe(
      'Industry "Roofing" deleted',
    );
  });

  it('names roles by their display names, and an unknown one as such', () => {
    expect(auditSummary('user.created', 'Ann Able', null, { role: 'LEADERSHIP' })).toBe(
      'Ann Able created as Leadership',
    );
    expect(auditSummary('user.role_changed', 'Ann Able', { role: 'MEMBER' }, { role: 'NETWORK_ADMIN' })).toBe(
      "Ann Able's role changed from Member to Network Administrator",
    );
    expect(auditSummary('user.role_changed', 'Ann Able', { role: 'BOSS' }, {})).toBe(
      "Ann Able's role changed from an unknown role to an unknown role",
    );
    expect(auditSummary('user.deactivated', 'Bo Baker', { role: 'AGENCY_ADMIN' }, { role: 'GUEST' })).toBe(
      'Bo Baker deactivated (was Agency Administrator, now Guest)',
    );
    expect(auditSummary('user.deleted', 'Bo Baker', { role: 'GUEST' }, null)).toBe(
      'Bo Baker (Guest) deleted',
    );
  });

  it('quotes industries and says none when there is none', () => {
    expect(auditSummary('user.industry_changed', 'Cy', { industry: 'Dental' }, { industry: 'Roofing' })).toBe(
      'Cy\'s industry changed from "Dental" to "Roofing"',
    );
    expect(auditSummary('user.industry_changed', 'Cy', { industry: '' }, { industry: null })).toBe(
      "Cy's industry changed from none to none",
    );
  });

  it('tells a dues override as money, or the network default when cleared', () => {
    expect(
      auditSummary(
        'user.dues_override_changed',
        'Di',
        { annualDuesOverride: null },
        { annualDuesOverride: '250' },
      ),
    ).toBe("Di's dues override changed from none (network default) to $250.00");
    expect(auditSummary('user.dues_override_changed', 'Di', { annualDuesOverride: 99 }, {})).toBe(
      "Di's dues override changed from $99.00 to none (network default)",
    );
  });

  it('counts an import, with new industries only when there are some', () => {
    expect(
      auditSummary('import.members', 'roster.csv', null, {
        create: 1480,
        update: 20,
        unchanged: 0,
        newIndustries: 3,
      }),
    ).toBe('Members imported from roster.csv: 1,480 created, 20 updated, 0 unchanged, 3 new industries');
    expect(auditSummary('import.referrals', 'r.xlsx', null, { create: 2, newIndustries: 1 })).toBe(
      'Referrals imported from r.xlsx: 2 created, 0 updated, 0 unchanged, 1 new industry',
    );
    expect(
      auditSummary('import.attendance', 'a.csv', null, {
        create: 5,
        update: 1,
        unchanged: 7,
        newIndustries: 0,
      }),
    ).toBe('Attendance imported from a.csv: 5 created, 1 updated, 7 unchanged');
    expect(
      auditSummary('import.members', 'roster.csv', null, { create: 480, errors: 1020, newIndustries: 0 }),
    ).toBe('Members imported from roster.csv: 480 created, 0 updated, 0 unchanged, 1,020 left out');
    expect(auditSummary('import.attendance', 'a.csv', null, null)).toBe(
      'Attendance imported from a.csv: 0 created, 0 updated, 0 unchanged',
    );
  });

  it('shows an action it does not know as it was stored', () => {
    expect(auditSummary('something.new', 'Subject', null, null)).toBe('something.new: Subject');
  });

  it('pages from 1 to 100,000', () => {
    expect(auditQuerySchema.parse({})).toEqual({ page: 1 });
    expect(auditQuerySchema.parse({ page: '100000' })).toEqual({ page: 100_000 });
    expect(auditQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ page: '100001' }).success).toBe(false);
    expect(auditQuerySchema.safeParse({ page: '1.5' }).success).toBe(false);
  });
});
