import { z } from 'zod';
import { formatUsd } from '../money';
import { isRole, ROLE_DISPLAY_NAME } from '../roles/roles';

export const AUDIT_ACTIONS = [
  'dues.changed',
  'attendance_limit.changed',
  'industry.created',
  'industry.renamed',
  'industry.deleted',
  'user.created',
  'user.role_changed',
  'user.deactivated',
  'user.deleted',
  'user.industry_changed',
  'user.dues_override_changed',
  'import.members',
  'import.referrals',
  'import.attendance',
  'import.palms',
  'chapter.created',
  'chapter.changed',
  'user.chapter_moved',
  'meeting.reopened',
  'visitor.deleted',
  'user.visitor_host_changed',
  'visitor.credit_changed',
  'user.president_changed',
  'chapter.desk_entry_changed',
  'chapter.score_rules_changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The operator tools that change roles without a signed-in account, as the audit log names them. */
export const AUDIT_ACTOR_LABELS = {
  commandLine: 'Command line',
  bootstrap: 'Start-up (BOOTSTRAP_ADMIN_EMAIL)',
} as const;
export type AuditActorLabel = (typeof AUDIT_ACTOR_LABELS)[keyof typeof AUDIT_ACTOR_LABELS];

export const AUDIT_PAGE_SIZE = 20;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** An account's name, an operator tool's label, or null when the account was deleted since. */
  actorName: z.string().nullable(),
  action: z.string(),
  summary: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
export const auditQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

type Values = Record<string, unknown> | null;
const field = (values: Values, key: string) => (values && key in values ? values[key] : undefined);
const role = (value: unknown) => (isRole(value) ? ROLE_DISPLAY_NAME[value] : 'an unknown role');
const dues = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? formatUsd(String(value)) : 'the fallback';
const industry = (value: unknown) => (typeof value === 'string' && value ? `"${value}"` : 'none');
const override = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number'
    ? formatUsd(String(value))
    : 'none (network default)';

const creditName = (value: unknown) => (typeof value === 'string' && value ? value : 'no one');
const chapterName = (value: unknown) => (typeof value === 'string' && value ? `"${value}"` : 'no chapter');
const limit = (value: unknown) => (typeof value === 'number' ? `${value} meetings` : 'the standard limit');

/** One line a person reads in the Settings tab: what changed, from what to what. */
export function auditSummary(action: string, subject: string, before: Values, after: Values): string {
  switch (action) {
    case 'dues.changed':
      return `Default annual dues changed from ${dues(field(before, 'defaultAnnualDues'))} to ${dues(field(after, 'defaultAnnualDues'))}`;
    case 'attendance_limit.changed':
      return `Default attendance limit changed from ${limit(field(before, 'missedMeetingLimit'))} to ${limit(field(after, 'missedMeetingLimit'))}`;
    case 'industry.created':
      return `Industry "${subject}" created`;
    case 'industry.renamed':
      return `Industry "${String(field(before, 'name'))}" renamed to "${String(field(after, 'name'))}"`;
    case 'industry.deleted':
      return `Industry "${subject}" deleted`;
    case 'user.created':
      return `${subject} created as ${role(field(after, 'role'))}`;
    case 'user.role_changed':
      return `${subject}'s role changed from ${role(field(before, 'role'))} to ${role(field(after, 'role'))}`;
    case 'user.deactivated':
      return `${subject} deactivated (was ${role(field(before, 'role'))}, now Guest)`;
    case 'user.deleted':
      return `${subject} (${role(field(before, 'role'))}) deleted`;
    case 'user.industry_changed':
      return `${subject}'s industry changed from ${industry(field(before, 'industry'))} to ${industry(field(after, 'industry'))}`;
    case 'user.dues_override_changed':
      return `${subject}'s dues override changed from ${override(field(before, 'annualDuesOverride'))} to ${override(field(after, 'annualDuesOverride'))}`;
    case 'chapter.created':
      return `Chapter "${subject}" created`;
    case 'chapter.changed':
      return `Chapter "${subject}" changed: ${Object.keys(after ?? {}).join(', ')}`;
    case 'user.chapter_moved':
      return `${subject} moved from ${chapterName(field(before, 'chapter'))} to ${chapterName(field(after, 'chapter'))}`;
    case 'meeting.reopened':
      return `The week of ${subject} reopened: ${String(field(after, 'reason') ?? '')}`;
    case 'visitor.deleted':
      return `Visitor ${subject} deleted on request, with their visits`;
    case 'user.visitor_host_changed':
      return field(after, 'visitorHost')
        ? `${subject} made a visitor host`
        : `${subject} is no longer a visitor host`;
    case 'visitor.credit_changed':
      return `Visitor credit for ${subject} changed from ${creditName(field(before, 'creditedMember'))} to ${creditName(field(after, 'creditedMember'))}`;
    case 'user.president_changed':
      return field(after, 'chapterPresident')
        ? `${subject} named the chapter's president`
        : `${subject} is no longer the chapter's president`;
    case 'chapter.desk_entry_changed':
      return field(after, 'deskEntryStands')
        ? `${subject}: a referral entered at the slips desk now stands for both members`
        : `${subject}: a referral entered at the slips desk waits for the other member again`;
    case 'chapter.score_rules_changed':
      return `${subject}: scorecard rules changed to "${String(field(after, 'name') ?? '')}" (version ${String(field(after, 'version') ?? '')}): ${String(field(after, 'reason') ?? '')}`;
    case 'import.members':
    case 'import.referrals':
    case 'import.attendance':
    case 'import.palms':
      return importSummary(action.slice('import.'.length), subject, after);
    default:
      return `${action}: ${subject}`;
  }
}

const count = (values: Values, key: string) => Number(field(values, key) ?? 0).toLocaleString('en-US');

/**
 * "Members imported from roster.csv: 480 created, 20 updated, 0 unchanged, 3 new industries, 20 left out"
 * (the rows with errors an import of the good rows left out).
 */
function importSummary(kind: string, file: string, after: Values): string {
  const what = kind === 'palms' ? 'A PALMS summary' : kind.charAt(0).toUpperCase() + kind.slice(1);
  const industries = Number(field(after, 'newIndustries') ?? 0);
  const leftOut = Number(field(after, 'errors') ?? 0);
  const extra =
    (industries > 0 ? `, ${industries} new industr${industries === 1 ? 'y' : 'ies'}` : '') +
    (leftOut > 0 ? `, ${count(after, 'errors')} left out` : '');
  return `${what} imported from ${file}: ${count(after, 'create')} created, ${count(after, 'update')} updated, ${count(after, 'unchanged')} unchanged${extra}`;
}
