/**
 * Reads the tokens Amplify keeps in localStorage, without loading Amplify (its ~45 KB stay out
 * of the first load; design/identity.md). Route guards need only the access token's expiry
 * (spec §3 "token claims used: exp") and its groups, and must decide before anything renders.
 *
 * Amplify v6's default token store writes, per app client:
 *   CognitoIdentityServiceProvider.<clientId>.LastAuthUser = <username>
 *   CognitoIdentityServiceProvider.<clientId>.<username>.{accessToken,idToken,refreshToken,…}
 * These keys are Amplify's storage format, not an API: a test in tests/e2e signs in with the real
 * client and checks that this reader sees the session, so an Amplify upgrade that moves them
 * fails loudly. The payload is decoded, never trusted: the server verifies every token itself.
 */
const PREFIX = 'CognitoIdentityServiceProvider.';
const LAST_AUTH_USER = /^CognitoIdentityServiceProvider\.([^.]+)\.LastAuthUser$/;

export type StoredAccessToken =
  | { readonly kind: 'none' }
  | { readonly kind: 'undecodable' }
  | {
      readonly kind: 'token';
      /** The token itself (sent by the first calls of a page load: early-token.ts). */
      readonly value: string;
      /** Whose it is (the JWT `sub`). */
      readonly sub: string;
      /** Expiry, seconds since the epoch (the JWT `exp`). */
      readonly exp: number;
      readonly groups: readonly string[];
      readonly hasRefreshToken: boolean;
    };

function decodePayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part || token.split('.').length !== 3) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function storageKeys(storage: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  return keys;
}

/** The signed-in user's access token as Amplify stored it, decoded but not verified. */
export function readStoredAccessToken(storage: Storage = window.localStorage): StoredAccessToken {
  try {
    for (const key of storageKeys(storage)) {
      const clientId = LAST_AUTH_USER.exec(key)?.[1];
      const username = clientId ? storage.getItem(key) : null;
      if (!clientId || !username) continue;
      const base = `${PREFIX}${clientId}.${username}`;
      const token = storage.getItem(`${base}.accessToken`);
      if (!token) continue;
      const payload = decodePayload(token);
      if (!payload || typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) {
        return { kind: 'undecodable' };
      }
      const groups = Array.isArray(payload['cognito:groups'])
        ? payload['cognito:groups'].filter((g): g is string => typeof g === 'string')
        : [];
      return {
        kind: 'token',
        value: token,
        sub: typeof payload.sub === 'string' ? payload.sub : '',
        exp: payload.exp,
        groups,
        hasRefreshToken: Boolean(storage.getItem(`${base}.refreshToken`)),
      };
    }
  } catch {
    // Storage blocked (private mode, policy): nothing can be read, so nobody is signed in.
  }
  return { kind: 'none' };
}

/**
 * Forgets the stored tokens (an expired or unreadable session), keeping the remembered device
 * keys so a later sign-in is not treated as a new device.
 */
export function clearStoredTokens(storage: Storage = window.localStorage) {
  try {
    for (const key of storageKeys(storage)) {
      if (!/\.(deviceKey|deviceGroupKey|randomPasswordKey)$/.test(key)) storage.removeItem(key);
    }
  } catch {
    // Nothing stored we could remove.
  }
}
