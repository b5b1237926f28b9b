/**
 * "This browser has a signed-in session" (issue 24): set and cleared by the session mirror
 * (src/lib/auth/session-store.ts), read by the server only to leave out the signed-out data
 * hint (src/domain/page-data.ts). It carries no token and no identity, so it proves nothing and
 * is never trusted for access: every API call is still checked by its token.
 */
export const SIGNED_IN_COOKIE = 'rh_signed_in';

/** A cookie's raw value in a Cookie header (or `document.cookie`), or undefined. */
export function cookieValue(cookieText: string | undefined, name: string): string | undefined {
  const prefix = `${name}=`;
  return (cookieText ?? '')
    .split(/;\s*/)
    .find((cookie) => cookie.startsWith(prefix))
    ?.slice(prefix.length);
}

/**
 * The `document.cookie` assignment for the app's own marks: the whole site, a year, same-site
 * navigations only; `value` null removes the cookie.
 */
export function cookieAssignment(name: string, value: string | null, secure: boolean): string {
  const lifetime = value === null ? 'Expires=Thu, 01 Jan 1970 00:00:00 GMT' : 'Max-Age=31536000';
  return `${name}=${value ?? ''}; Path=/; ${lifetime}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether a Cookie header (or `document.cookie`) carries the signed-in mark. */
export function hasSignedInCookie(cookieText: string | undefined): boolean {
  return cookieValue(cookieText, SIGNED_IN_COOKIE) === '1';
}
