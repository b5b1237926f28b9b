/**
 * The weights of the final score and their normalisation (spec §9: core skills 0.4, soft skills
 * 0.2, experience 0.3, responsibilities 0.1; spec §5: "Weights are normalised if they do not sum
 * to 1").
 *
 * Sanity rules for caller-supplied weights (the spec does not say):
 * - a missing, non-finite or negative weight falls back to that part's default;
 * - if everything adds up to zero, the defaults are used;
 * - weights are divided by their largest value before summing (no overflow for huge inputs),
 *   then normalised and rounded to 9 decimals, so weight sets that differ only by a constant
 *   factor give bit-identical scores.
 */
import type { ScoreWeights } from './types';

// spec §9: weights 0.4/0.2/0.3/0.1.
export const DEFAULT_SCORE_WEIGHTS: ScoreWeights = Object.freeze({
  coreSkills: 0.4,
  softSkills: 0.2,
  experience: 0.3,
  responsibilities: 0.1,
});

const PARTS = ['coreSkills', 'softSkills', 'experience', 'responsibilities'] as const;
const WEIGHT_DECIMALS = 1e9;

function usable(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** Weights that are all ≥ 0 and sum to 1 (within rounding). */
export function normaliseWeights(weights?: Partial<ScoreWeights> | null): ScoreWeights {
  const raw = PARTS.map((part) => {
    const value = weights?.[part];
    return usable(value) ? value : DEFAULT_SCORE_WEIGHTS[part];
  });
  const largest = Math.max(...raw);
  if (largest <= 0) return DEFAULT_SCORE_WEIGHTS;
  const scaled = raw.map((value) => value / largest);
  const total = scaled.reduce((sum, value) => sum + value, 0);
  const [coreSkills = 0, softSkills = 0, experience = 0, responsibilities = 0] = scaled.map(
    (value) => Math.round((value / total) * WEIGHT_DECIMALS) / WEIGHT_DECIMALS,
  );
  return { coreSkills, softSkills, experience, responsibilities };
}
