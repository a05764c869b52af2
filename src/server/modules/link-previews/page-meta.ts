import { meetingLine, type PublicChapterDetail } from '../../../domain/chapters/contracts';
import type { PublicMember } from '../../../domain/members/contracts';
import { displayName } from '../../../domain/members/display-name';
import { escapeHtml } from '../../lib/escape-html';

export interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: string;
  type: 'website' | 'profile';
}

const truncate = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

export function staticPageMeta(path: string, origin: string, networkName: string): PageMeta | undefined {
  const pages: Record<string, Omit<PageMeta, 'url' | 'type'>> = {
    '/': {
      title: `${networkName} | Business referrals in Northern Colorado`,
      description:
        'Local business owners meeting weekly to pass trusted referrals. One seat per industry, referral and ROI tracking.',
    },
    '/about': {
      title: `About | ${networkName}`,
      description: 'Our mission, what makes us different, the $400 annual investment and the members’ creed.',
    },
    '/members': {
      title: `Member Directory | ${networkName}`,
      description: 'Find a trusted Northern Colorado business owner by name or industry.',
    },
    '/chapters': {
      title: `Chapters | ${networkName}`,
      description: 'Every chapter of the network: where and when it meets, its members and its open seats.',
    },
  };
  const page = pages[path];
  return page ? { ...page, url: `${origin}${path}`, type: 'website' } : undefined;
}

export function memberPageMeta(member: PublicMember, origin: string, networkName: string): PageMeta {
  const name = displayName(member);
  const business = member.businessName ? ` — ${member.businessName}` : '';
  const about = [member.industry, member.description].filter(Boolean).join(' · ');
  const image = member.profileImageUrl ? new URL(member.profileImageUrl, origin).href : undefined;
  return {
    title: `${name}${business} | ${networkName}`,
    description: truncate(about || `${name} is a member of ${networkName}.`, 200),
    url: `${origin}/member/${member.slug}`,
    image,
    type: 'profile',
  };
}

export function chapterPageMeta(chapter: PublicChapterDetail, origin: string, networkName: string): PageMeta {
  const meeting = meetingLine(chapter);
  const counts = `${chapter.members} member${chapter.members === 1 ? '' : 's'}, ${chapter.openSeats} open seat${chapter.openSeats === 1 ? '' : 's'}`;
  return {
    title: `${chapter.name} | ${networkName}`,
    description: truncate(meeting ? `Meets ${meeting}. ${counts}.` : `${counts}.`, 200),
    url: `${origin}/chapters/${chapter.slug}`,
    type: 'website',
  };
}

/** Puts the page's title, description, Open Graph and Twitter tags into index.html, all escaped. */
export function injectMeta(html: string, meta: PageMeta, networkName: string): string {
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    tag('property', 'og:type', meta.type),
    tag('property', 'og:site_name', networkName),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', meta.url),
    ...(meta.image ? [tag('property', 'og:image', meta.image)] : []),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    ...(meta.image ? [tag('name', 'twitter:image', meta.image)] : []),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description"[^>]*>/, tag('name', 'description', meta.description))
    .replace('<!--app-meta-->', tags);
}

/**
 * Data for the page's first render as a non-executable JSON script. `<` is escaped so no value can
 * close the tag, and U+2028/2029 so old parsers read it as JSON.
 */
export function embedJson(id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" id="${id}">${json}</script>`;
}
