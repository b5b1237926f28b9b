/**
 * Years of experience (issue 22 item 2): the union of the full-time jobs' ranges, so
 * - only jobs count: entries of the experience section (entries.ts), not dates under Projects,
 *   Activities, Leadership, Education or Certifications;
 * - internships are left out (an Internships section, or an entry titled intern/internship);
 * - overlapping jobs count once and gaps between jobs do not count;
 * - a current job runs to this month.
 * Without any dated job, a stated "5+ years of experience" is used; a CV whose only jobs are
 * internships has 0 years.
 */
import { mergedMonths } from './date-ranges';
import { experienceEntries } from './entries';
import { linesIn, type Section } from './sections';

const STATED_YEARS = /\b(\d{1,2}(?:\.\d)?)\s*\+?\s*(?:years?|yrs?)\b[^.\n]{0,25}?\bexperience\b/i;
const MAX_YEARS = 60;

/** Years (one decimal) or null when the CV gives no dated job and states no figure. */
export function yearsOfExperience(sections: Section[], now: Date): number | null {
  const entries = experienceEntries(sections, now);
  const jobs = entries.filter((e) => !e.internship);
  if (jobs.length > 0) {
    const months = mergedMonths(jobs.map((e) => e.range));
    return Math.min(MAX_YEARS, Math.round((months / 12) * 10) / 10);
  }
  for (const line of linesIn(sections, 'header', 'summary', 'experience')) {
    const stated = STATED_YEARS.exec(line.text);
    if (stated?.[1]) return Math.min(MAX_YEARS, Number(stated[1]));
  }
  return entries.length > 0 ? 0 : null;
}
