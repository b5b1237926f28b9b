/**
 * Experience part of the match score, 0..100.
 *
 * - spec §5: zero for an invalid or missing range. Valid means min and max are finite numbers
 *   with 0 ≤ min ≤ max. Unknown or negative candidate experience also scores zero (no evidence).
 * - spec §5 Display: a max of 9999 (or more) is open-ended: no upper limit, so no penalty.
 * - Inside the range (bounds included): 100.
 * - Below the range (the spec does not say): proportional to the years held, 100 × years / min,
 *   so 4 years for a 5-year minimum scores 80 and none scores 0.
 * - Above the range (spec §9: "loses up to 50 percent"): the loss grows with the excess relative
 *   to the range maximum and stops at half: 100 − 50 × min(1, (years − max) / max(max, 1)).
 *   Twice the maximum (or more) scores 50; 7 years against 3–5 scores 80.
 */
import { isOpenEndedMax } from '../open-ended';
import type { ExperienceRange } from './types';

// spec §9: experience above the range loses up to 50 percent.
const MAX_OVER_RANGE_LOSS = 50;

export function isValidExperienceRange(
  range: ExperienceRange | null | undefined,
): range is { min: number; max: number } {
  if (!range) return false;
  const { min, max } = range;
  return (
    typeof min === 'number' &&
    typeof max === 'number' &&
    Number.isFinite(min) &&
    Number.isFinite(max) &&
    min >= 0 &&
    max >= min
  );
}

export function experienceScore(
  years: number | null | undefined,
  range: ExperienceRange | null | undefined,
): number {
  if (!isValidExperienceRange(range)) return 0;
  if (typeof years !== 'number' || !Number.isFinite(years) || years < 0) return 0;
  const { min, max } = range;
  if (years < min) return (100 * years) / min;
  if (isOpenEndedMax(max) || years <= max) return 100;
  const overBy = (years - max) / Math.max(max, 1);
  return 100 - MAX_OVER_RANGE_LOSS * Math.min(1, overBy);
}
