import { z } from 'zod';

/**
 * Whole numbers in requests, parsed strictly: in a JSON body a JSON number (never `true`, "5" or 1.5);
 * in a path or query string plain decimal digits (no sign, no leading zeros, no hex, no exponent, no spaces).
 */

/** Row ids are Postgres int4 (`serial`). */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id in a JSON body: a JSON number, a positive integer within int4. */
export const idSchema = z.number().int().positive().max(MAX_ROW_ID);

const DECIMAL = /^(0|[1-9][0-9]*)$/;
const decimalDigits = z
  .string()
  .regex(DECIMAL, 'Must be a whole number written in decimal digits (no sign, no leading zeros)');

/** A row id in a path or query string: decimal digits, then the same checks as `idSchema`. */
export const idParamSchema = decimalDigits.transform(Number).pipe(idSchema);

/** Page numbers go up to a million: beyond that an OFFSET is only a slow way to answer nothing. */
export const MAX_PAGE = 1_000_000;

/** A whole number in a query string between `min` and `max`, e.g. `page` and `perPage`. */
export const queryInteger = (min: number, max: number) =>
  decimalDigits.transform(Number).pipe(z.number().int().min(min).max(max));
