/** True for a PostgreSQL unique violation (23505), optionally on one named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const {
      code,
      constraint: name,
      cause,
    } = current as { code?: string; constraint?: string; cause?: unknown };
    if (code === '23505') return !constraint || name === constraint;
    current = cause;
  }
  return false;
}

/** True when an error, or one of its causes (Drizzle wraps the driver's), carries this SQLSTATE. */
export function hasSqlState(error: unknown, state: string): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const { code, cause } = current as { code?: string; cause?: unknown };
    if (code === state) return true;
    current = cause;
  }
  return false;
}
