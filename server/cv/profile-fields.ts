/**
 * The single-value fields of a parsed CV: designation, current CTC (in lakhs, the unit of the
 * spec §9 salary bands) and location (issue 22: designation, CTC and city classes).
 */
import { ProfileLimits } from '../../src/domain/contract/profile';
import { findCity } from './cities';
import { currentEntry, experienceEntries } from './entries';
import { isSentence, titleInCell } from './job-titles';
import type { Line } from './layout';
import { linesIn, type Section } from './sections';

const DESIGNATION_LABEL =
  /^(?:current\s+|present\s+)?(?:designation|job\s+title|current\s+role|current\s+position)\s*[:\-–|]\s*(.{2,100})$/i;
const HEADER_LINES = 8;

/** A tagline under the name ("Senior Software Engineer | Payments"), not a sentence. */
function taglineTitle(lines: Line[]): string | null {
  for (const line of lines.slice(0, HEADER_LINES)) {
    for (const cell of line.cells) {
      if (isSentence(cell) || /[@\d]/.test(cell)) continue;
      const guess = titleInCell(cell);
      if (guess) return guess.title;
    }
  }
  return null;
}

/**
 * The current job title: a "Current Designation:" label, else the title of the latest job
 * (latest end, then latest start: entries may run oldest first and promotions share a company),
 * else the tagline under the name.
 */
export function findDesignation(sections: Section[], now: Date): string | null {
  for (const line of linesIn(sections, 'header', 'contact', 'summary', 'other')) {
    const labelled = DESIGNATION_LABEL.exec(line.cells.join(' | '))?.[1];
    const title = labelled ? titleInCell(labelled.replace(/^\|\s*/, ''))?.title : undefined;
    if (title) return title;
  }
  const current = currentEntry(experienceEntries(sections, now));
  if (current?.title) return current.title;
  return taglineTitle(linesIn(sections, 'header'));
}

// --- CTC -----------------------------------------------------------------------------------

// "CTC", "Current CTC", "Present CTC", "Current Salary", "Annual Package"; "Expected CTC",
// "ECTC", "Desired salary" are not the current pay (captured in group 1 to be skipped).
const CTC_KEY =
  /(?<![\p{L}])(expected\s+|desired\s+|e(?=ctc)|target\s+|offered\s+)?(?:current\s+|present\s+|c(?=ctc)|annual\s+|total\s+|gross\s+|fixed\s+)?(?:ctc|salary|compensation|package|remuneration)(?![\p{L}])/giu;
// Between the key and its amount: label punctuation, a currency, "(per annum)", "Fixed".
const GAP =
  /^\s*(?:\([^)]{0,20}\)\s*)?(?:per\s+annum|p\.?\s?a\.?)?\s*[:\-–=|]?\s*(?:(?:inr|rs\.?|₹|approx\.?|~|fixed|total)\s*[:-]?\s*)*$/i;
const AMOUNT =
  /(\d[\d,]*(?:\.\d+)?)\s*(lpa|lakhs?|lacs?|lac|l\b|crores?|cr\b|k\b|inr|rs\b|\/-|per\s+annum|p\.?\s?a\.?)?/iy;
// "65,000 per month": a monthly salary is twelve of it a year.
const MONTHLY =
  /^\s*(?:\/-)?\s*(?:inr|rs\.?)?\s*(?:per\s+month|p\.?\s?m\.?(?![a-z])|\/\s*month|a\s+month|monthly|pm\b)/i;
const NOT_MONEY = /^\s*(?:%|days?|months?|years?|yrs?|weeks?)/i;
const VARIABLE =
  /^\s*(?:\((?:fixed|base)\)\s*)?(?:\+|plus|and)\s*(?:(?:variable|var\.?|bonus)\s*[:-]?\s*)?(?:inr|rs\.?|₹)?\s*/i;
const VARIABLE_AFTER = /^\s*(?:\(\s*(?:variable|var\.?|bonus)\s*\)|variable|bonus)/i;
const MIN_LAKHS = 0.5;
const MAX_LAKHS = ProfileLimits.lakhsMax; // the profile would refuse more

interface Amount {
  lakhs: number;
  end: number;
}

