/**
 * The product stores an open-ended upper bound ("10+ years", "50+ LPA") as the number 9999
 * (spec §5 Display: "Experience and salary text shows 9999 as an open-ended plus"). Scoring,
 * bands and formatting all need the same reading of it, so it lives in one place.
 */

// spec §5: 9999 as a range maximum means "no upper limit".
export const OPEN_ENDED_MAX = 9999;

/** True when `max` means "and above" rather than a real upper limit. */
export function isOpenEndedMax(max: number): boolean {
  return max >= OPEN_ENDED_MAX;
}
