import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { readsQueries } from '@/domain/page-meta';
import { QueryGate } from '@/lib/query-gate';
import { Toaster } from '@/lib/toast';
import { MantineBoundary } from '@/lib/ui/mantine-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineIndicator } from './offline-indicator';
import { RoutePending } from './route-pending';
import { UpdatePrompt } from './update-prompt';
import { useDocumentMeta } from './use-document-meta';

import type { ReactNode } from 'react';

export interface RootLayoutProps {
  /**
   * Signed-in extras for the header (the pending-actions indicator), composed by the root route
   * so the shell does not import other features.
   */
  readonly headerExtras?: ReactNode;
}

export function RootLayout({ headerExtras }: RootLayoutProps) {
  // Mantine is loaded only for pages that ask for it (route staticData), keeping the shell and
  // the light public pages small on a cheap phone's first load.
  const needsMantine = useMatches({
    select: (matches) => matches.some((m) => m.staticData.mantine),
  });
  // Title, robots hint, canonical link and page tone per path. Scrolling to the top on a new
  // route (and to #hash targets) is the router's own resetScroll/scrollRestoration (router.tsx).
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useDocumentMeta(pathname);
  // Pages read through TanStack Query, whose client loads on first use; `/` does not need it.
  const needsQueries = readsQueries(pathname);
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header extras={headerExtras} />
      <main id="main" tabIndex={-1} className="app-main">
        <QueryGate needed={needsQueries} fallback={<RoutePending />}>
          {needsMantine ? (
            <MantineBoundary>
              <Outlet />
            </MantineBoundary>
          ) : (
            <Outlet />
          )}
        </QueryGate>
      </main>
      <Footer />
      <OfflineIndicator />
      <UpdatePrompt />
      <Toaster />
    </>
  );
}
