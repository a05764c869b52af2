import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptPaintedAnswers, refetchOnEveryMount } from './painted-answers';
import { createQueryClient } from './query-client';

describe('answers the server painted the page from', () => {
  afterEach(() => vi.useRealTimers());

  it('are not asked again by the mount that adopts them, only by later mounts and other queries', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') });
    const queryClient = createQueryClient();
    adoptPaintedAnswers(queryClient, [[['/api/referrals', 'summary'], { total: 2 }]]);
    const cache = queryClient.getQueryCache();
    const painted = cache.find({ queryKey: ['/api/referrals', 'summary'], exact: true })!;
    expect(painted.state.data).toEqual({ total: 2 });
    expect(refetchOnEveryMount(painted)).toBe(false);
    const other = cache.build(queryClient, { queryKey: ['/api/referrals', 'transactions'] });
    expect(refetchOnEveryMount(other)).toBe('always');
    // Ten seconds on, the page is a later visit: every mount reads afresh again.
    vi.advanceTimersByTime(10_001);
    expect(refetchOnEveryMount(painted)).toBe('always');
  });
});
