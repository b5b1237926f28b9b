import { lazy, Suspense, type ReactNode } from 'react';

const MantineRoot = lazy(() => import('./mantine-root'));

/**
 * Renders children inside Mantine's provider, loading Mantine on first use. The root layout
 * wraps a page in it when the page's route says `staticData: { mantine: true }`.
 */
export function MantineBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<div aria-busy="true" style={{ minHeight: '40vh' }} />}>
      <MantineRoot>{children}</MantineRoot>
    </Suspense>
  );
}

/** Warm the Mantine chunk when the browser is idle, so the first Mantine screen opens at once. */
export function preloadMantine() {
  void import('./mantine-root');
}
