import { and, eq, inArray, sql } from 'drizzle-orm';
import { USER_POLICY_MESSAGES, userChangeRefusal } from '../../../domain/admin/policy';
import { CHAPTER_TIME_ZONE, todayIn } from '../../../domain/dates';
import { IMPORT_MESSAGES } from '../../../domain/imports/contracts';
import type { MemberRow } from '../../../domain/imports/rows';
import { avatarColorFor } from '../../../domain/members/avatar-colors';
import { baseSlug, uniqueSlug } from '../../../domain/members/slug';
import { canAssignRole, type Role } from '../../../domain/roles/roles';
import { chapterOnly, inChapterScope } from '../../db/chapter-scope';
import { type Database, selectRows, type Transaction } from '../../db/client';
import { industries, type NewUserRow, type UserRow, users } from '../../db/schema';
import { seatHolderId } from '../../db/seat-holder';
import { auditSubject } from '../audit/record-audit';
import { moveSlugOnRename } from '../users/member-slug';
import { agencyAdminsIfNeeded, recordRoleChange } from '../users/role-change';
import {
  auditActorOf,
  type ChapterImporter,
  chunks,
  type Importer,
  type ImportPlan,
  type PlannedRow,
  refuseRepeats,
  summarize,
  validRows,
} from './plan-rows';

type Existing = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'slug'
  | 'role'
  | 'firstName'
  | 'lastName'
  | 'businessName'
  | 'industry'
  | 'businessPhone'
  | 'website'
  | 'annualDuesOverride'
  | 'createdAt'
  | 'chapterId'
>;

/** The member since date as stored: midday UTC, the same calendar day in the chapter's time zone. */
const joinedAt = (date: string) => new Date(`${date}T12:00:00Z`);

/** The columns a row sets: only the cells it fills (an empty cell keeps what is stored). */
function columnsOf(row: MemberRow, industryName: string | null): Partial<NewUserRow> {
  const set: Partial<NewUserRow> = { firstName: row.firstName, lastName: row.lastName };
  if (row.businessName) set.businessName = row.businessName;
  if (industryName) set.industry = industryName;
  if (row.phone) set.businessPhone = row.phone;
  if (row.website) set.website = row.website;
  if (row.role) set.role = row.role;
  if (row.memberSince) set.createdAt = joinedAt(row.memberSince);
  if (row.duesOverride) set.annualDuesOverride = row.duesOverride;
  return set;
}

/** What `set` would change on `existing`: nothing when the import brings what is already there. */
function changesTo(existing: Existing, set: Partial<NewUserRow>): Partial<NewUserRow> {
  const changed: Partial<NewUserRow> = {};
  for (const [key, value] of Object.entries(set) as [keyof NewUserRow & keyof Existing, unknown][]) {
    const current = existing[key];
    const same =
      key === 'createdAt'
        ? todayIn(CHAPTER_TIME_ZONE, existing.createdAt) === todayIn(CHAPTER_TIME_ZONE, value as Date)
        : current === value;
    if (!same) Object.assign(changed, { [key]: value });
  }
  return changed;
}

async function loadExisting(db: Database, emails: string[]): Promise<Map<string, Existing>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      slug: users.slug,
      role: users.role,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: users.businessName,
      industry: users.industry,
      businessPhone: users.businessPhone,
      website: users.website,
      annualDuesOverride: users.annualDuesOverride,
      createdAt: users.createdAt,
      chapterId: users.chapterId,
    })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}

/** Each named industry's stored spelling, and its seat holder (the first non-guest by join date). */
async function loadIndustries(db: Database, chapterId: string, keys: string[]) {
  const inChapter = (column: Parameters<typeof inChapterScope>[1]) =>
    inChapterScope(chapterOnly(chapterId), column);
  const names = new Map<string, string>();
  const holders = new Map<string, { email: string; name: string; industry: string }>();
  if (keys.length === 0) return { names, holders };
  for (const row of await db
    .select({ name: industries.name })
    .from(industries)
    .where(and(inArray(sql`lower(${industries.name})`, keys), inChapter(industries.chapterId))))
    names.set(row.name.toLowerCase(), row.name);
  const seats = await selectRows<{
    key: string;
    industry: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
  }>(
    db,
    sql`select k.key, u.industry, u.email, u.first_name, u.last_name
          from (select distinct lower(industry) as key from ${users}
                where ${inArray(sql`lower(industry)`, keys)} and ${inChapter(users.chapterId)}) as k
          join users u on u.id = ${seatHolderId(sql`k.key`, sql`${chapterId}::uuid`)}`,
  );
  for (const s of seats)
    holders.set(s.key, {
      email: s.email.toLowerCase(),
      industry: s.industry,
      name: auditSubject({ firstName: s.first_name, lastName: s.last_name, email: s.email }),
    });
  return { names, holders };
}

/**
 * The members import: each row creates an account by email or updates the one that has it.
 * Refused per row, before anything is written: a repeated email, a role the importer may not assign, an
 * account they may not change, and an industry seat someone else holds.
 */
