/**
 * Where the client gets its bearer token. The auth module registers a provider once it exists;
 * until then every call carries a placeholder, which the server treats as anonymous (spec §7:
 * "a bearer access token by default, a dummy placeholder token if none").
 *
 * A returning signed-in user's page starts before the provider exists (Amplify loads lazily):
 * the shell registers a loader that brings it up, and a call made meanwhile waits for it, so a
 * private read opened by URL never goes out anonymous and comes back "empty" (issue 26 item 2).
 */
export const PLACEHOLDER_TOKEN = 'anonymous';

export interface TokenOptions {
  /** Ask the identity service for a new token (the last one was refused). */
  readonly forceRefresh?: boolean;
}

export type AccessTokenProvider = (
  options?: TokenOptions,
) => string | null | undefined | Promise<string | null | undefined>;

/** How long a call waits for the provider to come up before going out anonymous. */
export const PROVIDER_WAIT_MS = 10_000;

let provider: AccessTokenProvider | null = null;
let loader: (() => Promise<unknown>) | null = null;

/** Registers the function that yields the current access token; returns an unregister function. */
export function setAccessTokenProvider(next: AccessTokenProvider | null): () => void {
  provider = next;
  return () => {
    if (provider === next) provider = null;
  };
}

/** The provider registered now (null: none yet). */
export function activeAccessTokenProvider(): AccessTokenProvider | null {
  return provider;
}

/**
 * Registers how to bring the provider up (a signed-in session whose identity module is not
 * loaded yet); null when nobody is signed in any more.
 */
export function setAccessTokenProviderLoader(next: (() => Promise<unknown>) | null) {
  loader = next;
}

async function waitForProvider(): Promise<void> {
  if (provider || !loader) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, PROVIDER_WAIT_MS);
  });
  // Offline or the identity service down: the call still goes out (public data, cached answers).
  await Promise.race([loader().catch(() => undefined), timeout]);
  clearTimeout(timer);
}

export async function currentAccessToken(options?: TokenOptions): Promise<string> {
  await waitForProvider();
  const token = provider ? await provider(options) : null;
  return token || PLACEHOLDER_TOKEN;
}

/** True when a signed-in token source exists (or is coming up) to retry a refused read with. */
export function hasAccessTokenSource(): boolean {
  return provider !== null || loader !== null;
}
