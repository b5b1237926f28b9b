/**
 * The match score of spec §9, as a scorer built once per profile and applied to many jobs (the
 * Web Worker scores every cached job; the server scores one job for /job/{id}/s3-vector).
 * Building the scorer resolves the profile's skills through the taxonomy once, so scoring a job
 * costs a few Map lookups: 10,000 jobs take a few milliseconds.
 *
 * finalScore = weighted sum of the four parts (normalised weights, see weights.ts), capped at 90
 * (spec §9). Parts and finalScore are rounded to one decimal at the end; finalScore is computed
 * from the unrounded parts, so it can differ by 0.1 from a sum of the rounded parts.
 */
import { experienceScore } from './experience-score';
import { responsibilitiesScore } from './responsibilities-score';
import { candidateSkillKeys, skillsScore } from './skills-score';
import type { CandidateProfile, ScorableJob, ScoreDetails, ScoreWeights } from './types';
import { normaliseWeights } from './weights';

// spec §9: the score is capped at 90.
export const FINAL_SCORE_CAP = 90;

export interface ScorerOptions {
  /** Defaults to spec §9's 0.4/0.2/0.3/0.1; normalised if they do not sum to 1. */
  readonly weights?: Partial<ScoreWeights> | null;
}

export type Scorer = (job: ScorableJob) => ScoreDetails;

function clampPercent(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** One decimal place: enough to order jobs, few enough to read. */
export function roundScore(value: number): number {
  return Math.round(value * 10) / 10;
}

export function createScorer(profile: CandidateProfile, options: ScorerOptions = {}): Scorer {
  const weights = normaliseWeights(options.weights);
  const held = candidateSkillKeys(profile);
  const years = profile.yearsOfExperience;

  return (job) => {
    const skills = skillsScore(held, job);
    const core = clampPercent(skills.core);
    const soft = clampPercent(skills.soft);
    const experience = clampPercent(experienceScore(years, job.experienceRange));
    const responsibilities = clampPercent(
      responsibilitiesScore(experience, soft, skills.coreCoverage),
    );
    const weighted =
      weights.coreSkills * core +
      weights.softSkills * soft +
      weights.experience * experience +
      weights.responsibilities * responsibilities;
    return {
      finalScore: roundScore(Math.min(FINAL_SCORE_CAP, clampPercent(weighted))),
      coreSkills: roundScore(core),
      experience: roundScore(experience),
      roleAndResponsibilities: roundScore(responsibilities),
      softSkills: roundScore(soft),
    };
  };
}

/** Scores a single job. Prefer `createScorer` when scoring many jobs for one profile. */
export function scoreMatch(
  profile: CandidateProfile,
  job: ScorableJob,
  options?: ScorerOptions,
): ScoreDetails {
  return createScorer(profile, options)(job);
}