export async function planMembers(
  db: Database,
  importer: ChapterImporter,
  rows: PlannedRow<MemberRow>[],
): Promise<ImportPlan> {
  refuseRepeats(
    rows,
    (v) => v.email,
    (v) => `Email ${v.email}`,
  );
  const readable = validRows(rows);
  const existing = await loadExisting(db, [...new Set(readable.map((r) => r.value.email))]);
  const industryKeys = [
    ...new Set(readable.flatMap((r) => (r.value.industry ? [r.value.industry.toLowerCase()] : []))),
  ];
  const { names, holders } = await loadIndustries(db, importer.chapterId, industryKeys);
  // The last-agency-admin rule needs their count only when the file names one.
  const anAgencyAdmin = [...existing.values()].find((account) => account.role === 'AGENCY_ADMIN');
  const agencyAdmins = anAgencyAdmin ? await agencyAdminsIfNeeded(db, anAgencyAdmin) : 0;

  const seatTakenBy = new Map<string, number>();
  const newIndustries = new Map<string, string>();
  const creates: NewUserRow[] = [];
  const updates: { current: Existing; changes: Partial<NewUserRow> }[] = [];

  for (const row of readable) {
    const value = row.value;
    const current = existing.get(value.email);
    const role: Role = value.role ?? current?.role ?? 'MEMBER';
    const industryKey = value.industry?.toLowerCase() ?? '';
    // One spelling per industry: the list's, else the seat holder's, else the file's first.
    const industryName =
      names.get(industryKey) ??
      holders.get(industryKey)?.industry ??
      newIndustries.get(industryKey) ??
      value.industry;
    if (industryName && role !== 'GUEST') {
      const seated = current && current.role !== 'GUEST' && current.industry?.toLowerCase() === industryKey;
      const refusal = seatRefusal(
        holders.get(industryKey),
        seatTakenBy.get(industryKey),
        value.email,
        industryName,
      );
      if (refusal && !seated) row.errors.push(refusal);
      else if (!seatTakenBy.has(industryKey)) seatTakenBy.set(industryKey, row.line);
    }

    const set = columnsOf(value, industryName);
    const changes = current ? changesTo(current, set) : set;
    // An email is one account agency-wide: another chapter's member is not this chapter's to change.
    const refusal =
      current?.chapterId !== undefined && current.chapterId !== importer.chapterId
        ? IMPORT_MESSAGES.otherChapter(value.email)
        : current
          ? accountRefusal(importer, current, changes, agencyAdmins)
          : canAssignRole(importer.role, role)
            ? null
            : USER_POLICY_MESSAGES.assign(role);
    if (refusal) row.errors.push(refusal);
    if (row.errors.length > 0) continue;
    if (!current) creates.push({ ...set, email: value.email, role, slug: '', chapterId: importer.chapterId });
    else if (Object.keys(changes).length > 0) updates.push({ current, changes });
    row.action = !current ? 'create' : Object.keys(changes).length > 0 ? 'update' : 'unchanged';
    if (industryName && !names.has(industryKey)) newIndustries.set(industryKey, industryName);
  }

  return {
    ...summarize(rows),
    newIndustries: [...newIndustries.values()],
    write: async (tx) => {
      if (newIndustries.size > 0)
        await tx
          .insert(industries)
          .values([...newIndustries.values()].map((name) => ({ name, chapterId: importer.chapterId })))
          .onConflictDoNothing();
      await insertMembers(tx, creates);
      for (const { current, changes } of updates) await updateMember(tx, importer, current, changes);
    },
  };
}

/**
 * Why the importer may not make `changes` to an existing account (User Management's rule), or null. A row
 * that changes nothing needs no right; importers' own row may change their details, not their role.
 */
function accountRefusal(
  importer: Importer,
  current: Existing,
  changes: Partial<NewUserRow>,
  agencyAdmins: number,
): string | null {
  if (Object.keys(changes).length === 0) return null;
  if (current.id === importer.id && changes.role === undefined) return null;
  return userChangeRefusal({ id: importer.id ?? '', role: importer.role }, current, {
    newRole: changes.role ?? undefined,
    agencyAdmins,
  });
}

/**
 * Why a non-guest row may not take an industry's seat: someone else holds it, or an earlier row of the
 * file took it. Null when it is free or already theirs.
 */
function seatRefusal(
  holder: { email: string; name: string } | undefined,
  takenOnLine: number | undefined,
  email: string,
  industry: string,
): string | null {
  if (holder) return holder.email === email ? null : IMPORT_MESSAGES.seatHeld(industry, holder.name);
  return takenOnLine === undefined ? null : IMPORT_MESSAGES.seatInFile(industry, takenOnLine);
}

/** New accounts in a few statements: every slug picked at once from the addresses already taken. */
async function insertMembers(tx: Transaction, creates: NewUserRow[]): Promise<void> {
  if (creates.length === 0) return;
  const bases = creates.map((row) => baseSlug(row.firstName, row.lastName));
  const unique = [...new Set(bases)];
  const taken = new Set(
    (
      await selectRows<{ slug: string }>(
        tx,
        sql`select slug from users where ${inArray(sql`regexp_replace(slug, '-[0-9]+$', '')`, unique)}
            union all
            select old_slug from member_slug_redirects
              where ${inArray(sql`regexp_replace(old_slug, '-[0-9]+$', '')`, unique)}`,
      )
    ).map((r) => r.slug),
  );
  const rows = creates.map((row, i) => {
    const slug = uniqueSlug(bases[i]!, taken);
    taken.add(slug);
    return { ...row, slug, avatarColor: avatarColorFor(row.email) };
  });
  for (const chunk of chunks(rows)) await tx.insert(users).values(chunk);
}

/** An update as User Management makes it: a rename moves the address, a role change is audited. */
async function updateMember(
  tx: Transaction,
  importer: Importer,
  current: Existing,
  changes: Partial<NewUserRow>,
): Promise<void> {
  if (changes.firstName !== undefined || changes.lastName !== undefined)
    await moveSlugOnRename(tx, current, {
      firstName: changes.firstName ?? current.firstName,
      lastName: changes.lastName ?? current.lastName,
    });
  await tx.update(users).set(changes).where(eq(users.id, current.id));
  if (changes.role && changes.role !== current.role)
    await recordRoleChange(tx, current, changes.role, auditActorOf(importer));
}
