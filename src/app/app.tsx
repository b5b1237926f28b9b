import { RouterProvider } from '@tanstack/react-router';
import { watchFirstScreen } from '@/lib/first-screen-shown';
import { readsQueries } from '@/domain/page-meta';
import { loadedQueryClient, setQueryClientLoader, startQueryClient } from '@/lib/query-gate';
import { createAppRouter } from './router';

// TanStack Query's client, in its own chunk: loaded by the first page that reads a query (every
// page but `/`), not by the entry (lib/query-gate.tsx, issue 24).
setQueryClientLoader(() => import('./query-layer').then((layer) => layer.startQueryLayer()));
// A page that reads queries starts loading it now, beside the route's own chunks.
if (readsQueries(window.location.pathname)) startQueryClient();

/** The app's router, watched for this page load's first screen (lib/first-screen-shown.ts). */
export function startRouter() {
  const router = createAppRouter();
  watchFirstScreen(router, loadedQueryClient);
  return router;
}

/** The app, on the router main.tsx started (and, beneath a server's first screen, resolved). */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
