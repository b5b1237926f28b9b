import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { watchFirstScreen } from '@/lib/first-screen-shown';
import { readsQueries } from '@/domain/page-meta';
import { loadedQueryClient, setQueryClientLoader, startQueryClient } from '@/lib/query-gate';
import { createAppRouter } from './router';

// TanStack Query's client, in its own chunk: loaded by the first page that reads a query (every
// page but `/`), not by the entry (lib/query-gate.tsx, issue 24).
setQueryClientLoader(() => import('./query-layer').then((layer) => layer.startQueryLayer()));
// A page that reads queries starts loading it now, beside the route's own chunks.
if (readsQueries(window.location.pathname)) startQueryClient();

export function App() {
  const [router] = useState(() => {
    const router = createAppRouter();
    watchFirstScreen(router, loadedQueryClient);
    return router;
  });
  return <RouterProvider router={router} />;
}
