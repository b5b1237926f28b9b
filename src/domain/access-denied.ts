import type { AccessDialog } from './route-access';

/**
 * Thrown by a route guard when a signed-in user lacks the role (spec §4); the route's error
 * component shows the matching dialog of spec §2. Kept apart from the guard table so the shell
 * can recognise it without carrying the table in the first-load chunk.
 */
export class AccessDeniedError extends Error {
  override readonly name = 'AccessDeniedError';
  constructor(readonly dialog: AccessDialog) {
    super('You do not have access to this page.');
  }
}

export function isAccessDenied(error: unknown): error is AccessDeniedError {
  return error instanceof AccessDeniedError;
}
