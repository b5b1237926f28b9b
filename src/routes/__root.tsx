import { createRootRoute } from '@tanstack/react-router';
import { PendingActions } from '@/features/outbox-status';
import { GenericErrorPage, NotFoundPage, RootLayout } from '@/features/shell';

// Actions waiting in the outbox (issue 6): a count in the header, with a panel to retry/discard.
const rootLayout = () => <RootLayout headerExtras={<PendingActions />} />;

export const Route = createRootRoute({
  component: rootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: GenericErrorPage,
});
