import { redirect } from '@tanstack/react-router';
import { loadRouteGuard } from '@/lib/auth';

/**
 * `beforeLoad` of the guarded routes (spec §4 Route guard; the table is src/domain/route-access.ts).
 * The guard itself loads on demand, so public pages carry none of it.
 */
export async function guardBeforeLoad({
  location,
  preload,
}: {
  location: { pathname: string };
  preload: boolean;
}) {
  const { guardRoute } = await loadRouteGuard();
  const login = await guardRoute({ pathname: location.pathname, preload });
  if (login) redirect({ to: login, replace: true, throw: true });
}
