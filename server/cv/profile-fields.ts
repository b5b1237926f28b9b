/**
 * The single-value fields of a parsed CV: designation, current CTC (in lakhs, the unit of the
 * spec §9 salary bands) and location.
 */
import { findDateRanges } from './date-ranges';
import { findCity } from './cities';
import { linesIn, type Section } from './sections';

const TITLE_WORD =
  /\b(engineer|developer|manager|analyst|designer|consultant|architect|scientist|lead|specialist|administrator|executive|officer|associate|director|tester|programmer|accountant|recruiter|marketer|writer|head|sde|devops|strategist|coordinator|researcher|technician|intern)\b/i;
const INTERN = /\bintern(?:ship)?\b/i;
const DESIGNATION_LABEL =
  /\b(?:current\s+)?(?:designation|current\s+role|job\s+title|position)\s*[:\-–]\s*([^|\n]{2,60})/i;
const MAX_TITLE_WORDS = 7;

function titleIn(cell: string): string | undefined {
  for (const part of cell.split(/\s+(?:at|@)\s+|\s*[|,–—]\s*|\s+-\s+/)) {
    const text = part.trim();
    if (!text || !TITLE_WORD.test(text) || /[@\d]/.test(text)) continue;
    if (text.split(/\s+/).length <= MAX_TITLE_WORDS) return text;
  }
  return undefined;
}

/** The current job title: a "Designation:" label, the latest job's title, or the CV's tagline. */
export function findDesignation(sections: Section[], now: Date): string | null {
  for (const line of linesIn(sections, 'header', 'summary', 'other')) {
    const label = DESIGNATION_LABEL.exec(line.text)?.[1]?.trim();
    if (label) return label;
  }
  // CVs list the latest job first; its title shares a line with its dates or sits just above.
  const experience = linesIn(sections, 'experience');
  for (const [index, line] of experience.entries()) {
    if (findDateRanges(line.text, now).length === 0) continue;
    const candidates = [...line.cells, ...(experience[index - 1]?.cells ?? [])];
    const title = candidates.map(titleIn).find((t) => t !== undefined);
    if (title && !INTERN.test(title)) return title;
  }
  for (const line of linesIn(sections, 'header').slice(0, 6)) {
    const title = line.cells.map(titleIn).find((t) => t !== undefined);
    if (title) return title;
  }
  return null;
}

// "CTC: 24 LPA", "Current CTC - 18.5 lakhs", "CTC: ₹ 24,00,000" (stack-notes); not "Expected CTC".
const CTC =
  /(?<![a-z])(?<!expected\s)(?<!e)(?:current\s+)?ctc\s*(?:\(\s*[a-z]+\s*\))?\s*[:\-–=]?\s*(?:inr|rs\.?|₹)?\s*([\d,]+(?:\.\d+)?)\s*(lpa|lakhs?|lacs?|l\b|crores?|cr\b)?/i;
const MAX_CTC_LAKHS = 10_000;

/** Current CTC in lakhs per annum, or null. Plain rupee amounts (≥ 1,000) are converted. */
export function findCtc(text: string): number | null {
  const match = CTC.exec(text);
  if (!match?.[1]) return null;
  let value = Number(match[1].replace(/,/g, ''));
  if (!Number.isFinite(value) || value <= 0) return null;
  const unit = match[2]?.toLowerCase() ?? '';
  if (unit.startsWith('cr')) value *= 100;
  else if (!unit && value >= 1000) value /= 100_000;
  value = Math.round(value * 100) / 100;
  return value > 0 && value <= MAX_CTC_LAKHS ? value : null;
}

const LOCATION_LABEL =
  /\b(?:current\s+location|location|based\s+in|address|city)\s*[:\-–]?\s*([^|\n]{2,80})/i;

/** A labelled location (its city when one is recognised), else a city named in the header. */
export function findLocation(sections: Section[]): string | null {
  const personal = linesIn(sections, 'header', 'summary', 'other');
  for (const line of personal) {
    const label = LOCATION_LABEL.exec(line.text)?.[1]?.trim();
    if (label) return findCity(label) ?? label.split(',')[0]?.trim() ?? null;
  }
  for (const line of linesIn(sections, 'header')) {
    const city = findCity(line.text);
    if (city) return city;
  }
  return null;
}
