/**
 * Date ranges in CV lines and the months they cover (issue 22 item 2). The grammar takes the
 * forms resumes use:
 *
 * - month names, short or long, with or without a dot: "Jan 2020", "January 2020", "Sept. 2019";
 * - glued or apostrophe years: "Jan'20", "June’2019", "Jan-20", two-digit years read as the
 *   nearest past century ("06/15" is June 2015);
 * - days before or after the month: "16 May 2024", "May 16, 2024", "May, 16 2024";
 * - numbers: "03/2018", "03-2018", "3.2018", "06/15", "16/05/2024" (day first, Indian style);
 * - years alone: "2016 - 2018" (two years: a year alone starts in January and ends before
 *   January of the end year);
 * - open ends: Present, Current(ly), Now, Today, Ongoing, Till date, Till now, To date (also
 *   "2013 to date", where the separator's "to" and the end's "date" share the word), "Since
 *   2019" and "2019 onwards";
 * - separators: - – — ~ to till until through.
 *
 * Months are counted on a month index (year × 12 + month); an end month is included. Open ends
 * run to the current month (not included: "Mar 2024 – Present" in November 2026 is 32 months).
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAME = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DAY = String.raw`\d{1,2}(?:st|nd|rd|th)?`;
const YEAR = String.raw`(?:(?:19|20)\d{2}|\d{2})(?!\d)`;
const NAMED = String.raw`(?:${DAY}\s+)?${MONTH_NAME}\b\.?(?:\s*,?\s*${DAY}\s*,?)?[\s,'’‘.\-/]*${YEAR}`;
const NUMERIC = String.raw`\d{1,2}\s*[/.\-]\s*(?:\d{1,2}\s*[/.\-]\s*)?${YEAR}`;
const YEAR_ONLY = String.raw`(?:19|20)\d{2}(?!\d)`;
const POINT = String.raw`(?<![\d\p{L}])(?:${NAMED}|${NUMERIC}|${YEAR_ONLY})`;
const SEPARATOR = String.raw`\s*(?:-+|–|—|~|\bto\b|\btill\b|\buntil\b|\bthrough\b|\bthru\b)\s*`;
const OPEN_END = String.raw`(?:present|current(?:ly)?|now|today|ongoing|till\s+(?:date|now)|to\s+date|date)\b`;
const RANGE_SOURCE = String.raw`(${POINT})${SEPARATOR}(?:(${POINT})|(${OPEN_END}))|\bsince\s+(${POINT})|(${POINT})\s*(?:onwards|on wards|-\s*onwards)\b`;
const RANGE = new RegExp(RANGE_SOURCE, 'giu');

export interface MonthRange {
  /** First month, inclusive. */
  start: number;
  /** Month after the last, exclusive. */
  end: number;
}

export function monthIndex(date: Date): number {
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

function fullYear(digits: string, now: Date): number {
  const n = Number(digits);
  if (digits.length === 4) return n;
  // Two digits: this century unless that would be more than a year ahead ("06/98" is 1998).
  return n <= (now.getUTCFullYear() % 100) + 1 ? 2000 + n : 1900 + n;
}

interface Point {
  year: number;
  /** 0-11, or undefined for a year alone. */
  month: number | undefined;
}

/** One date as the grammar matched it ("June’2019", "16/05/2024", "2018"). */
export function parseDatePoint(text: string, now: Date): Point | undefined {
  const lower = text.toLowerCase();
  const name = new RegExp(MONTH_NAME, 'i').exec(lower)?.[0];
  if (name) {
    const year = /(\d{2,4})(?!.*\d)/.exec(lower)?.[1];
    if (!year || year.length === 3) return undefined;
    return { year: fullYear(year, now), month: MONTHS.indexOf(name.slice(0, 3)) };
  }
  const numbers = lower.match(/\d+/g) ?? [];
  if (numbers.length === 1) return { year: Number(numbers[0]), month: undefined };
  const year = numbers.at(-1);
  const month = Number(numbers.at(-2));
  if (!year || year.length === 3 || !(month >= 1 && month <= 12)) return undefined;
  return { year: fullYear(year, now), month: month - 1 };
}

function rangeOf(match: RegExpMatchArray, now: Date): MonthRange | undefined {
  const startText = match[1] ?? match[4] ?? match[5];
  if (!startText) return undefined;
  const start = parseDatePoint(startText, now);
  if (!start) return undefined;
  const startMonth = start.year * 12 + (start.month ?? 0);
  const current = monthIndex(now);
  let end: number;
  if (match[2]) {
    const last = parseDatePoint(match[2], now);
    if (!last) return undefined;
    end = last.year * 12 + (last.month === undefined ? 0 : last.month + 1);
    // "2021 - 2021": a year alone ending in its own year is that year.
    if (last.month === undefined && end <= startMonth) end = startMonth + 12;
  } else {
    end = current;
  }
  end = Math.min(end, current + 1); // an end in the future (an expected date) counts to now
  if (startMonth < 1950 * 12 || startMonth > current) return undefined;
  return end > startMonth ? { start: startMonth, end } : undefined;
}

/** Every range in the text, in order. */
export function findDateRanges(text: string, now: Date): MonthRange[] {
  const ranges: MonthRange[] = [];
  for (const match of text.matchAll(RANGE)) {
    const range = rangeOf(match, now);
    if (range) ranges.push(range);
  }
  return ranges;
}

export function hasDateRange(text: string, now: Date = new Date()): boolean {
  return findDateRanges(text, now).length > 0;
}

/** The text with its date ranges taken out (what is left of a "Title | Jan 2020 - 2022" line). */
export function withoutDateRanges(text: string): string {
  return text.replace(RANGE, ' ');
}

/** Total months covered by the ranges, overlaps counted once. */
export function mergedMonths(ranges: MonthRange[]): number {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  let total = 0;
  let current: MonthRange | undefined;
  for (const range of sorted) {
    if (current && range.start <= current.end) {
      current.end = Math.max(current.end, range.end);
    } else {
      if (current) total += current.end - current.start;
      current = { ...range };
    }
  }
  if (current) total += current.end - current.start;
  return total;
}
