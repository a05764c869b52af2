import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** The routes whose query parameters are checked: the API, but not its reference page's own assets. */
const CHECKED = /^\/api\/(?!docs(\/|$))/;

const NO_PARAMETERS = z.strictObject({});

/**
 * A query parameter a route does not declare is refused with 400, as an unknown body key is: a misspelt
 * filter (`?state=closed` where the filter is `view`) must not answer the unfiltered list as if it applied.
 * Called from an onRoute hook, so it covers every route, including those declared without a query schema.
 */
export function refuseUnknownQueryParameters(route: RouteOptions): void {
  if (!CHECKED.test(route.url) || route.config?.openQuery) return;
  const declared = route.schema?.querystring;
  if (declared === undefined) {
    route.schema = { ...route.schema, querystring: NO_PARAMETERS };
    return;
  }
  if (!(declared instanceof z.ZodObject)) {
    throw new Error(`${route.url}: a query schema must be a Zod object, so its parameters can be checked`);
  }
  route.schema = { ...route.schema, querystring: declared.strict() };
}

/** The answer's message for an undeclared parameter: names it, in words a caller reads. */
export const unknownQueryParameter = (name: string) => `Unknown query parameter "${name}"`;
