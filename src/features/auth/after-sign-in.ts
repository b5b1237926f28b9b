/**
 * What happens right after a successful sign-in (spec §4 Session, §2 dashboard target):
 * - corporate users: their corporate record is fetched; a record marked deleted means the account
 *   is deactivated: sign out again and say so (spec §8 text);
 * - general users: the last accessed dashboard comes from the basic details;
 * - then the dashboard path of spec §2.
 */
import * as z from 'zod/mini';
import { dashboardPath } from '@/domain/roles';
import { api } from '@/lib/api';
import { loadAuthActions, setSession, type SessionSummary } from '@/lib/auth';

export const DEACTIVATED_MESSAGE =
  'Your account has been deactivated. Please contact support for assistance.'; // spec §8

const CorporateUsersSchema = z.array(z.object({ isDeleted: z.boolean() }));
const BasicDetailsSchema = z.object({
  data: z.object({ lastAccessedDash: z.nullable(z.string()), fullName: z.string() }),
});

export class DeactivatedAccountError extends Error {
  constructor() {
    super(DEACTIVATED_MESSAGE);
  }
}

export async function completeSignIn(session: SessionSummary): Promise<string> {
  if (session.userType.includes('corporate')) {
    const records = await api.get(`/corporate-user/${encodeURIComponent(session.sub)}/cognito`, {
      schema: CorporateUsersSchema,
    });
    if (records[0]?.isDeleted) {
      const { signOutEverywhere } = await loadAuthActions();
      await signOutEverywhere();
      throw new DeactivatedAccountError();
    }
    return dashboardPath(session);
  }
  try {
    const { data } = await api.get('/user/basic-details', { schema: BasicDetailsSchema });
    const updated = {
      ...session,
      lastAccessedDash: data.lastAccessedDash,
      fullName: session.fullName || data.fullName,
    };
    setSession(updated);
    return dashboardPath(updated);
  } catch {
    // No product profile yet (a brand-new sign-up): the candidate side is where they start.
    return dashboardPath({ ...session, lastAccessedDash: 'CAND' });
  }
}
