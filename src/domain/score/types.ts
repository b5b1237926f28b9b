/**
 * The inputs and output of the match score (spec §9). Plain data shapes, so the worker, the
 * server and the app can all build them from their own records (the spec's profile stores core
 * skills as `{ skillName }` objects and years as `YOE`; adapters map those to these fields).
 */

export interface CandidateProfile {
  readonly coreSkills: readonly string[];
  readonly softSkills: readonly string[];
  readonly technicalSkills?: readonly string[] | null;
  /** Total years of experience; null or undefined when unknown. */
  readonly yearsOfExperience: number | null | undefined;
  /** Current designation. Carried for callers; spec §9's formula does not use it. */
  readonly designation?: string | null;
}

export interface ExperienceRange {
  readonly min?: number | null;
  readonly max?: number | null;
}

export interface ScorableJob {
  readonly coreSkills?: readonly string[] | null;
  readonly softSkills?: readonly string[] | null;
  readonly technicalSkills?: readonly string[] | null;
  readonly experienceRange?: ExperienceRange | null;
  /** Carried for callers; spec §9's formula does not use it. */
  readonly jobTitle?: string | null;
}

/**
 * Same shape as the job match record's scoreDetails (spec §3) plus finalScore
 * (initialMatchingScoreDetails.finalScore). All values are 0..100 rounded to one decimal;
 * finalScore is at most 90 (spec §9).
 */
export interface ScoreDetails {
  readonly finalScore: number;
  readonly coreSkills: number;
  readonly experience: number;
  readonly roleAndResponsibilities: number;
  readonly softSkills: number;
}

/** Relative weight of each part of the final score (spec §9). */
export interface ScoreWeights {
  readonly coreSkills: number;
  readonly softSkills: number;
  readonly experience: number;
  readonly responsibilities: number;
}
