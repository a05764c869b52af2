import type { KeyboardEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tabKeys } from './tab-keys';

const TABS = [
  { id: 'profile' },
  { id: 'account' },
  { id: 'soon', disabled: true },
  { id: 'attendance' },
] as const;
type Id = (typeof TABS)[number]['id'];

/** Presses `key` on the tab `active` and returns the tab selected, if any. */
function press(key: string, active: Id): { selected?: Id; prevented: boolean } {
  let selected: Id | undefined;
  let prevented = false;
  const keys = tabKeys<Id>(TABS, active, (id) => {
    selected = id;
  });
  const event = {
    key,
    preventDefault: () => {
      prevented = true;
    },
    currentTarget: { closest: () => null },
  } as unknown as KeyboardEvent<HTMLElement>;
  keys(active).onKeyDown(event);
  return { selected, prevented };
}

describe('tab keys (ARIA tabs pattern)', () => {
  beforeEach(() => vi.stubGlobal('requestAnimationFrame', (run: () => void) => run()));
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one Tab stop: the selected tab', () => {
    const keys = tabKeys<Id>(TABS, 'account', () => undefined);
    expect(TABS.map((t) => keys(t.id).tabIndex)).toEqual([-1, 0, -1, -1]);
  });

  it('moves with the arrows, skipping a disabled tab and wrapping at both ends', () => {
    expect(press('ArrowRight', 'profile').selected).toBe('account');
    expect(press('ArrowRight', 'account').selected).toBe('attendance');
    expect(press('ArrowRight', 'attendance').selected).toBe('profile');
    expect(press('ArrowLeft', 'profile').selected).toBe('attendance');
    expect(press('ArrowLeft', 'attendance').selected).toBe('account');
  });

  it('goes to the first and last with Home and End, and leaves other keys alone', () => {
    expect(press('Home', 'attendance').selected).toBe('profile');
    expect(press('End', 'profile').selected).toBe('attendance');
    expect(press('Enter', 'profile')).toEqual({ selected: undefined, prevented: false });
    expect(press('End', 'profile').prevented).toBe(true);
  });
});
