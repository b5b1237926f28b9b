/**
 * What happens right after a successful sign-in (spec §4 Session, §2 dashboard target):
 * - corporate users: their corporate record is fetched; a record marked deleted means the account
 *   is deactivated: sign out again and say so (spec §8 text);
 * - general users: their record gives the last accessed dashboard, and the referral count and
 *   picture the header shows (spec §2, §3);
 * - then the dashboard path of spec §2.
 */
import { dashboardPath } from '@/domain/roles';
import { canOpenRoute, findRouteGuard } from '@/domain/route-access';
import { takeContinuationUrl } from '@/lib/continuation';
import { loadAuthActions, setSession, type SessionSummary } from '@/lib/auth';
import {
  DEACTIVATED_MESSAGE,
  fetchGeneralProfile,
  isDeactivatedCorporateUser,
  isDeactivatedRefusal,
} from '@/lib/auth/account-status';

export { DEACTIVATED_MESSAGE };

export class DeactivatedAccountError extends Error {
  constructor() {
    super(DEACTIVATED_MESSAGE);
  }
}

function canCreateProfile(session: SessionSummary): boolean {
  const guard = findRouteGuard('/post-signup-form');
  return guard !== undefined && canOpenRoute(guard, session);
}

export async function completeSignIn(session: SessionSummary): Promise<string> {
  if (session.userType.includes('corporate')) {
    if (await isDeactivatedCorporateUser(session.sub)) {
      const { signOutEverywhere } = await loadAuthActions();
      await signOutEverywhere();
      throw new DeactivatedAccountError();
    }
    return dashboardPath(session);
  }
  try {
    const profile = await fetchGeneralProfile(session.email).catch(async (error: unknown) => {
      // A general user a site admin deactivated (issue 21): refused like a corporate one.
      if (!isDeactivatedRefusal(error)) throw error;
      const { signOutEverywhere } = await loadAuthActions();
      await signOutEverywhere();
      throw new DeactivatedAccountError();
    });
    if (!profile) throw new Error('No product profile yet');
    const updated: SessionSummary = {
      ...session,
      lastAccessedDash: profile.lastAccessedDash,
      fullName: session.fullName || profile.fullName || '',
      referralCount: profile.referralCount,
      profileImageUrl: profile.profileImageUrl,
    };
    setSession(updated);
    // spec §4: back to the job whose Apply sent them to sign in, if there is one.
    return takeContinuationUrl() ?? dashboardPath(updated);
  } catch (error) {
    if (error instanceof DeactivatedAccountError) throw error;
    // No product profile yet (a brand-new sign-up): the basic fields come first (spec §2
    // /post-signup-form), which returns to the pending continuation afterwards.
    // /post-signup-form is for admin, general-user (spec §2) and LinkedIn users (issue 26 item
    // 1); others start on the candidate side.
    return canCreateProfile(session)
      ? '/post-signup-form'
      : dashboardPath({ ...session, lastAccessedDash: 'CAND' });
  }
}
