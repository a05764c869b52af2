import { z } from 'zod';
import { lineText, orNull, requiredLine } from './text';

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
  /** "Ideal referral": one short paragraph, read in the referral picker. */
  idealReferral: 500,
  /** "How did you hear about us": on an application, the two references joined by '; '. */
  referralSource: 1000,
  /** Each of the application's two references; two of them and '; ' fit in `referralSource`. */
  reference: 495,
  customerName: 200,
  attendanceNotes: 1000,
  search: 100,
  password: 200,
} as const;

const isEmailOrEmpty = (value: string) => value === '' || z.email().safeParse(value).success;

/** A required email address: the text rule first (so the message says what is wrong), then its form. */
export const requiredEmail = (required: string, invalid: string) =>
  requiredLine(required, FIELD_MAX.email).refine(isEmailOrEmpty, invalid);

/** An email address that may be left empty (stored as null). */
export const optionalEmail = (invalid: string) =>
  orNull(lineText(FIELD_MAX.email).refine(isEmailOrEmpty, invalid));
