/** The database's own error (PGlite, postgres.js, or drizzle wrapping either) whose SQLSTATE `matches`. */
function withSqlState(
  error: unknown,
  matches: (code: string) => boolean,
): { code: string; message: string } | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && matches(code)) return { code, message: typeof message === 'string' ? message : '' };
  }
  return undefined;
}

/** True when a database error carries that SQLSTATE code. */
const hasSqlState = (error: unknown, code: string) => withSqlState(error, (c) => c === code) !== undefined;

/** True when a database error is a unique-constraint violation. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** True when a number from the request does not fit its column (e.g. an id beyond the integer range). */
export const isNumericOutOfRange = (error: unknown) => hasSqlState(error, '22003');

/** True when a row refers to one that does not exist (e.g. its user was deleted while the request ran). */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, '23503');

/**
 * Data exceptions a value from the request can cause when the contract let it through (a date out of
 * range, a string too long, text the encoding cannot hold): the request's fault, not the server's.
 * Other class-22 codes (division by zero, a bad cast of our own) are bugs and stay 500s.
 */
const REQUEST_DATA_EXCEPTIONS = new Set([
  '22001', // string_data_right_truncation
  '22007', // invalid_datetime_format
  '22008', // datetime_field_overflow
  '22021', // character_not_in_repertoire
  '22P05', // untranslatable_character
]);

/** The database's message when an error is one of the data exceptions above. */
export const requestDataException = (error: unknown) =>
  withSqlState(error, (code) => REQUEST_DATA_EXCEPTIONS.has(code));
