import '@tanstack/react-router';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page uses Mantine components: the root layout loads Mantine's provider for it. */
    mantine?: boolean;
  }
}
