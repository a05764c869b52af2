/** The original tool's email-and-password form: built, but switched off by this constant. */
export const ENABLE_EMAIL_PASSWORD_AUTH = false;
