/**
 * The `beforeLoad` guard of the signed-in routes (spec §4 "Route guard"), deciding with the one
 * table of src/domain/route-access.ts. Loaded on demand (`loadRouteGuard()`), so the public pages'
 * first load carries none of it.
 *
 * Where the session comes from: the access token Amplify stored (read without Amplify, see
 * stored-tokens.ts): its `exp` says expired or not, its `cognito:groups` give the roles (spec §4
 * mapping). Only an expired token with a refresh token loads Amplify, to try a refresh first: a
 * user back after lunch is not sent to the login page for a token Amplify would renew silently.
 */
import { isAccessDenied, AccessDeniedError } from '@/domain/access-denied';
import { mapIdentityGroups } from '@/domain/roles';
import {
  decideAccess,
  findRouteGuard,
  type LoginPage,
  type SessionState,
} from '@/domain/route-access';
import { toast } from '@/lib/toast';
import { getSession, setSession } from './session-store';
import { clearStoredTokens, readStoredAccessToken } from './stored-tokens';

export { isAccessDenied };

// spec §4 and §8: the toast when a signed-in session is found expired on navigation.
export const SESSION_EXPIRED_MESSAGE =
  'Access Denied: Your session has expired. Please log in again to continue.';
// spec §9: "Session-expiry reload delay: 5 seconds".
export const SESSION_EXPIRED_RELOAD_MS = 5_000;
/** A token this close to its expiry is treated as expired (Amplify refreshes it anyway). */
const EXPIRY_MARGIN_S = 30;

/** An undecodable stored token (spec §4): the route shows the generic error page. */
export class UndecodableTokenError extends Error {
  override readonly name = 'UndecodableTokenError';
  constructor() {
    super('The stored sign-in token could not be read.');
  }
}

function signedIn(groups: readonly string[]): SessionState {
  return { kind: 'signed-in', identity: mapIdentityGroups(groups) };
}

/** What the guard knows about the session right now, refreshing an expired token if it can. */
export async function resolveSessionState(now = Date.now()): Promise<SessionState> {
  const stored = readStoredAccessToken();
  // No tokens: signed out, or (the mirror still says signed in) the session ended under us.
  if (stored.kind === 'none') return getSession() ? { kind: 'expired' } : { kind: 'signed-out' };
  if (stored.kind === 'undecodable') return { kind: 'undecodable' };
  if (stored.exp - EXPIRY_MARGIN_S > now / 1000) return signedIn(stored.groups);
  if (!stored.hasRefreshToken) return { kind: 'expired' };
  const { refreshTokens } = await import('./amplify-session');
  const outcome = await refreshTokens();
  if (outcome === 'rejected') return { kind: 'expired' };
  if (outcome === 'unreachable') return signedIn(stored.groups); // offline: the server decides later
  const fresh = readStoredAccessToken();
  return fresh.kind === 'token' ? signedIn(fresh.groups) : { kind: 'expired' };
}

let reloadTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * spec §4: the toast, then a page reload after 5 s, which starts the app again signed out. The
 * user is already on the login page by then; if they start typing there, the reload is dropped
 * (it would throw away what they typed, and the app state is clean already).
 */
function endExpiredSession() {
  setSession(null);
  clearStoredTokens();
  toast.error(SESSION_EXPIRED_MESSAGE);
  if (reloadTimer !== undefined) return;
  const cancel = () => {
    clearTimeout(reloadTimer);
    reloadTimer = undefined;
  };
  document.addEventListener('input', cancel, { once: true, capture: true });
  reloadTimer = setTimeout(() => {
    document.removeEventListener('input', cancel, { capture: true });
    reloadTimer = undefined;
    window.location.reload();
  }, SESSION_EXPIRED_RELOAD_MS);
}

/**
 * Runs in `beforeLoad`. Resolves with the login page to redirect to (the route throws the
 * router's redirect: keeping `redirect` out of this chunk keeps it whole in the first-load one),
 * or nothing when the page may open; throws an `UndecodableTokenError` (the route's error page)
 * or an `AccessDeniedError` (the route shows the dialog of spec §2). Preloads (hovering a link)
 * decide nothing and show nothing: the real navigation guards.
 */
export async function guardRoute({
  pathname,
  preload,
}: {
  pathname: string;
  preload: boolean;
}): Promise<LoginPage | undefined> {
  const guard = findRouteGuard(pathname);
  if (!guard || preload) return undefined;
  const decision = decideAccess(guard, await resolveSessionState());
  switch (decision.kind) {
    case 'allow':
      return undefined;
    case 'login':
      if (decision.expired) endExpiredSession();
      return decision.to;
    case 'error':
      throw new UndecodableTokenError();
    case 'denied':
      throw new AccessDeniedError(decision.dialog);
  }
}
