/**
 * The chapter an agency administrator acts in on the dashboard (`?chapter=<slug>` in its URL): every API
 * request carries it as a header, and a plain link (a CSV download) as `actingChapter` in its query. The
 * server narrows an agency administrator's scope to it and ignores it from anyone else.
 */
let acting: string | null = null;

export const ACTING_CHAPTER_HEADER = 'x-acting-chapter';

export const actingChapter = (): string | null => acting;

export function setActingChapter(slug: string | null): void {
  acting = slug;
}

/** `href` (a same-origin API path) naming the acting chapter, for links that cannot carry the header. */
export function withActingChapter(href: string): string {
  if (!acting) return href;
  return `${href}${href.includes('?') ? '&' : '?'}actingChapter=${encodeURIComponent(acting)}`;
}
