import { lazy } from 'react';

/**
 * The header's pending-actions indicator, loaded in its own chunk (it is shown only to a
 * signed-in user with something queued, and pulls in the outbox's live queries).
 */
export const PendingActions = lazy(() => import('./pending-actions'));
