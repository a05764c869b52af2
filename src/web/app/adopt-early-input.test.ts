import { describe, expect, it } from 'vitest';
import { paintedIndex } from './adopt-early-input';

const select = (...options: Array<{ defaultSelected?: boolean; disabled?: boolean }>) =>
  ({
    options: options.map((o) => ({ defaultSelected: false, disabled: false, ...o })),
  }) as unknown as HTMLSelectElement;

describe('the option a painted select showed (issue 49.3)', () => {
  it('is the one marked selected', () => {
    expect(paintedIndex(select({}, { defaultSelected: true }, {}))).toBe(1);
  });

  it('is the browser’s own pick, the first enabled option, when none is marked', () => {
    // "Select a member" shows with no option marked: that is no change to hand the app.
    expect(paintedIndex(select({}, {}, {}))).toBe(0);
    expect(paintedIndex(select({ disabled: true }, {}, {}))).toBe(1);
  });
});
