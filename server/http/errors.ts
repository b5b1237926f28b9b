/**
 * Errors a handler throws on purpose: the error handler answers them with their status and
 * message as `{ errorMsg }` (spec §7's error shape). Anything else is a 500 "Something went
 * wrong" with the details kept in the log.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

/**
 * Postgres data exceptions (SQLSTATE class 22) that only a value sent by the caller can cause:
 * the last line of defence when a route's validation let such a value through (issue 23 item
 * 7). The route should still refuse the value itself, with the field named; the log says which.
 */
const INPUT_SQLSTATES: Record<string, string> = {
  '22001': 'a text is too long',
  '22003': 'a number is out of range',
  '22007': 'a date or time is not valid',
  '22008': 'a date or time is out of range',
  '22021': 'text contains a character that cannot be stored',
  '22P02': 'a value is not of the expected type',
  '22P05': 'text contains a character that cannot be stored',
};

/** The 400 to answer for a database error caused by bad input, or undefined for any other. */
export function badInputFromDatabase(
  error: unknown,
): { error: HttpError; sqlState: string } | undefined {
  // Drizzle wraps the driver's error (pg's DatabaseError, PGlite's) as `cause`.
  for (let inner = error, hops = 0; inner && hops < 5; hops += 1) {
    const code = (inner as { code?: unknown }).code;
    if (typeof code === 'string' && code in INPUT_SQLSTATES) {
      return {
        error: new BadRequestError(`Invalid input: ${INPUT_SQLSTATES[code]}`),
        sqlState: code,
      };
    }
    inner = (inner as { cause?: unknown }).cause;
  }
  return undefined;
}
