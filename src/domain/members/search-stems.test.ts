import { describe, expect, it } from 'vitest';
import { searchStems } from './search-stems';

describe('searchStems', () => {
  it('cuts trade suffixes so the word meets the industry', () => {
    expect(searchStems('dentist')).toEqual(['dent']);
    expect(searchStems('Lawyer')).toEqual(['law']);
    expect(searchStems('plumber')).toEqual(['plumb']);
    expect(searchStems('electrician')).toEqual(['electric']);
    expect(searchStems('accountant')).toEqual(['account']);
    expect(searchStems('photographer')).toEqual(['photograph']);
    expect(searchStems('dentistry')).toEqual(['dent']);
  });

  it('keeps at least three letters and leaves short words alone', () => {
    expect(searchStems('buyer')).toEqual(['buy']);
    expect(searchStems('real estate')).toEqual(['real', 'estate']);
    expect(searchStems('Bell')).toEqual(['bell']);
    expect(searchStems('hvac')).toEqual(['hvac']);
  });

  it('maps the trades whose word shares no stem with the industry', () => {
    expect(searchStems('realtor')).toEqual(['real']);
    expect(searchStems('attorney')).toEqual(['law']);
  });

  it('splits on anything but letters and digits, and drops repeats', () => {
    expect(searchStems('  Real-estate  agents ')).toEqual(['real', 'estate', 'agent']);
    expect(searchStems('%_\\')).toEqual([]);
    expect(searchStems('dentist dentists')).toEqual(['dent']);
  });
});
