import { z } from 'zod';
import { APPLICATION_STATUSES } from '../applications/status';
import { FIELD_MAX, requiredEmail } from '../fields';
import { ROLES } from '../roles/roles';
import { isSafeLine, TEXT_MESSAGES } from '../text';

export * from './messages';

/** The signed-in user as GET /api/auth/user answers it. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  businessName: z.string().nullable(),
  slug: z.string(),
  profileImageUrl: z.string().nullable(),
  avatarColor: z.string().nullable(),
  /** Whether the user has ever submitted a membership application (drives /auth-success). */
  hasApplication: z.boolean(),
  /** The status of the newest application, or null when there is none. */
  applicationStatus: z.enum(APPLICATION_STATUSES).nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** POST /api/auth/signin: the user, plus the session token once when the client asked for a bearer. */
export const signInResponseSchema = authUserSchema.extend({ accessToken: z.string().optional() });

export const authConfigSchema = z.object({
  networkName: z.string(),
  /** The configured public origin, for share links; null means "use the page's origin". */
  publicUrl: z.string().nullable(),
  /** The network's social accounts for the footer; null where none is configured. */
  social: z.object({
    linkedin: z.string().nullable(),
    facebook: z.string().nullable(),
    instagram: z.string().nullable(),
  }),
  providers: z.object({
    google: z.boolean(),
    /** True when the Google button runs against the built-in development provider. */
    googleIsDevelopment: z.boolean(),
    testDomain: z.string().nullable(),
  }),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/**
 * GET /api/auth/demo-accounts, outside production only: the demo network's sign-in accounts that exist, for the
 * login page's one-click sign-in, with their shared password (the README prints it too).
 */
export const demoAccountsSchema = z.object({
  password: z.string(),
  items: z.array(
    z.object({
      email: z.string(),
      name: z.string(),
      role: z.enum(ROLES),
      chapterName: z.string().nullable(),
    }),
  ),
});
export type DemoAccounts = z.infer<typeof demoAccountsSchema>;

/** The token a cookie-signed-in client sends as X-CSRF-Token on every write. */
export const csrfTokenSchema = z.object({ csrfToken: z.string() });

export const signInSchema = z.strictObject({
  email: requiredEmail('Email is required', 'Invalid email'),
  // A password keeps its spaces (they may be part of it); it still may not carry control characters.
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(FIELD_MAX.password, TEXT_MESSAGES.tooLong(FIELD_MAX.password))
    .refine(isSafeLine, TEXT_MESSAGES.unsafeCharacters)
    .refine((v) => v === '' || v.trim() !== '', 'Password is required'),
});
export type SignInBody = z.infer<typeof signInSchema>;
