import { beforeAll, describe, expect, it } from 'vitest';
import type { PublicMember } from '../../../domain/members/contracts';
import { filterMembers } from '../../../domain/members/directory-filter';
import { publicMember } from '../../../domain/members/public-member-fixture';
import { buildDirectoryIndex, type DirectoryIndex } from './directory-index';

const member = (slug: string, over: Partial<PublicMember> = {}) => publicMember({ id: slug, slug, ...over });

// In A-to-Z order, as the database hands them over; the index must keep it.
const members = [
  member('ana', { firstName: 'Ana', lastName: 'Plumber', businessName: 'Ana Pipes', industry: 'Plumbing' }),
  member('bo', { firstName: 'Bo', lastName: 'Stone', description: 'Walls, patios', industry: 'Masonry' }),
  member('cy', {
    firstName: 'Cy',
    lastName: 'Wolf',
    businessName: '100% Roofs',
    chapter: { name: 'Loveland', slug: 'loveland' },
  }),
  member('di', {
    firstName: 'Di',
    lastName: 'Hart',
    personalBio: 'Loves SOURDOUGH',
    industry: 'Business Law',
  }),
  // Position and position-like fields are not searched (name, business, description, bio).
  member('ed', {
    firstName: 'Ed',
    lastName: 'Park',
    position: 'Sourdough baker',
    industry: 'Residential Plumbing',
  }),
];

describe('the directory index', () => {
  let index: DirectoryIndex;
  beforeAll(async () => {
    index = await buildDirectoryIndex(members);
  });
  const slugs = (q: string, industry = '', chapter = '') =>
    index.find({ q, industry, chapter }).map((m) => m.slug);

  it.each([
    ['', ['ana', 'bo', 'cy', 'di', 'ed']],
    ['ANA', ['ana']],
    // Across first and last name (one field), never across two fields.
    ['a p', ['ana']],
    ['plumber ana', []],
    ['bo st', ['bo']],
    ['100%', ['cy']],
    ['%', ['cy']],
    ['sourdough', ['di']],
    ['  walls ', ['bo']],
    // Shorter than a trigram: every member is read.
    ['o', ['bo', 'cy', 'di']],
    ['di', ['di']],
    ['zzz', []],
  ])('finds %j in %j, in A-to-Z order', (q, expected) => {
    expect(slugs(q)).toEqual(expected);
  });

  it('filters by industry (a substring, any case) and by chapter, with or without a search', () => {
    expect(slugs('', 'plumb')).toEqual(['ana', 'ed']);
    expect(slugs('', 'LAW')).toEqual(['di']);
    expect(slugs('ed', 'plumbing')).toEqual(['ed']);
    expect(slugs('', '', 'loveland')).toEqual(['cy']);
    expect(slugs('roofs', '', 'loveland')).toEqual(['cy']);
    expect(slugs('ana', '', 'loveland')).toEqual([]);
    expect(slugs('', '', 'nowhere')).toEqual([]);
  });

  it('finds a member by slug', () => {
    expect(index.bySlug('cy')?.firstName).toBe('Cy');
    expect(index.bySlug('nobody')).toBeUndefined();
  });

  it('agrees with the client rules on a network of many members and every kind of search', async () => {
    const words = ['Plumbing', 'Roof', 'Law', 'Dental', 'Bakery', 'Pipes', 'Wolf', 'Stone'];
    const many = Array.from({ length: 1500 }, (_, i) =>
      member(`m${String(i).padStart(4, '0')}`, {
        firstName: `First${i}`,
        lastName: words[i % words.length]!,
        businessName: i % 3 === 0 ? null : `${words[(i * 5) % words.length]} ${i} LLC`,
        description: i % 4 === 0 ? `Serving since ${1990 + (i % 30)}` : null,
        personalBio: i % 7 === 0 ? `Likes ${words[(i * 3) % words.length]}` : undefined,
        industry: words[(i * 7) % words.length]!,
      }),
    );
    const big = await buildDirectoryIndex(many);
    for (const q of [
      'first12',
      'law',
      'st1',
      '9 llc',
      'since 2001',
      'likes dental',
      'o',
      '12',
      'none here',
    ]) {
      for (const industry of ['', 'ro']) {
        const expected = filterMembers(many, q, industry).map((m) => m.slug);
        expect(
          big.find({ q, industry, chapter: '' }).map((m) => m.slug),
          `${q} / ${industry}`,
        ).toEqual(expected);
      }
    }
  });
});
