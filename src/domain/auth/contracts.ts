import { z } from 'zod';
import { APPLICATION_STATUSES } from '../applications/contracts';
import { ROLES } from '../roles/roles';

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

export const signInSchema = z.strictObject({
  email: z.email('Invalid email').max(320),
  password: z.string().min(1, 'Password is required').max(200),
});
export type SignInBody = z.infer<typeof signInSchema>;

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  signInBusy: 'Sign-in is busy right now. Please try again in a moment.',
  signInRequired: 'Authentication required',
  csrfInvalid: 'Invalid or missing CSRF token',
  crossSite: 'Cross-site requests are not allowed',
  emailNotVerified: 'Your email address is not verified with the identity provider',
  signInFailed: 'Failed to sign in with Google',
} as const;

/**
 * Why a provider sign-in came back to /login. The server redirects with `?error=<code>` and the page
 * shows the fixed message for that code, so nobody can put their own words in the toast.
 */
export const SIGN_IN_ERRORS = {
  failed: AUTH_MESSAGES.signInFailed,
  cancelled: 'Sign-in was cancelled.',
  expired: 'Your sign-in expired. Please try again.',
  unavailable: 'The sign-in service is unavailable. Please try again shortly.',
  unverified: AUTH_MESSAGES.emailNotVerified,
  email_in_use:
    'An account with this email already exists. Sign in the way you signed in before, or contact us to link your accounts.',
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export function signInErrorMessage(code: string | null | undefined): string {
  return code && Object.hasOwn(SIGN_IN_ERRORS, code)
    ? SIGN_IN_ERRORS[code as SignInErrorCode]
    : SIGN_IN_ERRORS.failed;
}
