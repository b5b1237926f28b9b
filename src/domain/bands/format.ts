/**
 * Display text for salary and experience ranges (spec §5 Display).
 *
 * - Salary shows "Not Disclosed" if min or max is missing (spec §5). We also show it when the
 *   job hides its salary (displaySalaryRange false, spec §3), when both are 0 (imported jobs
 *   use 0/0 for "unknown") and when the range is invalid (negative, or min above max).
 * - 9999 as max is open-ended (spec §5): "50+ LPA", "10+ yrs".
 * - Formats: "5-10 LPA", "12 LPA" when min equals max, "3-5 yrs", "1 yr", "2 yrs". Numbers keep
 *   up to two decimals without trailing zeros ("4.5-6 LPA"). Salaries are in lakhs per annum,
 *   the unit of the §9 salary bands. A missing or invalid experience range reads
 *   "Not specified" (the spec gives no text for it).
 */
import { isOpenEndedMax } from '../open-ended';

export const SALARY_NOT_DISCLOSED = 'Not Disclosed';
export const EXPERIENCE_NOT_SPECIFIED = 'Not specified';

export interface NumberRange {
  readonly min?: number | null;
  readonly max?: number | null;
}

function validRange(range: NumberRange | null | undefined): { min: number; max: number } | null {
  const min = range?.min;
  const max = range?.max;
  if (typeof min !== 'number' || typeof max !== 'number') return null;
  if (!Number.isFinite(min) || !Number.isFinite(max) || min < 0 || max < min) return null;
  return { min, max };
}

function formatNumber(value: number): string {
  return String(Number(value.toFixed(2)));
}

function rangeText(min: number, max: number): string {
  if (isOpenEndedMax(max)) return `${formatNumber(min)}+`;
  if (min === max) return formatNumber(min);
  return `${formatNumber(min)}-${formatNumber(max)}`;
}

export function formatSalaryRange(
  range: NumberRange | null | undefined,
  displaySalaryRange = true,
): string {
  const valid = validRange(range);
  if (!displaySalaryRange || !valid || (valid.min === 0 && valid.max === 0)) {
    return SALARY_NOT_DISCLOSED;
  }
  return `${rangeText(valid.min, valid.max)} LPA`;
}

export function formatExperienceRange(range: NumberRange | null | undefined): string {
  const valid = validRange(range);
  if (!valid) return EXPERIENCE_NOT_SPECIFIED;
  const unit = valid.min === 1 && valid.max === 1 ? 'yr' : 'yrs';
  return `${rangeText(valid.min, valid.max)} ${unit}`;
}
