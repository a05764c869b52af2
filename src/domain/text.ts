import { z } from 'zod';

/**
 * The one rule for text a person types. No text may carry C0/C1 control characters
 * (PostgreSQL refuses NUL outright), the bidi overrides and isolates that make text display differently
 * from what it says (U+202A-202E, U+2066-2069), or half of a UTF-16 surrogate pair (no encoding can
 * store it). Under the `u` flag a well-formed pair reads as one code point, so the surrogate range
 * below matches only a lone half. Long texts may keep tab and line breaks.
 */
const BIDI_CONTROLS = '\\u202a-\\u202e\\u2066-\\u2069';
const LONE_SURROGATES = '\\ud800-\\udfff';
const UNSAFE_IN_LINE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}${LONE_SURROGATES}]`, 'u');
const UNSAFE_IN_LONG_TEXT = new RegExp(
  `[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI_CONTROLS}${LONE_SURROGATES}]`,
  'u',
);

// One formatter: toLocaleString builds a new one per call, and every text field's schema calls tooLong
// when its module loads (70 ms of a dashboard's start on a phone).
const wholeNumber = new Intl.NumberFormat('en-US');

export const TEXT_MESSAGES = {
  unsafeCharacters: 'Remove control or text-direction characters from this field',
  tooLong: (max: number) => `Keep this to ${wholeNumber.format(max)} characters or fewer`,
} as const;

export const isSafeLine = (value: string) => !UNSAFE_IN_LINE.test(value);
export const isSafeLongText = (value: string) => !UNSAFE_IN_LONG_TEXT.test(value);

/**
 * Makes a safe line of text we do not ask a person to retype (provider names), as migration 0014 does
 * to stored text: tabs and line breaks become spaces, other controls and overrides go.
 */
export const toSafeLine = (value: string) =>
  collapseSpaces(value.replace(/[\t\n\r]+/g, ' ').replace(new RegExp(UNSAFE_IN_LINE.source, 'gu'), ''));

/** A name as people mean it: trimmed, with every run of inner whitespace one space ("Race  Industry"). */
export const collapseSpaces = (value: string) => value.trim().replace(/\s+/gu, ' ');

/**
 * The kind of a text field, kept in its JSON Schema as the extension `x-text-kind` (the API document stays valid
 * OpenAPI); the request-schema test reads it to know whether a line break is allowed.
 */
type TextKind = 'line' | 'name' | 'long';

function text(kind: TextKind, max: number, required?: string) {
  const safe = kind === 'long' ? isSafeLongText : isSafeLine;
  // The rules as one list of checks, in this order: each chained call (.refine().trim().max()) copies the
  // schema, and a dashboard builds every text field's schema as its code loads.
  return z
    .string(required ? { error: required } : undefined)
    .check(
      z.refine(safe, TEXT_MESSAGES.unsafeCharacters),
      z.trim(),
      ...(kind === 'name' ? [z.overwrite(collapseSpaces)] : []),
      ...(required ? [z.minLength(1, required)] : []),
      z.maxLength(max, TEXT_MESSAGES.tooLong(max)),
    )
    .meta({ 'x-text-kind': kind });
}

/** One line of text (titles, phone numbers, search words), trimmed, at most `max` characters. */
export const lineText = (max: number) => text('line', max);
/** A name (person, business, industry, customer): one line, trimmed, inner whitespace collapsed. */
export const nameText = (max: number) => text('name', max);
/** A paragraph (descriptions, notes): newlines and tabs allowed, trimmed, at most `max` characters. */
export const longText = (max: number) => text('long', max);

export const requiredLine = (message: string, max: number) => text('line', max, message);
export const requiredName = (message: string, max: number) => text('name', max, message);
export const requiredLongText = (message: string, max: number) => text('long', max, message);

/** Empty (or only spaces) is stored as null, so "not filled in" has one spelling. */
export const orNull = <T extends z.ZodType<string>>(schema: T) =>
  schema
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));
