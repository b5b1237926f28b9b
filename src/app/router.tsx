import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { FIRST_SCREEN_ID } from '@/domain/first-screen-id';
import { GenericErrorPage, NotFoundPage, RoutePending } from '@/features/shell';
import { routeTree } from '../routeTree.gen';

/** TanStack Router's defaults, for every navigation after the first load. */
const PENDING_MS = 1_000;
const PENDING_MIN_MS = 500;

export function createAppRouter(history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns freshness; the router must not cache too.
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: GenericErrorPage,
    // Except while the server's first screen is shown (issue 24 item 5): the app's first render,
    // beneath it, must not scroll the page a visitor is already reading back to the top.
    scrollRestoration: () => !document.getElementById(FIRST_SCREEN_ID),
    // First load: the shell (header, an empty page area) renders as soon as the entry has run,
    // not once the route's own chunks have downloaded too (on slow 3G ~0.6 s later; issue 24),
    // and the page replaces it the moment it is ready (no minimum).
    defaultPendingComponent: RoutePending,
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
  });
  // Later navigations keep the page a user is on until the next one is ready, as TanStack's
  // defaults do, rather than flashing an empty page area on every tap.
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    router.update({
      ...router.options,
      defaultPendingMs: PENDING_MS,
      defaultPendingMinMs: PENDING_MIN_MS,
    });
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
