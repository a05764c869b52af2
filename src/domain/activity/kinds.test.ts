import { describe, expect, it } from 'vitest';
import { ACTIVITY_COLORS, ACTIVITY_KINDS, activityColor } from './kinds';

describe('activity kinds', () => {
  it('gives every kind one of the three colours', () => {
    for (const { color } of Object.values(ACTIVITY_KINDS)) expect(ACTIVITY_COLORS).toContain(color);
  });

  it('colours good news green, progress blue and setbacks other', () => {
    expect(activityColor('application_approved')).toBe('green');
    expect(activityColor('referral_received')).toBe('green');
    expect(activityColor('application_submitted')).toBe('blue');
    expect(activityColor('application_rejected')).toBe('other');
    expect(activityColor('referral_declined')).toBe('other');
  });
});
