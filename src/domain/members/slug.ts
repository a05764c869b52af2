/** The base of a member's public URL: first and last name, lower case, joined by hyphens. */
export function baseSlug(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return slugify(`${firstName ?? ''} ${lastName ?? ''}`) || 'member';
}

/** Lower-case ASCII letters and digits joined by single hyphens (accents dropped): a URL segment. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** First free slug: `base`, then `base-2`, `base-3`, .... */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
