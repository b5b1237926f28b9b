/**
 * Where the client gets its bearer token. The auth module registers a provider once it exists;
 * until then every call carries a placeholder, which the server treats as anonymous (spec §7:
 * "a bearer access token by default, a dummy placeholder token if none").
 */
export const PLACEHOLDER_TOKEN = 'anonymous';

export type AccessTokenProvider = () =>
  string | null | undefined | Promise<string | null | undefined>;

let provider: AccessTokenProvider | null = null;

/** Registers the function that yields the current access token; returns an unregister function. */
export function setAccessTokenProvider(next: AccessTokenProvider | null): () => void {
  provider = next;
  return () => {
    if (provider === next) provider = null;
  };
}

export async function currentAccessToken(): Promise<string> {
  const token = provider ? await provider() : null;
  return token || PLACEHOLDER_TOKEN;
}
