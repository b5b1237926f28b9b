/**
 * Keeps the signed-in candidate's profile on the device for scoring (issue 7): read from the one
 * profile query every feature shares (`basicDetailsQuery`, src/lib/profile: fetched once, kept
 * offline; issue 15), stored in Dexie `profile['candidate']` with its version
 * (src/lib/scoring/profile-record.ts) for the scoring worker. Only roles that apply to jobs have a
 * candidate profile (spec §6: general-user, linkedin, admin; candidate-specific ranking needs
 * login).
 */
import type { CandidateProfile } from '@/domain/score';
import type { BasicDetails } from '@/lib/profile';
// The lib/scoring index holds only page-side readers and writers; the rescore engine (and the
// skill taxonomy it scores with) is in src/workers/scoring, the worker's own chunk.
import { toStoredProfile, writeCandidateProfile, type StoredCandidateProfile } from '@/lib/scoring';

/** What spec §9's score reads of the profile. */
export function candidateProfileOf(details: BasicDetails): CandidateProfile {
  const names = (skills: readonly { skillName: string }[] | undefined) =>
    (skills ?? []).map((skill) => skill.skillName);
  return {
    coreSkills: names(details.coreSkills),
    softSkills: names(details.softSkills),
    technicalSkills: names(details.technicalSkills),
    yearsOfExperience: details.YOE ?? null,
    designation: details.candidateExperience?.designation ?? null,
  };
}

/** Stores the candidate's profile for scoring; resolves to what is stored. */
export async function storeCandidateProfile(
  sub: string,
  details: BasicDetails,
): Promise<StoredCandidateProfile> {
  const record = toStoredProfile(sub, candidateProfileOf(details));
  await writeCandidateProfile(record);
  return record;
}
