/**
 * Date ranges in CV lines ("Jan 2020 – Present", "03/2018 - 06/2019", "2016 to 2018") and the
 * years of experience they add up to. Months are counted on a month index (year × 12 + month);
 * overlapping or touching ranges are merged first, so two jobs held at once count once.
 */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
const DATE = String.raw`(?:${MONTH}\.?\s*,?\s*|(\d{1,2})\s*[/.-]\s*)?((?:19|20)\d{2})`;
const OPEN_END = String.raw`(present|current|now|till\s+date|to\s+date|ongoing|today)`;
const RANGE = new RegExp(
  String.raw`\b${DATE}\s*(?:-|–|—|to|until|till)\s*(?:${DATE}|${OPEN_END})`,
  'gi',
);

export interface MonthRange {
  /** First month, inclusive. */
  start: number;
  /** Month after the last, exclusive. */
  end: number;
}

function monthOf(name: string | undefined, number: string | undefined): number | undefined {
  if (name) return MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  if (number) {
    const n = Number(number);
    return n >= 1 && n <= 12 ? n - 1 : undefined;
  }
  return undefined;
}

export function monthIndex(date: Date): number {
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/**
 * Every range in the text. A year alone starts in January and ends before January of the end
 * year ("2016 - 2018" is two years); an open end ("Present") runs to the current month.
 */
export function findDateRanges(text: string, now: Date): MonthRange[] {
  const ranges: MonthRange[] = [];
  for (const m of text.matchAll(RANGE)) {
    const startMonth = monthOf(m[1], m[2]) ?? 0;
    const start = Number(m[3]) * 12 + startMonth;
    let end: number;
    if (m[7]) {
      end = monthIndex(now);
    } else {
      const endMonth = monthOf(m[4], m[5]);
      end = Number(m[6]) * 12 + (endMonth === undefined ? 0 : endMonth + 1);
    }
    if (end > start && end <= monthIndex(now) + 1) ranges.push({ start, end });
  }
  return ranges;
}

export function hasDateRange(text: string): boolean {
  RANGE.lastIndex = 0;
  const found = RANGE.test(text);
  RANGE.lastIndex = 0;
  return found;
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
