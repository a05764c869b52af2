import { startTestIssuer } from '../src/server/test/oidc-issuer';
import { createEmptyPostgresDatabase, postgresReachable } from '../src/server/test/test-database';
import { expectAccessible } from './a11y';
import { expect, test } from './fixtures';
import { freePortGuess, healthy, type Server, start } from './server-process';

/**
 * Tried as the owner would: on a fresh PostgreSQL database the operator runs `npm run admin --
 * grant`, and the owner's first "Continue with Google" (a real OpenID provider on loopback, trusted to verify
 * emails as Google is) lands on the dashboard as Agency Administrator, with the grant in the audit log.
 */
test('the owner named by npm run admin signs in with Google and lands as Agency Administrator', async ({
  page,
}) => {
  test.skip(!(await postgresReachable()), 'no PostgreSQL on this machine');
  const port = freePortGuess();
  const origin = `http://localhost:${port}`;
  const issuer = await startTestIssuer(`${origin}/api/auth/google/callback`);
  issuer.signInAs({
    email: 'owner@example.com',
    emailVerified: true,
    givenName: 'Olive',
    familyName: 'Owner',
  });
  const database = await createEmptyPostgresDatabase();
  let server: Server | undefined;
  try {
    const grant = start('npm', ['run', '-s', 'admin', '--', 'grant', 'owner@example.com', 'AGENCY_ADMIN'], {
      DATABASE_URL: database.url,
    });
    expect(await grant.exited, grant.output()).toBe(0);
    server = start(process.execPath, ['dist/server/main.js'], {
      PORT: String(port),
      HOST: '0.0.0.0',
      DATABASE_URL: database.url,
      PUBLIC_URL: origin,
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: issuer.clientId,
      OIDC_CLIENT_SECRET: issuer.clientSecret,
      OIDC_LINK_VERIFIED_EMAIL: 'true',
      LOG_LEVEL: 'warn',
    });
    await healthy(server);

    await page.goto(`${origin}/login`);
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await expect(page).toHaveURL(`${origin}/dashboard`);
    await expect(page.getByRole('heading', { name: 'Welcome back, Olive Owner' })).toBeVisible();
    await expect(page.getByTestId('role-badge')).toHaveText('Agency Administrator');
    await expectAccessible(page, 'the owner’s first dashboard');

    await page.goto(`${origin}/dashboard?tab=settings`);
    const entry = page.getByTestId('audit-log').getByRole('listitem').first();
    await expect(entry).toContainText('owner@example.com created as Agency Administrator');
    await expect(entry).toContainText('Command line');
    await expectAccessible(page, 'the audit log naming the command line');
    // On a phone the entry is still there to read.
    await page.setViewportSize({ width: 360, height: 780 });
    await expect(entry).toBeVisible();
  } finally {
    // The fixture's closing axe check runs after this, so it needs the page, not the server: go somewhere static.
    await page.goto('about:blank');
    server?.child.kill('SIGTERM');
    await server?.exited;
    await issuer.close();
    await database.drop();
  }
});
