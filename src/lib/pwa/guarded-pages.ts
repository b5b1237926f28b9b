/**
 * Tells the service worker which guarded pages the signed-in user may open (issue 24), on start
 * and whenever the session changes: the worker keeps the code of the corporate, admin and
 * evaluator screens offline for the users who have them (sw/parallel-precache.ts) and no one else
 * downloads it. Signed out, the list is empty. What may be opened is the route guard's own table
 * (src/domain/route-access.ts), loaded only for a signed-in user.
 */
import { getSession, subscribeSession, type SessionSummary } from '@/lib/auth';
import { GUARDED_PAGES_MESSAGE, type GuardedPagesMessage } from './guarded-pages-message';

async function openablePaths(session: SessionSummary | null): Promise<string[]> {
  if (!session) return [];
  const { canOpenRoute, ROUTE_GUARDS } = await import('@/domain/route-access');
  return ROUTE_GUARDS.filter((guard) => canOpenRoute(guard, session)).map((guard) => guard.path);
}

export function reportGuardedPages(container: ServiceWorkerContainer): void {
  let told: string | undefined;
  const tell = async () => {
    const paths = await openablePaths(getSession());
    const key = paths.join('\n');
    if (key === told) return;
    told = key;
    const message: GuardedPagesMessage = { type: GUARDED_PAGES_MESSAGE, paths };
    (await container.ready).active?.postMessage(message);
  };
  // In order: a sign-out right after a sign-in must not be overtaken by the sign-in's list.
  let telling = Promise.resolve();
  const tellLater = () => {
    telling = telling.then(tell).catch(() => undefined);
  };
  tellLater();
  subscribeSession(tellLater);
}
