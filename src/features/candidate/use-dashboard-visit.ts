/**
 * issue 10 "Employee side switch": opening the candidate or the employee dashboard makes it the
 * last accessed dashboard, so the dashboard target of spec §2 (sign-in, the avatar's Dashboard)
 * follows the user. The session mirror changes at once (the redirect works offline too); the
 * server learns it through the outbox as a profile change, like any other edit made offline.
 * Corporate users and admins have fixed dashboards (spec §2), so nothing is recorded for them.
 */
import { useEffect } from 'react';
import { followsLastDashboard, type DashboardSide } from '@/domain/roles';
import { setSession, useSession } from '@/lib/auth';
import { enqueueAction } from '@/lib/outbox';

export function useDashboardVisit(side: DashboardSide) {
  const session = useSession();
  const changed = Boolean(
    session && session.email && followsLastDashboard(session) && session.lastAccessedDash !== side,
  );
  useEffect(() => {
    if (!changed || !session) return;
    setSession({ ...session, lastAccessedDash: side });
    void enqueueAction({
      kind: 'profileEdit',
      userId: session.sub,
      subject: 'dashboard',
      payload: { email: session.email, lastAccessedDash: side },
    });
  }, [changed, session, side]);
}
