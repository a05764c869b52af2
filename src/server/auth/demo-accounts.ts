import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type DemoAccounts, demoAccountsSchema } from '../../domain/auth/contracts';
import { displayName } from '../../domain/members/display-name';
import type { Database } from '../db/client';
import { chapters, users } from '../db/schema';
import { DEMO_PASSWORD, DEMO_SIGN_IN_EMAILS } from '../db/seed/demo-data';

/** The demo sign-in accounts that exist and still have a password, in the README's order. */
export async function demoAccounts(db: Database): Promise<DemoAccounts> {
  const rows = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      businessName: users.businessName,
      role: users.role,
      chapterName: chapters.name,
    })
    .from(users)
    .leftJoin(chapters, eq(chapters.id, users.chapterId))
    .where(and(inArray(users.email, [...DEMO_SIGN_IN_EMAILS]), isNotNull(users.passwordHash)));
  const order = (email: string) => DEMO_SIGN_IN_EMAILS.indexOf(email as (typeof DEMO_SIGN_IN_EMAILS)[number]);
  return {
    password: DEMO_PASSWORD,
    items: rows
      .sort((a, b) => order(a.email) - order(b.email))
      .map((row) => ({
        email: row.email,
        name: displayName(row),
        role: row.role,
        chapterName: row.chapterName,
      })),
  };
}

/**
 * GET /api/auth/demo-accounts: registered only outside production with password sign-in on, so a first start can
 * say "sign in as..." and the login page can sign a demo account in with one click. Production answers 404.
 */
export async function demoAccountRoutes(appBase: FastifyInstance): Promise<void> {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  if (app.config.env === 'production' || !app.config.authTestDomain) return;
  app.get(
    '/api/auth/demo-accounts',
    { config: { access: 'public' }, schema: { response: { 200: demoAccountsSchema } } },
    async () => demoAccounts(app.database.db),
  );
}
