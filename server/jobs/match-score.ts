/**
 * The inputs of spec §9's match score from the server's rows, for the one scoring function the
 * app's worker also uses (src/domain/score): a job row → what the score reads of a job, and a
 * users row → the candidate profile, mapped the way the app maps GET /user/{email}/details
 * (src/features/match/profile-sync.ts), so the server and the app agree on every score.
 */
import type { CandidateProfile, ScorableJob } from '../../src/domain/score';
import type { jobs, users } from '../db/schema';

type JobRow = Pick<
  typeof jobs.$inferSelect,
  'coreSkills' | 'softSkills' | 'technicalSkills' | 'experienceMin' | 'experienceMax' | 'jobTitle'
>;
type UserRow = Pick<
  typeof users.$inferSelect,
  'coreSkills' | 'softSkills' | 'technicalSkills' | 'yoe' | 'designation'
>;

export function scorableJob(job: JobRow): ScorableJob {
  return {
    coreSkills: job.coreSkills,
    softSkills: job.softSkills,
    technicalSkills: job.technicalSkills,
    experienceRange: { min: job.experienceMin, max: job.experienceMax },
    jobTitle: job.jobTitle,
  };
}

export function candidateProfileOf(user: UserRow): CandidateProfile {
  return {
    coreSkills: user.coreSkills,
    softSkills: user.softSkills,
    technicalSkills: user.technicalSkills,
    yearsOfExperience: user.yoe,
    designation: user.designation,
  };
}

/** Whether there is anything to score with: the app's rule (lib/scoring hasScorableProfile). */
export function isScorable(profile: CandidateProfile): boolean {
  return (
    profile.coreSkills.length + profile.softSkills.length + (profile.technicalSkills?.length ?? 0) >
    0
  );
}
