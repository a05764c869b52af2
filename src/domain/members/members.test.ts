import { describe, expect, it } from 'vitest';
import { AVATAR_COLORS, avatarColorFor } from './avatar-colors';
import { displayName, initials } from './display-name';
import { baseSlug, uniqueSlug } from './slug';

describe('slugs', () => {
  it('joins first and last name in lower case with hyphens', () => {
    expect(baseSlug('Jake', 'Morales')).toBe('jake-morales');
    expect(baseSlug('Megan', "O'Rourke")).toBe('megan-o-rourke');
    expect(baseSlug('José', 'Núñez')).toBe('jose-nunez');
    expect(baseSlug('  Mary Ann ', 'de la Cruz')).toBe('mary-ann-de-la-cruz');
    expect(baseSlug(null, null)).toBe('member');
  });

  it('adds -2, -3 on collision', () => {
    expect(uniqueSlug('jane-doe', new Set())).toBe('jane-doe');
    expect(uniqueSlug('jane-doe', new Set(['jane-doe']))).toBe('jane-doe-2');
    expect(uniqueSlug('jane-doe', new Set(['jane-doe', 'jane-doe-2']))).toBe('jane-doe-3');
  });
});

describe('display names', () => {
  it('uses first plus last, else business, else email', () => {
    expect(displayName({ firstName: 'Ann', lastName: 'Lee', businessName: 'Lee Co', email: 'a@x.com' })).toBe(
      'Ann Lee',
    );
    expect(displayName({ firstName: 'Ann', lastName: null })).toBe('Ann');
    expect(displayName({ businessName: 'Lee Co', email: 'a@x.com' })).toBe('Lee Co');
    expect(displayName({ email: 'a@x.com' })).toBe('a@x.com');
  });

  it('makes initials', () => {
    expect(initials({ firstName: 'ann', lastName: 'lee' })).toBe('AL');
    expect(initials({ businessName: 'Lee Co' })).toBe('L');
    expect(initials({})).toBe('?');
  });

  it('picks a stable avatar colour from the palette', () => {
    expect(avatarColorFor('a@x.com')).toBe(avatarColorFor('a@x.com'));
    expect(AVATAR_COLORS).toContain(avatarColorFor('someone@else.org'));
  });
});
