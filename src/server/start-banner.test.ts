import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

describe('the start banner', () => {
  const base = {
    networkName: 'NoCo Referral Network',
    url: 'http://localhost:3000',
    developmentProvider: true,
  };

  it('names the address, a demo account with its password, and how to stop', () => {
    const banner = startBanner({ ...base, demo: { email: 'agency@demo.test', password: 'demo-password' } });
    expect(banner.trim().split('\n').slice(1, -1)).toEqual([
      '  NoCo Referral Network is ready at http://localhost:3000',
      '  Sign in as agency@demo.test / demo-password (and the others on the login page).',
      '  Stop it with Ctrl+C.',
    ]);
  });

  it('without the demo network, says how to sign in with the provider there is', () => {
    expect(startBanner({ ...base, demo: null })).toContain(
      'Sign in with "Continue with Google": the development provider takes any email you type.',
    );
    const real = startBanner({ ...base, demo: null, developmentProvider: false });
    expect(real).toContain('Sign in with "Continue with Google".');
    expect(real).not.toContain('development provider');
  });
});
