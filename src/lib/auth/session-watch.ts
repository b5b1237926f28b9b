/**
 * spec §4 Session: "The auth check runs on load and every 50 minutes. If it fails, the user is
 * signed out", and a corporate user whose record is marked deleted gets the persistent §8 toast
 * and is signed out. Started by the shell while someone is signed in; loaded on demand.
 *
 * "Fails" means the identity service refused the session (revoked or expired refresh token).
 * Being offline or the service being down is not a failure: the next check tries again. Each
 * check forces a token refresh, which is also spec §7's credential refresh (every 50 minutes)
 * and what notices a sign-out made on another device.
 */
import { toast } from '@/lib/toast';
import {
  DEACTIVATED_MESSAGE,
  fetchGeneralProfile,
  isDeactivatedCorporateUser,
  isDeactivatedRefusal,
} from './account-status';

/** A general user's account is deactivated when reading their own record is refused so. */
const isDeactivatedGeneralUser = (email: string) =>
  fetchGeneralProfile(email).then(
    () => false,
    (error: unknown) => isDeactivatedRefusal(error),
  );

// spec §9: "Authentication re-check and credential refresh: every 50 minutes".
export const AUTH_CHECK_INTERVAL_MS = 50 * 60_000;

export type SignedOutReason = 'check-failed' | 'deactivated';

export function startSessionWatch(
  onSignedOut: (reason: SignedOutReason) => void,
  { checkNow = true }: { checkNow?: boolean } = {},
): () => void {
  let stopped = false;

  const check = async () => {
    const auth = await import('./amplify-session');
    const outcome = await auth.refreshTokens(true);
    if (stopped || outcome === 'unreachable') return;
    if (outcome === 'rejected') {
      await auth.signOutLocally();
      onSignedOut('check-failed');
      return;
    }
    const session = await auth.refreshSessionSummary();
    if (stopped || !session) return;
    // issue 21: a site admin can deactivate general users too.
    const deactivated = session.userType.includes('corporate')
      ? await isDeactivatedCorporateUser(session.sub).catch(() => false)
      : await isDeactivatedGeneralUser(session.email);
    if (deactivated) {
      if (stopped) return;
      toast.error(DEACTIVATED_MESSAGE, { autoClose: false });
      await auth.signOutEverywhere();
      onSignedOut('deactivated');
    }
  };
  const run = () => void check().catch(() => undefined);

  // Forced on load too: only asking the identity service tells a revoked session (a sign-out on
  // another device, an administrator's action) from a live one; the token alone cannot.
  if (checkNow) run();
  const timer = setInterval(run, AUTH_CHECK_INTERVAL_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
