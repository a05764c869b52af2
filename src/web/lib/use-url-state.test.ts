import { describe, expect, it } from 'vitest';
import { readUrlState, writeUrlState } from './use-url-state';

const DEFAULTS = { q: '', industry: '', page: 1 };

describe('URL state', () => {
  it('reads values from the address, typed like their defaults', () => {
    expect(readUrlState('q=tax&page=3', DEFAULTS)).toEqual({ q: 'tax', industry: '', page: 3 });
    expect(readUrlState('', DEFAULTS)).toEqual(DEFAULTS);
    expect(readUrlState('other=1', DEFAULTS)).toEqual(DEFAULTS);
  });

  it('falls back to the default for a number that is not one', () => {
    expect(readUrlState('page=abc', DEFAULTS).page).toBe(1);
  });

  it('writes changes, leaving defaults and unrelated keys as they should be', () => {
    expect(writeUrlState('q=tax&page=3', DEFAULTS, { industry: 'Law', page: 1 })).toBe('q=tax&industry=Law');
    expect(writeUrlState('q=tax', DEFAULTS, { q: '' })).toBe('');
    expect(writeUrlState('utm=x', DEFAULTS, { page: 2 })).toBe('utm=x&page=2');
    expect(writeUrlState('', DEFAULTS, { q: 'a&b' })).toBe('q=a%26b');
  });
});
