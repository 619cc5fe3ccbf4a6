/** True when a database error (PGlite, postgres.js, or drizzle wrapping either) carries that SQLSTATE code. */
function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** True when a database error is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** True when a number from the request does not fit its column (e.g. an id beyond the integer range). */
export const isNumericOutOfRange = (error: unknown) => hasSqlState(error, '22003');

/** True when a row refers to one that does not exist (e.g. its user was deleted while the request ran). */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');
