import { z } from 'zod';

/**
 * Characters no user-written text may carry: C0/C1 control characters (PostgreSQL refuses NUL outright)
 * and the bidi overrides and isolates that make text display differently from what it says. Long texts
 * may keep tab and line breaks.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;
const UNSAFE_IN_LONG_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

export const TEXT_MESSAGES = {
  unsafeCharacters: 'Remove control or text-direction characters from this field',
} as const;

export const isSafeLine = (value: string) => !UNSAFE_IN_LINE.test(value);
export const isSafeLongText = (value: string) => !UNSAFE_IN_LONG_TEXT.test(value);

/** Removes what a safe line may not hold, for text we do not ask a person to retype (provider names). */
export const toSafeLine = (value: string) =>
  value.replace(new RegExp(UNSAFE_IN_LINE.source, 'gu'), '').trim();

/** One line of text (names, titles, phone numbers), trimmed, at most `max` characters. */
export const lineText = (max: number) =>
  z.string().refine(isSafeLine, TEXT_MESSAGES.unsafeCharacters).trim().max(max);

/** A paragraph (descriptions, notes): newlines and tabs allowed, trimmed, at most `max` characters. */
export const longText = (max: number) =>
  z.string().refine(isSafeLongText, TEXT_MESSAGES.unsafeCharacters).trim().max(max);

export const requiredLine = (message: string, max: number) =>
  z
    .string({ error: message })
    .refine(isSafeLine, TEXT_MESSAGES.unsafeCharacters)
    .trim()
    .min(1, message)
    .max(max);

export const requiredLongText = (message: string, max: number) =>
  z
    .string({ error: message })
    .refine(isSafeLongText, TEXT_MESSAGES.unsafeCharacters)
    .trim()
    .min(1, message)
    .max(max);
