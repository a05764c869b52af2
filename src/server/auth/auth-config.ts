import type { AuthConfig } from '../../domain/auth/contracts';
import type { AppConfig } from '../config';

/** What the sign-in screens and the site's frame need to know (`GET /api/auth/config`, and painted pages). */
export function authConfigOf(config: AppConfig): AuthConfig {
  const testDomain = config.authTestDomain;
  return {
    networkName: config.networkName,
    publicUrl: config.publicUrl ?? null,
    social: config.social,
    providers: { google: true, googleIsDevelopment: !config.oidc, testDomain: testDomain ?? null },
  };
}
