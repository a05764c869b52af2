import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../domain/errors';
import { MESSAGES } from '../../domain/messages';
import { HttpError } from '../lib/http-error';
import { isDatabaseUnavailable, isInvalidCharacterError, loggableError } from './database-errors';
import { NOT_FOUND_ISSUE } from './route-params';
import { unknownQueryParameter } from './strict-query';

type ValidationIssue = {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
};

/** An undeclared query parameter is an issue of its own, under its own name, so a caller sees which one. */
const namingUnknownParameters = (issues: readonly ValidationIssue[]): ValidationIssue[] =>
  issues.flatMap((issue) =>
    issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)
      ? issue.params.keys.map((key) => ({
          instancePath: `/${key}`,
          message: unknownQueryParameter(String(key)),
        }))
      : [issue],
  );

/** A path id that is not even well-formed names no row: it answers exactly like an unknown one. */
const malformedId = (issues: readonly ValidationIssue[]) =>
  issues.find((issue) => (issue.params?.params as Record<string, unknown> | undefined)?.[NOT_FOUND_ISSUE]);

/** Turns schema validation issues into `{ field: [messages] }`; the first message becomes the summary. */
function toFieldErrors(issues: readonly ValidationIssue[]): ErrorBody {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    const list = fieldErrors[field] ?? [];
    list.push(issue.message ?? MESSAGES.invalidRequest);
    fieldErrors[field] = list;
  }
  const first = issues[0]?.message ?? MESSAGES.invalidRequest;
  return { code: 'VALIDATION', message: first, fieldErrors };
}

/** Codes for the client errors Fastify raises itself; anything else in 4xx is a malformed request. */
const CLIENT_ERROR_CODES: Partial<Record<number, ErrorCode>> = {
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA',
  429: 'RATE_LIMITED',
};

/**
 * The single error handler: 4xx keep their message, 5xx never reveal SQL, stacks or parameters,
 * and a database outage is a 503 so clients know to retry.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: readonly ValidationIssue[] = error.validation;
      const malformed = malformedId(issues);
      if (malformed) {
        const message = malformed.message ?? MESSAGES.notFound;
        return reply.code(404).send({ code: 'NOT_FOUND', message } satisfies ErrorBody);
      }
      const named = error.validationContext === 'querystring' ? namingUnknownParameters(issues) : issues;
      return reply.code(400).send(toFieldErrors(named));
    }
    if (error instanceof HttpError) {
      const body: ErrorBody = { code: error.code, message: error.message };
      if (error.fieldErrors) body.fieldErrors = error.fieldErrors;
      return reply.code(error.statusCode).send(body);
    }
    if (isInvalidCharacterError(error)) {
      // A safety net behind the text schemas: text PostgreSQL cannot store is the client's mistake.
      return reply
        .code(400)
        .send({ code: 'VALIDATION', message: MESSAGES.invalidCharacters } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ error: loggableError(error) }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ code: 'UNAVAILABLE', message: MESSAGES.databaseUnavailable } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type) are safe to show.
      const code = CLIENT_ERROR_CODES[status] ?? 'VALIDATION';
      const message = code === 'PAYLOAD_TOO_LARGE' ? MESSAGES.payloadTooLarge : error.message;
      return reply.code(status).send({ code, message } satisfies ErrorBody);
    }
    request.log.error({ error: loggableError(error) }, 'unhandled error');
    return reply.code(500).send({ code: 'INTERNAL', message: MESSAGES.internalError } satisfies ErrorBody);
  });
}
