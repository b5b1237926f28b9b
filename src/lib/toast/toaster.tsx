import { lazy, Suspense, useSyncExternalStore } from 'react';
import { getToasts, subscribeToasts } from './toast-store';

// The list, its gestures and styles arrive with the first toast: none of it is on a first load.
const ToastList = lazy(() => import('./toast-list'));

/** Mounted once by the shell. The polite live region is always there (empty), so a toast added
 * later is announced; error and warning toasts are role="alert" and interrupt. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return (
    <div aria-live="polite">
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastList toasts={toasts} />
        </Suspense>
      )}
    </div>
  );
}
