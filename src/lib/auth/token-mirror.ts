/**
 * Mirrors the current access token into IndexedDB for the service worker (spec §4 Session,
 * design/outbox.md "Tokens"): the worker sends queued actions and cannot read Amplify's storage.
 * Called whenever the app reads a token (so a refreshed one reaches the worker at once) and with
 * null on sign-out. The mirror holds the short-lived access token only, never the refresh token.
 */
import { getDb } from '@/lib/db';
import { mirrorToken } from '@/lib/outbox/token';

interface AccessTokenLike {
  toString(): string;
  payload: { exp?: unknown; sub?: unknown };
}

/** The token last written, so the API calls that hand out the same token skip IndexedDB. */
let lastMirrored: string | null | undefined;

export async function mirrorAccessToken(token: AccessTokenLike | null | undefined): Promise<void> {
  const value = token ? token.toString() : null;
  if (value === lastMirrored) return;
  lastMirrored = value;
  try {
    const exp = token?.payload.exp;
    const sub = token?.payload.sub;
    if (!token || typeof exp !== 'number' || typeof sub !== 'string') {
      await mirrorToken(getDb(), null);
      return;
    }
    await mirrorToken(getDb(), {
      accessToken: token.toString(),
      expiresAt: exp * 1000,
      userId: sub,
    });
  } catch {
    lastMirrored = undefined; // try again next time
    // IndexedDB unavailable (private mode, storage gone): the page drains with its own token.
  }
}
