import { z } from 'zod';

/**
 * A chapter's slug as a request names it: lower-case letters, digits and hyphens. `allowEmpty` for a filter
 * whose empty value means "every chapter". Kept apart from the chapter contracts so the public member
 * contracts (on every page) import nothing more.
 */
export const chapterSlug = (message: string, { allowEmpty = false } = {}) =>
  z
    .string()
    .trim()
    .max(100)
    .regex(allowEmpty ? /^[a-z0-9-]*$/ : /^[a-z0-9-]+$/, message);
