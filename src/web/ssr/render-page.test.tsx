import { describe, expect, it } from 'vitest';
import { renderPage } from './render-page';

const answers: Record<string, unknown> = {
  '/api/auth/config': { networkName: 'Front Range Referrals', social: {}, providers: {} },
  '/api/chapters/public': [],
};

describe('renderPage (issue 49)', () => {
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
  });

  it('fails when an answer fails, so the server sends the unpainted page instead', async () => {
    await expect(
      renderPage('/about', async () => {
        throw new Error('the database is down');
      }),
    ).rejects.toThrow('the database is down');
  });
});
