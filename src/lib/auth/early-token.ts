/**
 * The first private calls of a full page load, before Amplify is up (issue 24: a signed-in page
 * on slow 3G waited ~3 s for Amplify's 43 KB, the identity config and a session check before its
 * first private call went out). The access token Amplify stored at sign-in is still good for
 * most page loads: until Amplify registers its own provider, calls carry that token as long as it
 * has EARLY_TOKEN_MARGIN_S of life left and belongs to the user the session mirror names. Anything
 * else (near expiry, refused by the API, another user's) brings Amplify up, which refreshes and
 * takes over. Nothing is trusted here: the server verifies every token (design/identity.md).
 */
import {
  activeAccessTokenProvider,
  currentAccessToken,
  setAccessTokenProvider,
  type AccessTokenProvider,
} from '@/lib/api/access-token';
import { readStoredAccessToken } from './stored-tokens';

/** Seconds of life a stored token must have left to be sent without asking Amplify. */
export const EARLY_TOKEN_MARGIN_S = 60;

/**
 * Registers the stored-token provider for `sub`'s page load. `bringUpAmplify` configures Amplify,
 * which registers its own provider in place of this one.
 */
export function startWithStoredToken(
  sub: string,
  bringUpAmplify: () => Promise<unknown>,
  now: () => number = Date.now,
) {
  const early: AccessTokenProvider = async (options) => {
    const stored = readStoredAccessToken();
    if (
      !options?.forceRefresh &&
      stored.kind === 'token' &&
      stored.sub === sub &&
      stored.exp - EARLY_TOKEN_MARGIN_S > now() / 1000
    ) {
      return stored.value;
    }
    await bringUpAmplify().catch(() => undefined);
    // Amplify took over: ask it. Still this one (offline, identity down): no token to send.
    return activeAccessTokenProvider() === early ? null : currentAccessToken(options);
  };
  return setAccessTokenProvider(early);
}
