import { z } from 'zod';

export const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-in-production!';
const DEFAULT_NETWORK_NAME = 'NoCo Referral Network';
/** Google's issuer, the default provider (its ID tokens may also spell it without the scheme). */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  MIGRATION_DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  // Taken as is (any character): set into the URL encoded, so a generated secret never needs hand-encoding.
  DATABASE_PASSWORD: z.string().optional(),
  MIGRATION_DATABASE_PASSWORD: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
  DATABASE_APPLICATION_NAME: optionalText.pipe(z.string().max(63).optional()),
  DATABASE_NAMED_STATEMENTS: flag.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  DIRECTORY_NOTICES: flag.optional(),
  SEED_DEMO: flag.optional(),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  OIDC_ISSUER: optionalText.pipe(z.url().optional()),
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  OIDC_LINK_VERIFIED_EMAIL: flag.optional(),
  BOOTSTRAP_ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
  AUTH_TEST_DOMAIN: z.string().optional(),
  NETWORK_NAME: optionalText,
  TRUST_PROXY: optionalText.pipe(
    z
      .string()
      .refine((v) => v !== 'true' && v !== '*', 'must be an exact proxy address, never true')
      .optional(),
  ),
  ALLOW_DEV_IDP_IN_PRODUCTION: flag.optional(),
  NETWORK_LINKEDIN_URL: optionalText.pipe(httpUrl.optional()),
  NETWORK_FACEBOOK_URL: optionalText.pipe(httpUrl.optional()),
  NETWORK_INSTAGRAM_URL: optionalText.pipe(httpUrl.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: optionalText.pipe(httpUrl.optional()),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
  SMTP_URL: optionalText.pipe(
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalText,
  EMAIL_NOTIFICATIONS: flag.optional(),
  ALLOW_MAILBOX_IN_PRODUCTION: flag.optional(),
});

/** Every environment variable the server reads (.env.example and docs/configuration.md list each one). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

export interface AppConfig {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** The tables' owner, for migrations; unset = DATABASE_URL's role migrates too (docs/decisions/0039). */
  migrationDatabaseUrl: string | undefined;
  dataDir: string;
  /** The PostgreSQL pool of each instance (not used by the embedded database). */
  databasePool: {
    size: number;
    /** Shown in pg_stat_activity. */
    applicationName: string | undefined;
    /** Off behind PgBouncer in transaction mode (before 1.21): no named server-side statements. */
    namedStatements: boolean;
  };
  /** How long a signed-in read may reuse a session it loaded (0 = never; docs/decisions/0030). */
  sessionCacheSeconds: number;
  /**
   * Whether the public directory hears of its changes by LISTEN/NOTIFY instead of reading its version on
   * every public request (PostgreSQL, named statements; docs/decisions/0005).
   */
  directoryNotices: boolean;
  /**
   * How long a stopping instance keeps serving after SIGTERM, answering /api/ready 503 and closing kept-alive
   * connections, so the load balancer moves its traffic away before it stops listening (0 in tests).
   */
  shutdownDrainMs: number;
  /** Then how long it waits for in-flight requests before it exits anyway. */
  shutdownTimeoutMs: number;
  /** Bearer token for GET /metrics; unset = no metrics. */
  metricsToken: string | undefined;
  /** Seed the demo network on start when the database is empty. */
  seedDemo: boolean;
  publicUrl: string | undefined;
  sessionSecret: string;
  oidc:
    | {
        issuer: string;
        clientId: string;
        clientSecret: string | undefined;
        /**
         * Whether this provider's `email_verified` may link an existing account by email (on for Google,
         * docs/decisions/0007); never for the development provider, which has no entry here.
         */
        linkVerifiedEmail: boolean;
      }
    | undefined;
  /** Made an agency administrator at start while the network has none (created without a password). */
  bootstrapAdminEmail: string | undefined;
  /** Accounts with this email domain may use password sign-in; undefined turns it off. */
  authTestDomain: string | undefined;
  networkName: string;
  /** The network's own social accounts, shown in the footer when set. */
  social: { linkedin: string | null; facebook: string | null; instagram: string | null };
  trustProxy: string | undefined;
  logLevel: string;
  /** Object storage for pictures: S3-compatible when a bucket is set, else a folder under DATA_DIR. */
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        /** Where the bucket's objects are read publicly (a CDN or the bucket's website address). */
        publicUrl: string;
      }
    | undefined;
  /**
   * Notification email: sent over SMTP when `smtpUrl` is set, else kept in the local mailbox (shown at
   * /dev/mailbox outside production). Off means in-app notifications only.
   */
  email: { enabled: boolean; smtpUrl: string | undefined; from: string };
}

