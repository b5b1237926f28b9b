import { lazy } from 'react';
import { afterFirstScreen } from '@/lib/first-screen-shown';

/**
 * The header's pending-actions indicator, loaded in its own chunk (it is shown only to a
 * signed-in user with something queued, and pulls in the outbox's live queries and Dexie, ~45 KB)
 * once a page load's first screen is shown (lib/first-screen-shown.ts): on a slow network it would
 * otherwise share the connection with the page's own answers.
 */
export const PendingActions = lazy(() => afterFirstScreen(() => import('./pending-actions')));
