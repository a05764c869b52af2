import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { apiKey, apiUrl } from './query-keys';

describe('query keys as path segments', () => {
  it('splits a path after its resource root and puts parameters last', () => {
    expect(apiKey('/api/referrals/pending')).toEqual(['/api/referrals', 'pending']);
    expect(apiKey('/api/members', { q: 'tax', page: 2 })).toEqual(['/api/members', { q: 'tax', page: 2 }]);
    expect(apiKey('/api/members', {})).toEqual(['/api/members']);
  });

  it('turns a key back into the URL it stands for', () => {
    expect(apiUrl(['/api/referrals', 'pending'])).toBe('/api/referrals/pending');
    expect(apiUrl(apiKey('/api/members/by-name/ann lee'))).toBe('/api/members/by-name/ann%20lee');
    expect(apiUrl(apiKey('/api/members', { q: 'a&b', page: 1 }))).toBe('/api/members?q=a%26b&page=1');
  });

  it('lets one prefix invalidate every query of a resource, and only that resource', async () => {
    const client = new QueryClient();
    for (const key of [
      apiKey('/api/referrals/pending'),
      apiKey('/api/referrals', { direction: 'given' }),
      apiKey('/api/referrals/metrics'),
      apiKey('/api/members'),
    ]) {
      client.setQueryData(key, []);
    }
    await client.invalidateQueries({ queryKey: ['/api/referrals'] });
    const invalid = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey[0]);
    expect(invalid).toEqual(['/api/referrals', '/api/referrals', '/api/referrals']);
  });
});
