import { hasPermission } from '@/domain/roles';
import type { SessionSummary } from '@/lib/auth';

/**
 * Only roles that apply to jobs have a candidate profile, so only they get scores (spec §6:
 * general-user, linkedin, admin). Its own module: the match UI's always-loaded parts check this
 * before loading anything of scoring (issue 24 item 2).
 */
export function isCandidate(session: SessionSummary | null): session is SessionSummary {
  return session !== null && hasPermission(session.userType, 'apply_jobs');
}
