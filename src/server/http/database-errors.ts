const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connect ECONNREFUSED',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/** True when an error (or its cause) means the database is out of reach rather than the query being wrong. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof message === 'string' && CONNECTION_MESSAGES.some((m) => message.includes(m))) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1)))
    return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** PostgreSQL refusing the characters of a value: NUL (22021) or one the encoding cannot hold (22P05). */
export function isInvalidCharacterError(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code === '22021' || code === '22P05') return true;
  return isInvalidCharacterError(cause, depth + 1);
}

export interface LoggableError {
  type: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: LoggableError;
}

/**
 * What the log may keep of an error: its type, code, message and stack, without the parameters a failed
 * query carries (Drizzle puts them in the message and in `params`) or a driver's `detail`, which quote
 * the member's own data.
 */
export function loggableError(error: unknown, depth = 0): LoggableError | undefined {
  if (!error || typeof error !== 'object' || depth > 4) return undefined;
  const { name, message, code, stack, cause } = error as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    stack?: unknown;
    cause?: unknown;
  };
  const withoutParams = (text: string) => text.split(/\nparams:/)[0] ?? '';
  const text = typeof message === 'string' ? withoutParams(message) : '';
  return {
    type: typeof name === 'string' ? name : 'Error',
    message: text,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof stack === 'string' ? { stack: withoutParams(stack) } : {}),
    ...(cause ? { cause: loggableError(cause, depth + 1) } : {}),
  };
}
