/**
 * Issue 26 item 9: a signed-in user who opens a login page goes to their dashboard (spec §2
 * dashboard target) instead of a form that could only answer "There is already a signed in
 * user." An expired session is cleared by the dashboard's guard, which then sends them back here
 * signed out, so this cannot loop.
 */
import { redirect } from '@tanstack/react-router';
import { dashboardPath } from '@/domain/roles';
import { getSession } from '@/lib/auth';

export function redirectSignedInToDashboard({ preload }: { preload: boolean }) {
  if (preload) return;
  const session = getSession();
  if (session) redirect({ to: dashboardPath(session), replace: true, throw: true });
}
