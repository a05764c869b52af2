import type { ImportField, ImportKind, ImportMapping } from './contracts';

const field = (key: string, label: string, aliases: string[], required = false): ImportField => ({
  key,
  label,
  required,
  aliases: [label, key, ...aliases],
});

/** Each kind's fields, in the order the mapping step shows them. */
export const IMPORT_FIELDS: Record<ImportKind, readonly ImportField[]> = {
  members: [
    field('email', 'Email', ['e-mail', 'email address', 'login email', 'member email'], true),
    field('firstName', 'First Name', ['first', 'given name', 'forename'], true),
    field('lastName', 'Last Name', ['last', 'surname', 'family name'], true),
    field('businessName', 'Business Name', ['business', 'company', 'company name', 'organization']),
    field('industry', 'Industry', ['classification', 'category', 'profession', 'seat']),
    field('phone', 'Phone', ['phone number', 'business phone', 'mobile', 'cell', 'telephone']),
    field('website', 'Website', ['web site', 'url', 'web', 'homepage']),
    field('role', 'Role', ['member type', 'membership', 'access']),
    field('memberSince', 'Member Since', ['joined', 'join date', 'date joined', 'start date', 'since']),
    field('duesOverride', 'Dues Override', ['dues', 'annual dues', 'membership dues']),
  ],
  referrals: [
    field('referrerEmail', 'Referrer Email', ['referrer', 'from', 'given by', 'referred by', 'giver'], true),
    field(
      'recipientEmail',
      'Recipient Email',
      ['recipient', 'to', 'received by', 'receiver', 'reported by'],
      true,
    ),
    field('amount', 'Amount', ['sale amount', 'value', 'revenue', 'closed business']),
    field('date', 'Date', ['sale date', 'closed', 'date closed', 'referral date'], true),
    field('status', 'Status', ['state']),
    field('type', 'Type', ['referral type', 'kind']),
    field('customerName', 'Customer Name', ['customer', 'client', 'client name']),
    field('notes', 'Notes', ['note', 'comments', 'comment', 'description']),
  ],
  attendance: [
    field('email', 'Member Email', ['email', 'e-mail', 'member'], true),
    field('date', 'Meeting Date', ['date', 'meeting'], true),
    field('status', 'Status', ['attendance', 'present', 'palms']),
    field('notes', 'Notes', ['note', 'comments', 'comment']),
  ],
  // BNI's PALMS summary: its own headers, and the period each row covers (a week ends on its meeting's day).
  palms: [
    field('firstName', 'First Name', ['first', 'given name'], true),
    field('lastName', 'Last Name', ['last', 'surname', 'family name'], true),
    field('email', 'Email', ['e-mail', 'member email', 'email address']),
    field('periodEnd', 'To', ['week ending', 'period end', 'end', 'meeting date', 'date', 'week'], true),
    field('periodStart', 'From', ['period start', 'start', 'begin', 'week starting']),
    field('P', 'P', ['present']),
    field('A', 'A', ['absent']),
    field('L', 'L', ['late']),
    field('M', 'M', ['medical', 'excused']),
    field('S', 'S', ['substitute']),
    field('givenInside', 'RGI', ['referrals given inside']),
    field('givenOutside', 'RGO', ['referrals given outside']),
    field('receivedInside', 'RRI', ['referrals received inside']),
    field('receivedOutside', 'RRO', ['referrals received outside']),
    field('visitors', 'V', ['visitors']),
    field('oneToOnes', '1-2-1', ['one to ones', 'one-to-ones']),
    field('closedBusiness', 'TYFCB', ['closed business', 'thank you for closing business']),
    field('educationUnits', 'CEU', ['education units', 'ceus']),
    field('testimonials', 'T', ['testimonials']),
  ],
};

/** "E-mail Address" and "email_address" read the same. */
const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A first mapping from the file's headers: each field takes the first unused column whose header is
 * one of its spellings. The importer can change any of it before the preview is taken as final.
 */
export function guessMapping(kind: ImportKind, headers: readonly string[]): ImportMapping {
  const normalized = headers.map(normalizeHeader);
  const used = new Set<number>();
  const mapping: ImportMapping = {};
  for (const f of IMPORT_FIELDS[kind]) {
    const spellings = new Set(f.aliases.map(normalizeHeader));
    const column = normalized.findIndex((h, i) => !used.has(i) && h !== '' && spellings.has(h));
    if (column >= 0) {
      mapping[f.key] = column;
      used.add(column);
    }
  }
  return mapping;
}
