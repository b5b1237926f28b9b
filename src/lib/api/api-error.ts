/** A failed API call: `status` is the HTTP status (500 for a PATCH network failure, spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    /** True when no HTTP response arrived (offline, DNS, reset, our timeout). */
    readonly network = false,
  ) {
    super(message);
  }
}

/** spec §8: the default POST error text. */
export const DEFAULT_POST_ERROR = 'Something went wrong';

/** spec §8: failures on GET, PUT, PATCH and DELETE. */
export function httpErrorMessage(status: number, text: string): string {
  return `HTTP error! status: ${status}, message: ${text}`;
}
