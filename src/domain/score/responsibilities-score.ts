/**
 * Role and responsibilities part of the match score (spec §9): "35 percent of experience plus
 * soft, capped at 10 if the core score is under 20 and scaled if under 50".
 *
 * - Base: 0.35 × (experience + soft), so 0..70.
 * - "The core score" is the candidate's core-skill coverage before the +10 bonus: the bonus
 *   rewards core against soft, it is not evidence that the candidate has done this job.
 * - "Scaled" (the spec does not say how): between 20 and 50 the value moves linearly from the
 *   capped value at 20 to the full value at 50, so the rule has no jumps and never rewards
 *   a lower core score: capped + (full − capped) × (core − 20) / 30.
 */

// spec §9: responsibilities = 35 percent of experience plus soft.
const SHARE_OF_EXPERIENCE_AND_SOFT = 0.35;
// spec §9: capped at 10 if the core score is under 20 ...
const LOW_CORE_THRESHOLD = 20;
const LOW_CORE_CAP = 10;
// spec §9: ... and scaled if under 50.
const FULL_CORE_THRESHOLD = 50;

export function responsibilitiesScore(experience: number, soft: number, core: number): number {
  const full = SHARE_OF_EXPERIENCE_AND_SOFT * (experience + soft);
  const capped = Math.min(full, LOW_CORE_CAP);
  if (core < LOW_CORE_THRESHOLD) return capped;
  if (core >= FULL_CORE_THRESHOLD) return full;
  const progress = (core - LOW_CORE_THRESHOLD) / (FULL_CORE_THRESHOLD - LOW_CORE_THRESHOLD);
  return capped + (full - capped) * progress;
}