export class ConfigError extends Error {}

type Env = z.infer<typeof envSchema>;

/**
 * `url` with `password` in it, percent-encoded as a URL's user information must be (an `@`, `:`, `/` or `%` in a
 * password would otherwise break the URL or change the password); `url` as it is without one.
 */
export function withPassword(url: string | undefined, password: string | undefined): string | undefined {
  if (!url || password === undefined || password === '') return url;
  const parsed = new URL(url);
  // The setter leaves `%` as is, so the password is encoded first and whole.
  parsed.password = encodeURIComponent(password);
  return parsed.href;
}

/**
 * What is wrong with the settings, all of it at once: an operator fixes every line in one go instead of
 * meeting them one start at a time. `bad` names the variables already reported, so a check across several
 * never repeats a value that failed on its own.
 */
class Problems {
  readonly lines: string[] = [];
  readonly bad = new Set<string>();
  add(variables: string[], line: string) {
    if (variables.some((v) => this.bad.has(v))) return;
    for (const v of variables) this.bad.add(v);
    this.lines.push(line);
  }
  /** Throws the ConfigError naming every problem, in one line (a log line stays one entry). */
  throwIfAny() {
    const [only, ...more] = this.lines;
    if (only === undefined) return;
    throw new ConfigError(
      more.length === 0
        ? `Invalid configuration: ${only}`
        : `Invalid configuration, ${this.lines.length} settings to fix: ${this.lines.join('; ')}`,
    );
  }
}

/** Each variable through its own schema, so that every bad one is named (the others keep their values). */
function readEnv<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: NodeJS.ProcessEnv,
  problems: Problems,
): z.output<z.ZodObject<Shape>> {
  const values: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const parsed = (schema as z.ZodType).safeParse(env[name]);
    if (parsed.success) values[name] = parsed.data;
    else problems.add([name], `${name} ${parsed.error.issues[0]?.message ?? 'is invalid'}`);
  }
  // Every key of the shape was read above; a failed one is reported, and the config is never returned then.
  return values as z.output<z.ZodObject<Shape>>;
}

function s3Config(e: Env, problems: Problems): AppConfig['s3'] {
  if (!e.S3_BUCKET) return undefined;
  const publicUrl =
    e.S3_PUBLIC_URL ?? (e.S3_ENDPOINT ? `${e.S3_ENDPOINT.replace(/\/+$/, '')}/${e.S3_BUCKET}` : undefined);
  if (!publicUrl) {
    problems.add(['S3_PUBLIC_URL', 'S3_ENDPOINT'], 'S3_PUBLIC_URL is required with S3_BUCKET on AWS');
    return undefined;
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    publicUrl: publicUrl.replace(/\/+$/, ''),
  };
}

/**
 * Only what reaches the database, for `npm run db:migrate` and `npm run db:seed`: a release step runs them
 * with DATABASE_URL alone, without the web server's settings.
 */
export function loadDatabaseConfig(
  env: NodeJS.ProcessEnv = process.env,
): Pick<AppConfig, 'databaseUrl' | 'migrationDatabaseUrl' | 'dataDir'> {
  const problems = new Problems();
  const { DATABASE_URL, MIGRATION_DATABASE_URL, DATABASE_PASSWORD, MIGRATION_DATABASE_PASSWORD, DATA_DIR } =
    envSchema.shape;
  const e = readEnv(
    { DATABASE_URL, MIGRATION_DATABASE_URL, DATABASE_PASSWORD, MIGRATION_DATABASE_PASSWORD, DATA_DIR },
    env,
    problems,
  );
  problems.throwIfAny();
  return {
    databaseUrl: withPassword(e.DATABASE_URL, e.DATABASE_PASSWORD),
    migrationDatabaseUrl: withPassword(e.MIGRATION_DATABASE_URL, e.MIGRATION_DATABASE_PASSWORD),
    dataDir: e.DATA_DIR,
  };
}

