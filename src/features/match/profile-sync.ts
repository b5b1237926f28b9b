/**
 * Keeps the signed-in candidate's profile on the device for scoring (issue 7): fetched with the
 * existing GET /user/{email}/details call (spec §7; it carries the skills, technical skills and
 * YOE the score reads, where /user/basic-details lacks technical skills), stored in Dexie
 * `profile['candidate']` with its version (src/lib/scoring/profile-record.ts), refreshed while
 * online and read from Dexie offline. Only roles that apply to jobs have a candidate profile
 * (spec §6: general-user, linkedin, admin; candidate-specific ranking needs login).
 */
import { UserDetailsListSchema } from '@/domain/contract/profile';
import { hasPermission } from '@/domain/roles';
import type { CandidateProfile } from '@/domain/score';
import { api } from '@/lib/api';
import type { SessionSummary } from '@/lib/auth';
// The lib/scoring index holds only page-side readers and writers; the rescore engine (and the
// skill taxonomy it scores with) is in src/workers/scoring, the worker's own chunk.
import { toStoredProfile, writeCandidateProfile, type StoredCandidateProfile } from '@/lib/scoring';

export function isCandidate(session: SessionSummary | null): session is SessionSummary {
  return session !== null && hasPermission(session.userType, 'apply_jobs');
}

/** Fetches the candidate's profile and stores it; resolves to what is stored. */
export async function syncCandidateProfile(
  session: SessionSummary,
  signal?: AbortSignal,
): Promise<StoredCandidateProfile> {
  const [user] = await api.get(`/user/${encodeURIComponent(session.email)}/details`, {
    schema: UserDetailsListSchema,
    signal,
  });
  const profile: CandidateProfile = {
    coreSkills: user?.coreSkills ?? [],
    softSkills: user?.softSkills ?? [],
    technicalSkills: user?.technicalSkills ?? [],
    yearsOfExperience: user?.YOE ?? null,
    designation: user?.designation ?? null,
  };
  const record = toStoredProfile(session.sub, profile);
  await writeCandidateProfile(record);
  return record;
}
