import { ERROR_STATUS, type ErrorCode } from '../../domain/errors';

/** An error a route throws on purpose; the error handler sends its code, status and message as-is. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export const forbidden = (message: string) => new HttpError('FORBIDDEN', message);
export const notFound = (message: string) => new HttpError('NOT_FOUND', message);
export const conflict = (message: string, code: 'CONFLICT' | 'ALREADY_SUBMITTED' = 'CONFLICT') =>
  new HttpError(code, message);
/** A validation error the schema cannot see (it needs the database): the message, also under its field. */
export const fieldError = (field: string, message: string) =>
  new HttpError('VALIDATION', message, { [field]: [message] });
