/** Server-side messages shared by routes and tests, so both speak the product's words (docs/product.md). */
export const MESSAGES = {
  notFound: 'Not found',
  apiRouteNotFound: (method: string, url: string) => `Route ${method} ${url} not found`,
  internalError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  invalidRequest: 'Invalid request',
  invalidCharacters: 'The request contains characters that are not allowed',
  payloadTooLarge: 'Request body is too large',
  forbidden: 'You do not have permission to do that',
  invalidId: 'Invalid id',
  idsRequired: 'Send at least one id',
  /** `after` is the wait in words, as @fastify/rate-limit gives it ("10 minutes"). */
  rateLimited: (after: string) => `Too many requests. Please try again in ${after}.`,
} as const;
