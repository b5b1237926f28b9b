/**
 * TanStack Query's client, loaded on first use (issue 24): `/` uses no query, so its first load
 * does without TanStack Query (~9 KB gzip); the app registers how to load the client
 * (src/app/query-layer.ts) and a QueryGate around what reads queries (the page area, the
 * signed-in account menu) shows its fallback until it is there, then provides it; a client provided above it (a test's) is used as it is. Only React's
 * context comes from @tanstack/react-query here.
 */
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';

let load: (() => Promise<QueryClient>) | null = null;
let loading: Promise<QueryClient> | null = null;
let loaded: QueryClient | null = null;
/** A gate has rendered what it holds with the client (and their effects have run). */
let renderedWithClient = false;
const listeners = new Set<() => void>();

/** Called once by the app's entry: how the client is made. */
export function setQueryClientLoader(loader: () => Promise<QueryClient>): void {
  load = loader;
}

/** The client, loading it the first time; a failed load (offline, no chunk) is tried again. */
export function ensureQueryClient(): Promise<QueryClient> {
  if (!load) return Promise.reject(new Error('No query client loader: setQueryClientLoader'));
  loading ??= load().then(
    (client) => {
      loaded = client;
      notify();
      return client;
    },
    (error: unknown) => {
      loading = null;
      notify();
      throw error;
    },
  );
  return loading;
}

/** The client once it has loaded, else null. */
export function loadedQueryClient(): QueryClient | null {
  return loaded;
}

/**
 * Whether a page is waiting for the client: loading it, or loaded but not yet rendered with it
 * (React may take a moment to show what it suspended), so the page's queries have not started
 * and the page load's first screen is not shown (lib/first-screen-shown.ts).
 */
export function queryClientPending(): boolean {
  return loading !== null && !renderedWithClient;
}

function notify() {
  for (const listener of listeners) listener();
}

/** Calls `listener` when the client has loaded (or failed to), and once a gate rendered with it. */
export function subscribeQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Renders `children` with the client; until it has loaded, `fallback` (not a suspension: React
 * holds a revealed Suspense boundary back up to ~300 ms, and every page but `/` would wait for
 * that). With `needed` false it renders at once and provides the client only if it is there.
 */
export function QueryGate({
  children,
  needed = true,
  fallback = null,
}: {
  children: ReactNode;
  needed?: boolean;
  fallback?: ReactNode;
}) {
  const above = useContext(QueryClientContext);
  const client = useSyncExternalStore(subscribeQueryClient, loadedQueryClient, loadedQueryClient);
  const value = above ?? client ?? undefined;
  // Without a loader (a component rendered on its own in a test) there is nothing to wait for.
  const waiting = !value && needed && load !== null;
  useEffect(() => {
    if (waiting) startQueryClient();
  }, [waiting]);
  // After the effects of what it renders (a page's queries start in theirs).
  useEffect(() => {
    if (!value || renderedWithClient) return;
    renderedWithClient = true;
    notify();
  }, [value]);
  if (waiting) return fallback;
  return <QueryClientContext.Provider value={value}>{children}</QueryClientContext.Provider>;
}

/**
 * Starts loading the client if it is not there or on its way: the app's entry calls it for a
 * page that reads queries before React renders (on a repeat visit the chunk comes from the
 * service worker beside the route's, not after the first render), a gate when it needs it.
 */
export function startQueryClient(): void {
  if (!loaded && !loading) void ensureQueryClient().catch(retryLater);
}

/** A failed load (offline, a missing chunk) is tried again when the connection is back. */
function retryLater() {
  window.addEventListener('online', () => void ensureQueryClient().catch(retryLater), {
    once: true,
  });
}
