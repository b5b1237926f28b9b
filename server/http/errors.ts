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
