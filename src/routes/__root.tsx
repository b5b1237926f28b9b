import { createRootRouteWithContext } from '@tanstack/react-router';
import { GenericErrorPage, NotFoundPage, RootLayout } from '@/features/shell';
import type { RouterContext } from '@/app/router';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: GenericErrorPage,
});
