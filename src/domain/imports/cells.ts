import { ATTENDANCE_STATUSES, type AttendanceStatus } from '../attendance/status';
import {
  REFERRAL_STATUSES,
  REFERRAL_TYPES,
  type ReferralStatus,
  type ReferralType,
} from '../referrals/status';
import { ROLE_DISPLAY_NAME, ROLES, type Role } from '../roles/roles';

/**
 * How a spreadsheet's cells are read into the forms' values: dates as people type them, roles and
 * statuses by their labels, links without a scheme. Each returns undefined for a value it cannot read,
 * so the row says what is wrong instead of guessing.
 */

/** A formula typed into a CSV (or one an .xlsx kept no value for) is refused, never stored or run. */
export const isFormula = (value: string) => value.startsWith('=');

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** 2025-03-14 stays; 3/14/2025 (how US spreadsheets write it) becomes 2025-03-14; else unchanged. */
export function importDate(value: string): string {
  const us = US_DATE.exec(value);
  if (!us) return value;
  const [, month, day, year] = us as unknown as [string, string, string, string];
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

const letters = (value: string) => value.toLowerCase().replace(/[^a-z]/g, '');

function byLabel<T extends string>(values: readonly T[], labels: (value: T) => string[]) {
  const index = new Map<string, T>();
  for (const value of values) for (const label of labels(value)) index.set(letters(label), value);
  return (cell: string): T | undefined => index.get(letters(cell));
}

/** "Member", "MEMBER", "network admin", "Network Administrator" all read as their role. */
export const readRole: (cell: string) => Role | undefined = byLabel(ROLES, (role) => [
  role,
  ROLE_DISPLAY_NAME[role],
  ROLE_DISPLAY_NAME[role].replace('Administrator', 'Admin'),
]);

export const readReferralStatus: (cell: string) => ReferralStatus | undefined = byLabel(
  REFERRAL_STATUSES,
  (status) => [status],
);

/** "Commission", "Commission-Based", "gratitude". */
export const readReferralType: (cell: string) => ReferralType | undefined = byLabel(
  REFERRAL_TYPES,
  (type) => [type, `${type}-based`],
);

/**
 * "Present", "P", "absent", "A", "Late", "L", "Substitute", "S", "Excused", "E" (the sign-in sheet's
 * letters), and PALMS' "Medical", "M" for excused.
 */
export const readAttendanceStatus: (cell: string) => AttendanceStatus | undefined = byLabel(
  ATTENDANCE_STATUSES,
  (status) => (status === 'excused' ? [status, 'e', 'medical', 'm'] : [status, status.charAt(0)]),
);

/** "acme.com" is how rosters write a website; the profile stores it as https://acme.com. */
export const withScheme = (link: string) =>
  link === '' || /^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `https://${link}`;
