interface SqlError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The error, or the first of its causes (Drizzle wraps the driver's), that carries this SQLSTATE. */
function withSqlState(error: unknown, state: string): SqlError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const found = current as SqlError;
    if (found.code === state) return found;
    current = found.cause;
  }
  return undefined;
}

/** True for a PostgreSQL unique violation (23505), optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = withSqlState(error, '23505');
  return found !== undefined && (!constraint || found.constraint === constraint);
}

/** True when an error, or one of its causes, carries this SQLSTATE. */
export const hasSqlState = (error: unknown, state: string): boolean =>
  withSqlState(error, state) !== undefined;
