/**
 * "This browser has a signed-in session" (issue 24): set and cleared by the session mirror
 * (src/lib/auth/session-store.ts), read by the server only to leave out the signed-out data
 * hint (src/domain/page-data.ts). It carries no token and no identity, so it proves nothing and
 * is never trusted for access: every API call is still checked by its token.
 */
export const SIGNED_IN_COOKIE = 'rh_signed_in';

/** Whether a Cookie header (or `document.cookie`) carries the signed-in mark. */
export function hasSignedInCookie(cookieText: string | undefined): boolean {
  return (cookieText ?? '').split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`);
}
