import { useIsRestoring, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DefaultFilters } from '@/domain/filters';
import { hasPermission } from '@/domain/roles';
import { useSession } from '@/lib/auth';
import { profileDefaults } from '@/lib/listing-defaults';
import { basicDetailsQuery } from '@/lib/profile';

export interface ProfileDefaults {
  /** False while a signed-in candidate's basic details are still on their way. */
  readonly ready: boolean;
  readonly defaults: DefaultFilters | null;
}

/**
 * How long the listing waits for the first basic details before it goes on without defaults. A
 * first try often fails and is retried (a token still being refreshed after a reload); a stalled
 * network must not keep the cached jobs hidden for long.
 */
export const PROFILE_WAIT_MS = 4000;

/**
 * The listing's default filters for the signed-in candidate (spec §4). Basic details persist in
 * the query cache, so after the first visit they are known at once, offline too. The first time,
 * the listing waits for them (at most PROFILE_WAIT_MS) rather than fetch a page it would throw
 * away; when they cannot come (offline, an error, a stall) it goes on without defaults. Corporate
 * users have no basic details (spec §6) and signed-out visitors no profile: no defaults.
 */
export function useProfileDefaults(): ProfileDefaults {
  const session = useSession();
  const candidate = session !== null && hasPermission(session.userType, 'apply_jobs');
  const details = useQuery({
    ...basicDetailsQuery(session?.sub ?? ''),
    enabled: candidate,
  });
  // The persisted copy is read back after the first render: until then nothing is known.
  const restoring = useIsRestoring();
  const [waitedEnough, setWaitedEnough] = useState(false);
  const waiting = candidate && details.data === undefined && details.fetchStatus === 'fetching';
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setWaitedEnough(true), PROFILE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);

  if (!candidate) return { ready: true, defaults: null };
  if (restoring) return { ready: false, defaults: null };
  return { ready: !waiting || waitedEnough, defaults: profileDefaults(details.data) };
}
