import { z } from 'zod';
import { isSafeLine, TEXT_MESSAGES } from './text';

/**
 * One length per field, wherever it is written: the application, the profile, the admin's member edit
 * and the import all take these, so text one form accepted is never refused when another saves it
 * unchanged (the application once took a 200-character company name the profile then refused).
 */
export const FIELD_MAX = {
  personName: 100,
  businessName: 200,
  position: 200,
  phone: 40,
  email: 320,
  link: 500,
  industryName: 100,
  industryDescription: 500,
  paragraph: 2000,
  /** "How did you hear about us": on an application, the two references joined by '; '. */
  referralSource: 1000,
  /** Each of the application's two references; two of them and '; ' fit in `referralSource`. */
  reference: 495,
  customerName: 200,
  attendanceNotes: 1000,
  search: 100,
  password: 200,
} as const;

/** An email address: the text rule first (so the message says what is wrong), then the address's form. */
const emailText = (invalid: string, required?: string) => {
  let schema = z
    .string(required ? { error: required } : undefined)
    .refine(isSafeLine, TEXT_MESSAGES.unsafeCharacters)
    .trim();
  if (required) schema = schema.min(1, required);
  return schema
    .max(FIELD_MAX.email, TEXT_MESSAGES.tooLong(FIELD_MAX.email))
    .refine((v) => v === '' || z.email().safeParse(v).success, invalid)
    .meta({ textKind: 'line' });
};

/** A required email address ('Email is required', then `invalid`). */
export const requiredEmail = (required: string, invalid: string) => emailText(invalid, required);

/** An email address that may be left empty (stored as null). */
export const optionalEmail = (invalid: string) =>
  emailText(invalid)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
