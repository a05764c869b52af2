import { DIRECTORY_PAGE_SIZE } from '../network/constants';
import type { PublicMember } from './contracts';

/** docs/product.md, "The directory and profiles": case-insensitive search over full name, business name, description and bio. */
export function matchesSearch(member: PublicMember, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  const fullName = `${member.firstName ?? ''} ${member.lastName ?? ''}`;
  return [fullName, member.businessName, member.description, member.personalBio].some((field) =>
    field?.toLowerCase().includes(needle),
  );
}

/** The industry filter is a case-insensitive substring match on the member's industry. */
export function matchesIndustry(member: PublicMember, industry: string): boolean {
  if (!industry) return true;
  return (member.industry ?? '').toLowerCase().includes(industry.toLowerCase());
}

export function filterMembers(
  members: readonly PublicMember[],
  search: string,
  industry: string,
): PublicMember[] {
  return members.filter((m) => matchesSearch(m, search) && matchesIndustry(m, industry));
}

/** Industry options: public industry names, sorted, blanks and duplicates dropped. */
export function industryOptions(names: readonly (string | null | undefined)[]): string[] {
  const clean = names.map((n) => n?.trim() ?? '').filter(Boolean);
  return [...new Set(clean)].sort((a, b) => a.localeCompare(b));
}

export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
}

/** The directory's pager: 9 per page; a page out of range falls back to the nearest real one. */
export function paginate<T>(items: readonly T[], page: number, size = DIRECTORY_PAGE_SIZE): Page<T> {
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  return { items: items.slice((current - 1) * size, current * size), page: current, pageCount };
}
