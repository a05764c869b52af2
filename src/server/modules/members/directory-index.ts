import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { PublicMember } from '../../../domain/members/contracts';

/** The directory's filters as a page asks for them (a chapter by slug). */
export interface DirectoryFilters {
  q: string;
  industry: string;
  chapter: string;
}

/**
 * One directory version's public members in memory, in A-to-Z order as PostgreSQL sorted them, with a
 * trigram index over what the search reads (docs/decisions/0005): a search no cache has seen
 * is a few map lookups and a check of the members that share its rarest trigram, not a query.
 */
export interface DirectoryIndex {
  /** Every listed member, A to Z. */
  readonly members: readonly PublicMember[];
  /** The members matching the filters, A to Z; the directory's search rules exactly (`matchesSearch`). */
  find(filters: DirectoryFilters): readonly PublicMember[];
  /** The member at this slug (lower case), if listed. */
  bySlug(slug: string): PublicMember | undefined;
}

/** Long enough for the index: shorter searches read every member, as the rule does. */
const GRAM = 3;
/** Members indexed between two yields, so building a large network's index never holds the loop long. */
export const MEMBERS_PER_SLICE = 500;
/** Between two searched fields: a search cannot hold it (typed text refuses control characters). */
const FIELD_GAP = '\u0000';

/**
 * What `matchesSearch` reads, lower-cased once: full name, business name, description and the bio the
 * member shows (a hidden one is absent from a public member, so it is never searched).
 */
function searchedText(member: PublicMember): string {
  return [
    `${member.firstName ?? ''} ${member.lastName ?? ''}`,
    member.businessName ?? '',
    member.description ?? '',
    member.personalBio ?? '',
  ]
    .map((field) => field.toLowerCase())
    .join(FIELD_GAP);
}

/** Builds the index over `members` (already in A-to-Z order), yielding to requests every few hundred. */
export async function buildDirectoryIndex(members: readonly PublicMember[]): Promise<DirectoryIndex> {
  const texts = members.map(searchedText);
  const industries = members.map((m) => (m.industry ?? '').toLowerCase());
  const slugs = new Map(members.map((m) => [m.slug, m]));
  // Each trigram's members, in directory order (members are visited in order, each added once).
  const postings = new Map<string, number[]>();
  for (let i = 0; i < members.length; i++) {
    if (i > 0 && i % MEMBERS_PER_SLICE === 0) await yieldToRequests();
    const text = texts[i]!;
    for (let at = 0; at + GRAM <= text.length; at++) {
      const gram = text.slice(at, at + GRAM);
      const list = postings.get(gram);
      if (!list) postings.set(gram, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  }

  /** The members whose text may hold `needle`: those sharing its rarest trigram, or everyone. */
  function candidates(needle: string): Iterable<number> {
    if (needle.length < GRAM) return members.keys();
    let rarest: number[] | undefined;
    for (let at = 0; at + GRAM <= needle.length; at++) {
      const list = postings.get(needle.slice(at, at + GRAM));
      if (!list) return [];
      if (!rarest || list.length < rarest.length) rarest = list;
    }
    return rarest ?? [];
  }

  return {
    members,
    find({ q, industry, chapter }) {
      const needle = q.trim().toLowerCase();
      const inIndustry = industry.trim().toLowerCase();
      // Unfiltered pages (the most asked for) slice the list itself.
      if (!needle && !inIndustry && !chapter) return members;
      const found: PublicMember[] = [];
      for (const i of candidates(needle)) {
        const member = members[i]!;
        if (needle && !texts[i]!.includes(needle)) continue;
        if (inIndustry && !industries[i]!.includes(inIndustry)) continue;
        if (chapter && member.chapter?.slug !== chapter) continue;
        found.push(member);
      }
      return found;
    },
    bySlug: (slug) => slugs.get(slug),
  };
}
