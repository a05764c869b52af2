import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, DEV_SESSION_SECRET, loadConfig, loadDatabaseConfig } from './config';
import { projectRoot } from './lib/project-root';

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe('./data');
    expect(config.seedDemo).toBe(true);
    expect(config.oidc).toBeUndefined();
    expect(config.authTestDomain).toBe('demo.test');
    expect(config.sessionSecret).toBe(DEV_SESSION_SECRET);
  });

  it('never seeds automatically on DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(false);
  });

  it('never seeds the embedded database in production unless SEED_DEMO=true says so', () => {
    const production = {
      NODE_ENV: 'production',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 's',
      SESSION_SECRET: 'x'.repeat(40),
      EMAIL_NOTIFICATIONS: 'false',
      PUBLIC_URL: 'https://noco.example.org',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...production, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
  });

  it('reads the pool, PgBouncer and shutdown settings', () => {
    const defaults = loadConfig({});
    expect(defaults.databasePool).toEqual({ size: 10, applicationName: undefined, namedStatements: true });
    expect(defaults.shutdownTimeoutMs).toBe(10_000);
    expect(defaults.shutdownDrainMs).toBe(10_000);
    expect(loadConfig({ NODE_ENV: 'test' }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(
      /^Invalid configuration: SHUTDOWN_DRAIN_MS/,
    );
    const set = loadConfig({
      DATABASE_POOL_SIZE: '25',
      DATABASE_APPLICATION_NAME: 'noco-a',
      DATABASE_NAMED_STATEMENTS: 'false',
      SHUTDOWN_TIMEOUT_MS: '30000',
    });
    expect(set.databasePool).toEqual({ size: 25, applicationName: 'noco-a', namedStatements: false });
    expect(set.shutdownTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(
      /^Invalid configuration: DATABASE_POOL_SIZE/,
    );
    expect(() => loadConfig({ DATABASE_NAMED_STATEMENTS: 'maybe' })).toThrow(/DATABASE_NAMED_STATEMENTS/);
  });

  it('fails with one clear line on bad values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/^Invalid configuration: PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'id' })).toThrow(/OIDC_CLIENT_SECRET/);
  });

  it('refuses production with the dev provider or the default secret', () => {
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret })).toThrow(/OIDC_CLIENT_ID/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 's' }),
    ).toThrow(/SESSION_SECRET/);
    // The development default, set explicitly (copied from the README or a dev .env), is refused too.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 's',
        SESSION_SECRET: DEV_SESSION_SECRET,
      }),
    ).toThrow(/not the development default/);
    const ok = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://noco.example.org',
      SESSION_SECRET: secret,
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 's',
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(ok.oidc?.issuer).toBe('https://accounts.google.com');
    expect(ok.authTestDomain).toBeUndefined();
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://noco.example.org',
        SESSION_SECRET: secret,
        ALLOW_DEV_IDP_IN_PRODUCTION: 'true',
        EMAIL_NOTIFICATIONS: 'false',
      }).oidc,
    ).toBeUndefined();
  });

  it('refuses production without PUBLIC_URL: links and redirects would say localhost', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 's',
      EMAIL_NOTIFICATIONS: 'false',
    };
    expect(() => loadConfig(prod)).toThrow(
      "Invalid configuration: production needs PUBLIC_URL, the site's public origin (e.g. https://network.example.com): sign-in redirects and email links are made from it",
    );
    expect(loadConfig({ ...prod, PUBLIC_URL: 'https://noco.example.org/' }).publicUrl).toBe(
      'https://noco.example.org',
    );
    // Outside production the local origin stands in.
    expect(loadConfig({ ...prod, NODE_ENV: 'development' }).publicUrl).toBeUndefined();
  });

  it('names every invalid setting at once, each once', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'abc',
        SESSION_SECRET: 'short',
        PUBLIC_URL: 'not a url',
        TRUST_PROXY: 'true',
        OIDC_CLIENT_ID: 'id',
      });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration, 6 settings to fix: /);
    const named = message.replace(/^[^:]+: /, '').split('; ');
    expect(named.map((line) => line.split(' ')[0])).toEqual([
      'PORT',
      'PUBLIC_URL',
      'SESSION_SECRET',
      'TRUST_PROXY',
      'OIDC_CLIENT_ID',
      'production',
    ]);
    expect(named[2]).toBe('SESSION_SECRET must be at least 32 characters');
    expect(named[5]).toMatch(/^production sends notification email, so it needs SMTP_URL/);
    expect(message).not.toMatch(/production needs (its own SESSION_SECRET|PUBLIC_URL)/);
  });

  it('sets DATABASE_PASSWORD and MIGRATION_DATABASE_PASSWORD into their URLs, encoded: any character is kept', () => {
    const secret = 'p@ss:w/o%41rd#?& é';
    const config = loadConfig({
      DATABASE_URL: 'postgres://network_app@db:5432/network',
      DATABASE_PASSWORD: secret,
      MIGRATION_DATABASE_URL: 'postgres://network_owner@db:5432/network',
      MIGRATION_DATABASE_PASSWORD: 'owner/secret',
    });
    // As node-postgres reads the URL back.
    const app = new pg.Client({ connectionString: config.databaseUrl });
    expect([app.user, app.password, app.host, app.port, app.database]).toEqual([
      'network_app',
      secret,
      'db',
      5432,
      'network',
    ]);
    const owner = new pg.Client({ connectionString: config.migrationDatabaseUrl });
    expect([owner.user, owner.password]).toEqual(['network_owner', 'owner/secret']);
    // The release step's commands read them the same way.
    expect(
      loadDatabaseConfig({ DATABASE_URL: 'postgres://network_app@db/network', DATABASE_PASSWORD: secret })
        .databaseUrl,
    ).toBe(config.databaseUrl?.replace(':5432', ''));
    // Unset: the URL as given, its own password included.
    expect(loadConfig({ DATABASE_URL: 'postgres://a:b@db/n' }).databaseUrl).toBe('postgres://a:b@db/n');
  });

  it('refuses production with notification email on and no mail transport, unless told', () => {
    const prod = {
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 's',
      PUBLIC_URL: 'https://noco.example.org',
    };
    expect(() => loadConfig(prod)).toThrow(/needs SMTP_URL/);
    expect(loadConfig({ ...prod, SMTP_URL: 'smtps://u:p@mail.example.org' }).email).toEqual({
      enabled: true,
      smtpUrl: 'smtps://u:p@mail.example.org',
      from: '"NoCo Referral Network" <no-reply@noco.example.org>',
    });
    expect(loadConfig({ ...prod, ALLOW_MAILBOX_IN_PRODUCTION: 'true' }).email.smtpUrl).toBeUndefined();
    expect(loadConfig({ ...prod, EMAIL_NOTIFICATIONS: 'false' }).email.enabled).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow(/SMTP_URL/);
    // Development keeps mail in the local mailbox by default.
    expect(loadConfig({}).email).toMatchObject({ enabled: true, smtpUrl: undefined });
    expect(loadConfig({ MAIL_FROM: 'Chapter <chapter@example.org>' }).email.from).toBe(
      'Chapter <chapter@example.org>',
    );
  });

  it('takes the network social links as http(s) URLs only', () => {
    expect(loadConfig({ NETWORK_LINKEDIN_URL: 'https://www.linkedin.com/company/noco' }).social).toEqual({
      linkedin: 'https://www.linkedin.com/company/noco',
      facebook: null,
      instagram: null,
    });
    expect(() => loadConfig({ NETWORK_FACEBOOK_URL: 'javascript:alert(1)' })).toThrow(/NETWORK_FACEBOOK_URL/);
  });

  it('turns password sign-in off with an empty AUTH_TEST_DOMAIN', () => {
    expect(loadConfig({ AUTH_TEST_DOMAIN: '' }).authTestDomain).toBeUndefined();
  });

  it('trusts Google to verify emails for linking, another provider only when OIDC_LINK_VERIFIED_EMAIL says so', () => {
    const client = { OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' };
    expect(loadConfig(client).oidc?.linkVerifiedEmail).toBe(true);
    expect(
      loadConfig({ ...client, OIDC_ISSUER: 'https://accounts.google.com/' }).oidc?.linkVerifiedEmail,
    ).toBe(true);
    const other = { ...client, OIDC_ISSUER: 'https://login.example.com' };
    expect(loadConfig(other).oidc?.linkVerifiedEmail).toBe(false);
    expect(loadConfig({ ...other, OIDC_LINK_VERIFIED_EMAIL: 'true' }).oidc?.linkVerifiedEmail).toBe(true);
    expect(loadConfig({ ...client, OIDC_LINK_VERIFIED_EMAIL: 'false' }).oidc?.linkVerifiedEmail).toBe(false);
  });

  it('reads BOOTSTRAP_ADMIN_EMAIL as a lower-case email, or refuses it in one line', () => {
    expect(loadConfig({}).bootstrapAdminEmail).toBeUndefined();
    expect(loadConfig({ BOOTSTRAP_ADMIN_EMAIL: ' Owner@Example.com ' }).bootstrapAdminEmail).toBe(
      'owner@example.com',
    );
    expect(() => loadConfig({ BOOTSTRAP_ADMIN_EMAIL: 'owner' })).toThrow(
      new ConfigError('Invalid configuration: BOOTSTRAP_ADMIN_EMAIL must be an email address'),
    );
  });
});

describe('the settings documentation', () => {
  const read = (file: string) => readFileSync(join(projectRoot(), file), 'utf8');

  it('.env.example lists every setting the server reads, and nothing it does not', () => {
    const listed = [...read('.env.example').matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    // The database passwords are compose.yaml's, not the server's.
    const composeOnly = ['POSTGRES_PASSWORD', 'NETWORK_OWNER_PASSWORD', 'NETWORK_APP_PASSWORD'];
    expect(listed.filter((name) => !composeOnly.includes(name!)).sort()).toEqual(
      [...CONFIG_VARIABLES].sort(),
    );
  });

  it("docs/configuration.md's table names every setting the server reads, and nothing it does not", () => {
    const rows = read('docs/configuration.md')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    // A row's first cell names one setting or a few together: `S3_REGION`, `S3_ENDPOINT`.
    const named = rows.flatMap((row) =>
      [...row.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]),
    );
    expect(named.sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
