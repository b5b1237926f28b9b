/**
 * Skills parts of the match score: core and soft, each 0..100.
 *
 * Matching goes through the taxonomy (aliases, case, punctuation: "reactjs" matches "React"),
 * and unknown skills match by their tidied spelling. A job skill counts as held when it appears
 * in any of the candidate's lists: CV parsing does not always put "Leadership" or "Excel" under
 * the heading the job used. Coverage = distinct job skills held / distinct job skills × 100.
 *
 * Choices where the spec is silent:
 * - The job's core skills are its coreSkills; a job that lists none is judged on its
 *   technicalSkills instead; a job with neither scores 0 (nothing to match, so no claim of fit).
 * - A job that lists no soft skills does not ask for any: soft follows the core coverage, so the
 *   missing list neither inflates nor punishes the score.
 * - spec §9 "Core and soft split 70/30. Core gets +10 points if it outscores soft": within the
 *   skills part core holds 70 shares and soft 30, and core outscores soft when its share is the
 *   larger: 0.7 × core > 0.3 × soft. The bonus is added to the core part (capped at 100). The
 *   split is not applied to the final weighting, which keeps the spec's exact 0.4/0.2 weights.
 */
import { skillKey } from '../skills/taxonomy';
import type { CandidateProfile, ScorableJob } from './types';

// spec §9: core and soft split 70/30; core gets +10 points if it outscores soft.
export const CORE_SHARE = 0.7;
export const SOFT_SHARE = 0.3;
export const CORE_BONUS = 10;

export interface SkillsScore {
  /** Core coverage before the bonus (also the "core score" of the responsibilities rule). */
  readonly coreCoverage: number;
  /** Core part with the bonus, 0..100. */
  readonly core: number;
  readonly soft: number;
}

function addKeys(target: Set<string>, list: readonly string[] | null | undefined): Set<string> {
  if (list) {
    for (const name of list) {
      const key = skillKey(name);
      if (key !== null) target.add(key);
    }
  }
  return target;
}

/** Every skill the candidate holds, as skill keys. Build it once per profile. */
export function candidateSkillKeys(profile: CandidateProfile): ReadonlySet<string> {
  const keys = new Set<string>();
  addKeys(keys, profile.coreSkills);
  addKeys(keys, profile.softSkills);
  addKeys(keys, profile.technicalSkills);
  return keys;
}

/** Percentage of the distinct job skills the candidate holds; null when the job lists none. */
function coverage(
  jobSkills: readonly string[] | null | undefined,
  held: ReadonlySet<string>,
): number | null {
  const wanted = addKeys(new Set<string>(), jobSkills);
  if (wanted.size === 0) return null;
  let matched = 0;
  for (const key of wanted) if (held.has(key)) matched++;
  return (100 * matched) / wanted.size;
}

export function skillsScore(held: ReadonlySet<string>, job: ScorableJob): SkillsScore {
  const coreCoverage = coverage(job.coreSkills, held) ?? coverage(job.technicalSkills, held) ?? 0;
  const soft = coverage(job.softSkills, held) ?? coreCoverage;
  const outscores = CORE_SHARE * coreCoverage > SOFT_SHARE * soft;
  const core = outscores ? Math.min(100, coreCoverage + CORE_BONUS) : coreCoverage;
  return { coreCoverage, core, soft };
}
