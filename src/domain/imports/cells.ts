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
const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** "March 3, 2022", "Mar 3 2022", "Sept. 3, 2022" */
const MONTH_FIRST = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
/** "3 March 2022", "3-Mar-2022", "3 Mar. 2022" */
const DAY_FIRST = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+)\.?,?[\s-]+(\d{4})$/i;
/** "2022/03/03", "2022.3.3" */
const YEAR_FIRST = /^(\d{4})[/.](\d{1,2})[/.](\d{1,2})$/;

/** 1-12 for a month's name, its first three letters, or "Sept"; 0 for anything else ("Marchh"). */
const monthOf = (name: string) => {
  const lower = name.toLowerCase();
  const full = MONTHS.indexOf(lower);
  if (full >= 0) return full + 1;
  if (lower === 'sept') return 9;
  return lower.length === 3 ? MONTHS.findIndex((m) => m.startsWith(lower)) + 1 : 0;
};

const iso = (year: string, month: number | string, day: string) =>
  `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;

/**
 * A date as spreadsheets and people write it, as yyyy-MM-dd: 2025-03-14 stays; 3/14/2025 (US order),
 * "March 14, 2025", "14 March 2025", "14-Mar-2025" and 2025/03/14 are read; anything else is left as it is,
 * for the row to say it is not a date (an impossible day, such as February 30, is refused there too).
 */
export function importDate(value: string): string {
  const text = value.trim();
  const us = US_DATE.exec(text);
  if (us) return iso(us[3]!, us[1]!, us[2]!);
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return iso(yearFirst[1]!, yearFirst[2]!, yearFirst[3]!);
  const monthFirst = MONTH_FIRST.exec(text);
  if (monthFirst && monthOf(monthFirst[1]!))
    return iso(monthFirst[3]!, monthOf(monthFirst[1]!), monthFirst[2]!);
  const dayFirst = DAY_FIRST.exec(text);
  if (dayFirst && monthOf(dayFirst[2]!)) return iso(dayFirst[3]!, monthOf(dayFirst[2]!), dayFirst[1]!);
  return value;
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
