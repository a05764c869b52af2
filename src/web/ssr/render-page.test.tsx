import { describe, expect, it } from 'vitest';
import { publicMember } from '../../domain/members/public-member-fixture';
import { rosterChoicesQuery } from '../features/directory/api/member-choice-queries';
import { pendingReferralsQuery, referralMetricsQuery } from '../features/referrals/api/referral-queries';
import { createQueryClient } from '../lib/query-client';
import { answerFor, renderPage } from './render-page';

const answers: Record<string, unknown> = {
  '/api/auth/config': { networkName: 'Front Range Referrals', social: {}, providers: {} },
  '/api/chapters/public': [],
};

describe('renderPage', () => {
  it('asks for what the page needs, then paints it with those answers and hands them over', async () => {
    const asked: string[] = [];
    const page = await renderPage('/about', async (url) => {
      asked.push(url);
      if (!(url in answers)) throw new Error(`unexpected ${url}`);
      return answers[url];
    });
    expect(asked.sort()).toEqual(['/api/auth/config', '/api/chapters/public']);
    // React separates the two text parts with a comment, as the browser's hydration expects.
    expect(page?.html).toContain('About <!-- -->Front Range Referrals</h1>');
    expect(page?.answers).toContainEqual([['/api/auth', 'config'], answers['/api/auth/config']]);
    // Painted for a visitor: signed out, without asking.
    expect(page?.answers).toContainEqual([['/api/auth', 'user'], null]);
    // The lazily loaded code it shows, by module: the page itself, not a signed-in reader's menu. Its code was
    // not loaded before this first draw, so the page is the one drawn again once it was, not the fallback.
    expect(page?.html).not.toContain('full-page-spinner');
    expect(page?.lazyParts).toEqual(['features/marketing/pages/about-page.tsx']);
  });

  it('fails when an answer fails, so the server sends the unpainted page instead', async () => {
    await expect(
      renderPage('/about', async () => {
        throw new Error('the database is down');
      }),
    ).rejects.toThrow('the database is down');
  });
});

describe('renderPage: a part that fails to draw', () => {
  // A public profile as its route answers it; the two pages below differ only in `contactInfo`.
  const wren = publicMember({
    id: 'm1',
    slug: 'wren-paintwell',
    firstName: 'Wren',
    lastName: 'Paintwell',
    businessName: 'Paintwell Interiors',
  });
  const profilePage = (member: object) =>
    renderPage('/member/wren-paintwell', async (url) => {
      if (url in answers) return answers[url];
      if (url === '/api/members/by-name/wren-paintwell') return member;
      if (url === '/api/referrals/metrics/m1') return { referralsGiven: 0, referralsReceived: 0 };
      if (url === '/api/testimonials/public/m1') return [];
      throw new Error(`unexpected ${url}`);
    });

  it('paints a page whose parts all draw', async () => {
    const page = await profilePage(wren);
    expect(page?.html).toContain('Wren Paintwell');
    expect(page?.lazyParts).toEqual(['features/directory/pages/member-profile-page.tsx']);
  });

  it('refuses a page when a part throws while drawing (its boundary drew the fallback instead)', async () => {
    const { contactInfo: _dropped, ...withoutContacts } = wren;
    await expect(profilePage(withoutContacts)).rejects.toThrow(
      'a part of /member/wren-paintwell failed to draw',
    );
  });
});

describe('answerFor: a query painted with the data its own query function builds', () => {
  const queryClient = createQueryClient();
  // The query as the cache builds it from the app's own options (their data types do not matter here).
  const build = (options: object) => queryClient.getQueryCache().build(queryClient, options as never);

  it('a plain query is its URL’s answer', async () => {
    const metrics = { referralsGiven: 3 };
    const asked: string[] = [];
    const answer = await answerFor(build(referralMetricsQuery('month')), async (url) => {
      asked.push(url);
      return metrics;
    });
    expect(asked).toEqual(['/api/referrals/metrics?period=month']);
    expect(answer).toBe(metrics);
  });

  it('a paged list starts with its first page, as useInfiniteQuery holds it', async () => {
    const first = { items: [{ id: 'r1' }], nextCursor: 'next' };
    const asked: string[] = [];
    const answer = await answerFor(build(pendingReferralsQuery), async (url) => {
      asked.push(url);
      return first;
    });
    expect(asked).toEqual(['/api/referrals/pending']);
    expect(answer).toEqual({ pages: [first], pageParams: [undefined] });
  });

  it('a list read whole gathers every page, following the cursors', async () => {
    const pages: Record<string, unknown> = {
      '/api/members/active?limit=200&chapter=mine': { items: [{ id: 'a' }, { id: 'b' }], nextCursor: 'c1' },
      '/api/members/active?limit=200&chapter=mine&cursor=c1': { items: [{ id: 'c' }], nextCursor: null },
    };
    const answer = await answerFor(build(rosterChoicesQuery), async (url) => {
      if (!(url in pages)) throw new Error(`unexpected ${url}`);
      return pages[url];
    });
    expect(answer).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  });
});

describe('renderPage for a signed-in member', () => {
  it('paints the page as that member, without asking who they are', async () => {
    const user = {
      id: 'u1',
      email: 'wren@example.com',
      role: 'MEMBER',
      firstName: 'Wren',
      lastName: 'Paintwell',
      businessName: null,
      slug: 'wren-paintwell',
      profileImageUrl: null,
      avatarColor: 'bg-teal-700',
      hasApplication: false,
      applicationStatus: null,
    } as const;
    const asked: string[] = [];
    // What the header asks of a member (notifications, waiting counts) answered empty.
    const empty = { items: [], nextCursor: null, unread: 0, count: 0 };
    const page = await renderPage(
      '/about',
      async (url) => {
        asked.push(url);
        return answers[url] ?? empty;
      },
      user,
    );
    expect(asked).not.toContain('/api/auth/user');
    expect(page?.answers).toContainEqual([['/api/auth', 'user'], user]);
    // The header shows the member's menu, not the sign-in link.
    expect(page?.html).toContain('User menu');
    expect(page?.html).not.toContain('>Sign In<');
    expect(page?.lazyParts.sort()).toEqual([
      'components/layout/user-menu.tsx',
      'features/marketing/pages/about-page.tsx',
      'features/notifications/components/notification-bell.tsx',
    ]);
  });
});
