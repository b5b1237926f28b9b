import '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page uses Mantine components: the root layout loads Mantine's provider for it. */
    mantine?: boolean;
    /**
     * The page reads no query: the root layout renders it without waiting for TanStack Query's
     * client (lib/query-gate.tsx), so its first load does without it (issue 24).
     */
    withoutQueries?: boolean;
  }
}