/** The server's settings from the environment, or a ConfigError naming every setting to fix. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const problems = new Problems();
  const e = readEnv(envSchema.shape, env, problems);
  const production = e.NODE_ENV === 'production';

  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET];
  const anyOidc = oidcParts.some(Boolean);
  if (anyOidc && !(e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET)) {
    problems.add(
      ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
      'OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  }
  const issuer = e.OIDC_ISSUER ?? GOOGLE_ISSUER;
  const oidc =
    anyOidc && e.OIDC_CLIENT_ID
      ? {
          issuer,
          clientId: e.OIDC_CLIENT_ID,
          clientSecret: e.OIDC_CLIENT_SECRET,
          linkVerifiedEmail: e.OIDC_LINK_VERIFIED_EMAIL ?? issuer.replace(/\/+$/, '') === GOOGLE_ISSUER,
        }
      : undefined;

  if (production && !oidc && !e.ALLOW_DEV_IDP_IN_PRODUCTION) {
    problems.add(
      ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
      'production needs OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (or ALLOW_DEV_IDP_IN_PRODUCTION=true)',
    );
  }
  if (production && (!e.SESSION_SECRET || e.SESSION_SECRET === DEV_SESSION_SECRET)) {
    problems.add(
      ['SESSION_SECRET'],
      'production needs its own SESSION_SECRET (32+ random characters, not the development default)',
    );
  }
  if (production && !e.PUBLIC_URL) {
    problems.add(
      ['PUBLIC_URL'],
      "production needs PUBLIC_URL, the site's public origin (e.g. https://network.example.com): sign-in redirects and email links are made from it",
    );
  }

  const emailEnabled = e.EMAIL_NOTIFICATIONS ?? true;
  if (production && emailEnabled && !e.SMTP_URL && !e.ALLOW_MAILBOX_IN_PRODUCTION) {
    problems.add(
      ['SMTP_URL'],
      'production sends notification email, so it needs SMTP_URL (or EMAIL_NOTIFICATIONS=false, or ALLOW_MAILBOX_IN_PRODUCTION=true to keep mail in the database unsent)',
    );
  }
  const s3 = s3Config(e, problems);
  problems.throwIfAny();
  const networkName = e.NETWORK_NAME ?? DEFAULT_NETWORK_NAME;
  const mailHost = e.PUBLIC_URL ? new URL(e.PUBLIC_URL).hostname : 'localhost';

  const testDomain =
    e.AUTH_TEST_DOMAIN === undefined ? (production ? undefined : 'demo.test') : e.AUTH_TEST_DOMAIN.trim();

  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: withPassword(e.DATABASE_URL, e.DATABASE_PASSWORD),
    migrationDatabaseUrl: withPassword(e.MIGRATION_DATABASE_URL, e.MIGRATION_DATABASE_PASSWORD),
    dataDir: e.DATA_DIR,
    databasePool: {
      size: e.DATABASE_POOL_SIZE,
      applicationName: e.DATABASE_APPLICATION_NAME,
      namedStatements: e.DATABASE_NAMED_STATEMENTS ?? true,
    },
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    directoryNotices: e.DIRECTORY_NOTICES ?? true,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (e.NODE_ENV === 'test' ? 0 : 10_000),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
    // Never automatic on DATABASE_URL (a real database is seeded only by `npm run db:seed`), nor in
    // production, where demo members would fill the public directory, unless SEED_DEMO=true says so.
    seedDemo: e.DATABASE_URL ? false : (e.SEED_DEMO ?? !production),
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET ?? DEV_SESSION_SECRET,
    oidc,
    bootstrapAdminEmail: e.BOOTSTRAP_ADMIN_EMAIL?.toLowerCase(),
    authTestDomain: testDomain ? testDomain.toLowerCase() : undefined,
    networkName,
    social: {
      linkedin: e.NETWORK_LINKEDIN_URL ?? null,
      facebook: e.NETWORK_FACEBOOK_URL ?? null,
      instagram: e.NETWORK_INSTAGRAM_URL ?? null,
    },
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    s3,
    email: {
      enabled: emailEnabled,
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `"${networkName.replace(/["\\]/g, '')}" <no-reply@${mailHost}>`,
    },
  };
}
