import type { ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { isAccessDenied } from '@/domain/access-denied';
import { GenericErrorPage } from './generic-error-page';

// Loaded only when a guard refuses a page: nothing of it is in the first load. Marked pure so
// the bundler may leave this module out of the first-load chunk, which only re-exports it.
const AccessDeniedDialog = /* @__PURE__ */ lazy(() =>
  import('./access-denied-dialog').then((m) => ({ default: m.AccessDeniedDialog })),
);

/**
 * The error component of guarded routes (spec §4 Route guard): a role mismatch shows the
 * access-denied dialog of spec §2; anything else (an undecodable token included) the generic
 * error page of spec §8.
 */
export function RouteErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  if (isAccessDenied(error)) {
    return (
      <Suspense fallback={null}>
        <AccessDeniedDialog dialog={error.dialog} />
      </Suspense>
    );
  }
  return <GenericErrorPage error={error} />;
}
