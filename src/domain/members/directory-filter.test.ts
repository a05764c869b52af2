import { describe, expect, it } from 'vitest';
import { filterMembers, industryOptions, paginate } from './directory-filter';
import { publicMember } from './public-member-fixture';
import { safeHttpUrl, safeImageUrl } from './safe-url';

const member = publicMember;

describe('directory filtering', () => {
  const list = [
    member({
      id: '1',
      firstName: 'Jake',
      lastName: 'Morales',
      businessName: 'Poudre Plumbing',
      industry: 'Plumbing',
    }),
    member({
      id: '2',
      firstName: 'Emily',
      lastName: 'Tran',
      description: 'Homes in Old Town',
      industry: 'Residential Real Estate',
    }),
    member({
      id: '3',
      firstName: 'Ben',
      lastName: 'Yazzie',
      personalBio: 'Trail runner',
      industry: 'Chiropractic Care',
    }),
  ];

  it('searches full name, business, description and bio, ignoring case', () => {
    expect(filterMembers(list, 'JAKE MOR', '').map((m) => m.id)).toEqual(['1']);
    expect(filterMembers(list, 'plumbing', '').map((m) => m.id)).toEqual(['1']);
    expect(filterMembers(list, 'old town', '').map((m) => m.id)).toEqual(['2']);
    expect(filterMembers(list, 'trail', '').map((m) => m.id)).toEqual(['3']);
    expect(filterMembers(list, '   ', '').length).toBe(3);
  });

  it('matches the industry as a case-insensitive substring', () => {
    expect(filterMembers(list, '', 'real estate').map((m) => m.id)).toEqual(['2']);
    expect(filterMembers(list, 'jake', 'Dental')).toEqual([]);
  });

  it('sorts industry options and drops blanks and repeats', () => {
    expect(industryOptions(['Roofing', '', null, ' Dental ', 'Roofing'])).toEqual(['Dental', 'Roofing']);
  });

  it('pages by nine and clamps the page', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(paginate(items, 1)).toEqual({ items: [0, 1, 2, 3, 4, 5, 6, 7, 8], page: 1, pageCount: 3 });
    expect(paginate(items, 3).items).toEqual([18, 19]);
    expect(paginate(items, 99).page).toBe(3);
    expect(paginate(items, Number.NaN).page).toBe(1);
    expect(paginate([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});

describe('safe links', () => {
  it('keeps http(s) and drops everything else', () => {
    expect(safeHttpUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(safeHttpUrl(' http://example.com ')).toBe('http://example.com/');
    expect(safeHttpUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeHttpUrl('data:text/html,hi')).toBeUndefined();
    expect(safeHttpUrl('example.com')).toBeUndefined();
    expect(safeHttpUrl('')).toBeUndefined();
  });

  it('allows pictures on this site but not protocol-relative hosts', () => {
    expect(safeImageUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(safeImageUrl('//evil.example/a.png')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
  });
});
