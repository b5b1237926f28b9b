/**
 * Years of experience from a CV's sections (stack-notes "PDF and CV parsing"):
 * - only date ranges under an experience heading count, so project, education and
 *   certification dates do not;
 * - internships are left out: an Internships section, or an entry whose line (or, for a line of
 *   dates alone, the title line just above it) says intern/internship;
 * - overlapping ranges are merged (two jobs at once count once);
 * - without any dated job, a stated "5+ years of experience" is used instead.
 */
import {
  findDateRanges,
  hasDateRange,
  mergedMonths,
  withoutDateRanges,
  type MonthRange,
} from './date-ranges';
import type { Line } from './layout';
import { linesIn, type Section } from './sections';

const INTERN = /\bintern(?:ship)?s?\b/i;
const STATED_YEARS = /\b(\d{1,2}(?:\.\d)?)\s*\+?\s*(?:years?|yrs?)\b[^.\n]{0,25}?\bexperience\b/i;
const MAX_YEARS = 60;

function isInternship(lines: Line[], index: number): boolean {
  const line = lines[index];
  if (!line) return false;
  if (INTERN.test(line.text)) return true;
  // A line of dates alone belongs to the title line just above it; a line with its own title
  // does not (the line above is then the previous job's last bullet: "Mentored two interns").
  const dateOnly = withoutDateRanges(line.text).replace(/[^\p{L}]/gu, '').length < 3;
  const above = lines[index - 1];
  return dateOnly && above !== undefined && !hasDateRange(above.text) && INTERN.test(above.text);
}

/** Years (one decimal) or null when the CV gives no dated job and states no figure. */
export function yearsOfExperience(sections: Section[], now: Date): number | null {
  const lines = linesIn(sections, 'experience');
  const ranges: MonthRange[] = [];
  lines.forEach((line, index) => {
    if (isInternship(lines, index)) return;
    ranges.push(...findDateRanges(line.text, now));
  });
  if (ranges.length > 0) {
    return Math.min(MAX_YEARS, Math.round((mergedMonths(ranges) / 12) * 10) / 10);
  }
  for (const line of linesIn(sections, 'header', 'summary', 'experience')) {
    const stated = STATED_YEARS.exec(line.text);
    if (stated?.[1]) return Math.min(MAX_YEARS, Number(stated[1]));
  }
  return null;
}
