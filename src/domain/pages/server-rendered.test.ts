import { describe, expect, it } from 'vitest';
import { isPaintedForMember } from './server-rendered';

const painted = (url: string) => {
  const [path = '', query = ''] = url.split('?');
  return isPaintedForMember(path, new URLSearchParams(query));
};

describe('the dashboard painted for a member', () => {
  it('is the dashboard as it opens, or one of the tabs members land on', () => {
    expect(painted('/dashboard')).toBe(true);
    expect(painted('/dashboard/')).toBe(true);
    expect(painted('/dashboard?tab=referrals')).toBe(true);
    expect(painted('/dashboard?tab=applications')).toBe(true);
    expect(painted('/dashboard?tab=account')).toBe(true);
  });

  it('is not another tab, a view deep in a tab, a chapter acted in, or another page', () => {
    expect(painted('/dashboard?tab=users')).toBe(false);
    expect(painted('/dashboard?tab=referrals&period=month')).toBe(false);
    expect(painted('/dashboard?chapter=loveland')).toBe(false);
    expect(painted('/dashboard?tab=referrals&chapter=loveland')).toBe(false);
    expect(painted('/members')).toBe(false);
    expect(painted('/dashboard/extra')).toBe(false);
  });
});
