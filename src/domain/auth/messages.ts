/** Sign-in messages and error codes; no zod here, so the sign-in page stays small. */
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
