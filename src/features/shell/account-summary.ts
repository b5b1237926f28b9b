/**
 * What the signed-in header says about the user (spec §2 avatar, dropdown, role line, "Referrals
 * Left"; spec §3 full-name fallbacks), computed once for the desktop dropdown and the mobile menu.
 */
import { avatarRoleLine, dashboardPath, type DashboardPath } from '@/domain/roles';
import { canOpenRoute, findRouteGuard } from '@/domain/route-access';
import type { SessionSummary } from '@/lib/auth';

export interface AccountSummary {
  name: string;
  /** The first letter of the full name for the avatar, or null (then a generic icon). */
  initial: string | null;
  imageUrl: string | null;
  roleLine: string;
  /** "Referrals Left" for users with a referral counter (spec §2 mobile menu), else null. */
  referralsLeft: string | null;
  dashboard: DashboardPath;
  /** "+ Referrals" and My referrals are shown to users with a referral counter. */
  /** Edit Profile goes to the candidate profile, for users who may open it (spec §2); the same
   * users (candidates) get the Saved jobs link (issue 8). */
  canEditProfile: boolean;
  /** Change password (issue 4): every signed-in user except those who came through LinkedIn,
   * who have no password of ours to change. */
  canChangePassword: boolean;
}

// Shown until the server has told us the count (a new sign-up has no product record yet):
// a dash, not 0, which would read as "out of referrals" (docs/decisions.md).
const UNKNOWN_COUNT = '—';

/**
 * `balance`: the credit balance from the server's balance route (issue 16, GET
 * /api/referrals/balance), when known; it wins over the count the session was started with.
 */
export function accountSummary(session: SessionSummary, balance?: number | null): AccountSummary {
  const corporate = session.userType.includes('corporate');
  const trimmed = session.fullName.trim();
  // spec §3: the full name falls back to "Corporate User" or "User"; the avatar then shows the
  // generic icon, since the fallback is not the person's name.
  const name = trimmed || (corporate ? 'Corporate User' : 'User');
  const line = avatarRoleLine(session);
  let roleLine: string;
  let referralsLeft: string | null = null;
  if (line.kind === 'referrals') {
    referralsLeft =
      balance != null
        ? String(balance)
        : session.referralCount == null
          ? UNKNOWN_COUNT
          : String(line.count);
    roleLine = `Referrals Left: ${referralsLeft}`;
  } else {
    roleLine = line.label;
  }
  const profileGuard = findRouteGuard('/v1/candidate/profile');
  return {
    name,
    initial: trimmed ? (Array.from(trimmed)[0] ?? '').toUpperCase() : null,
    imageUrl: session.profileImageUrl ?? null,
    roleLine,
    referralsLeft,
    dashboard: dashboardPath(session),
    canEditProfile: Boolean(profileGuard && canOpenRoute(profileGuard, session)),
    canChangePassword: !session.userType.includes('linkedin'),
  };
}