function amountAt(text: string, index: number): Amount | undefined {
  AMOUNT.lastIndex = index;
  const match = AMOUNT.exec(text);
  if (!match?.[1]) return undefined;
  const end = index + match[0].length;
  if (NOT_MONEY.test(text.slice(end))) return undefined;
  let value = Number(match[1].replace(/,/g, ''));
  if (!Number.isFinite(value) || value <= 0) return undefined;
  const unit = (match[2] ?? '').toLowerCase();
  if (unit.startsWith('cr')) value *= 100;
  else if (unit === 'k') value /= 100;
  else if (/^l|^lac/.test(unit)) {
    // already lakhs
  } else if (value >= 10_000)
    value /= 100_000; // rupees: "12,00,000", "2,150,000"
  else if (value >= 200) return undefined; // "CTC 2019": a year or a count, not pay
  if (MONTHLY.test(text.slice(end))) value *= 12;
  value = Math.round(value * 100) / 100;
  return value >= MIN_LAKHS && value <= MAX_LAKHS ? { lakhs: value, end } : undefined;
}

/** Current CTC in one line: the amount right after a current-pay key, plus a stated variable. */
function ctcInLine(text: string): number | null {
  for (const key of text.matchAll(CTC_KEY)) {
    if (key[1]) continue; // expected / desired
    const after = (key.index ?? 0) + key[0].length;
    const rest = text.slice(after);
    const start = /\d/.exec(rest);
    if (!start || !GAP.test(rest.slice(0, start.index))) continue;
    const amount = amountAt(text, after + start.index);
    if (!amount) continue;
    // "Fixed 14 LPA + Variable 2 LPA", "64 LPA (Fixed) + 12 LPA (Variable)": the CTC is both.
    const variable = VARIABLE.exec(text.slice(amount.end));
    const fixedFirst =
      /fixed|base/i.test(rest.slice(0, start.index)) ||
      /^\s*\((?:fixed|base)\)/i.test(text.slice(amount.end));
    if (variable && fixedFirst) {
      const extra = amountAt(text, amount.end + variable[0].length);
      const labelled =
        /variable|bonus/i.test(variable[0]) ||
        (extra !== undefined && VARIABLE_AFTER.test(text.slice(extra.end)));
      if (extra && labelled) return Math.round((amount.lakhs + extra.lakhs) * 100) / 100;
    }
    return amount.lakhs;
  }
  return null;
}

/** Current CTC in lakhs per annum, or null (never a guess from a number that is not pay). */
export function findCtc(text: string): number | null {
  for (const line of text.split('\n')) {
    const ctc = ctcInLine(line);
    if (ctc !== null) return ctc;
  }
  return null;
}

// --- Location ------------------------------------------------------------------------------

const LOCATION_LABEL =
  /(?<![\p{L}])(current\s+location|present\s+address|current\s+address|current\s+city|location|address|city|residence|based\s+in|lives\s+in|residing\s+at)\s*(?:[:\-–|]\s*|$)/iu;
const NOT_OWN =
  /prefer|relocat|open\s+to|willing|desired|job\s+location|work\s+location|native|permanent/i;
const PLACE = /^[\p{Lu}][\p{L}.' -]{1,40}$/u;

/** The location written after a label in a line (the value may be in the next cell). */
function labelledValue(line: Line): { value: string; current: boolean } | undefined {
  const cells = line.cells;
  for (const [i, cell] of cells.entries()) {
    const match = LOCATION_LABEL.exec(cell);
    if (!match) continue;
    const before = cell.slice(0, match.index);
    if (NOT_OWN.test(before) || NOT_OWN.test(match[1]!)) continue;
    const value =
      cell.slice((match.index ?? 0) + match[0].length).trim() || (cells[i + 1] ?? '').trim();
    if (value) return { value, current: /current|present/i.test(match[1]!) };
  }
  return undefined;
}

/**
 * The candidate's own city: a labelled location in the header, contact or personal details
 * (current before other labels; not a preferred location), else the first city named in the
 * header or contact lines. Never from the experience section (an employer's city) or prose
 * (a meetup's). A place outside the gazetteer is kept as written when it is labelled.
 */
export function findLocation(sections: Section[]): string | null {
  const personal = linesIn(sections, 'header', 'contact', 'summary', 'other', 'languages');
  const labelled = personal
    .map(labelledValue)
    .filter((v): v is { value: string; current: boolean } => v !== undefined)
    .sort((a, b) => Number(b.current) - Number(a.current));
  for (const { value } of labelled) {
    const city = findCity(value, true);
    if (city) return city;
  }
  for (const line of linesIn(sections, 'header', 'contact')) {
    for (const part of line.cells.flatMap((c) => c.split(/\s*[|•·]\s*/))) {
      if (NOT_OWN.test(part) || isSentence(part)) continue;
      const city = findCity(part);
      if (city) return city;
    }
  }
  const first = labelled[0]?.value.split(',')[0]?.trim();
  return first && PLACE.test(first) ? first : null;
}
