/**
 * The date-range grammar of the CV parser (issue 22 item 2), one case per form resumes use, and
 * the years of experience the ranges add up to.
 */
import { describe, expect, it } from 'vitest';
import { findDateRanges, mergedMonths, withoutDateRanges } from '../../server/cv/date-ranges';

const now = new Date('2026-11-15T00:00:00Z');
const month = (year: number, m: number) => year * 12 + m - 1;
const months = (text: string) => mergedMonths(findDateRanges(text, now));

describe('date forms', () => {
  it.each([
    ['Jan 2020 - Dec 2020', month(2020, 1), month(2020, 12) + 1],
    ['January 2020 – March 2021', month(2020, 1), month(2021, 3) + 1],
    ['Sept. 2019 — Oct 2020', month(2019, 9), month(2020, 10) + 1],
    ['03/2018 - 06/2019', month(2018, 3), month(2019, 6) + 1],
    ['3.2018 to 6.2019', month(2018, 3), month(2019, 6) + 1],
    ["Jan'20 – Mar'22", month(2020, 1), month(2022, 3) + 1],
    ['June’2019 - August’2020', month(2019, 6), month(2020, 8) + 1],
    ['Feb-23 to Jun-24', month(2023, 2), month(2024, 6) + 1],
    ['06/15 – 08/17', month(2015, 6), month(2017, 8) + 1],
    ['06/98 - 05/01', month(1998, 6), month(2001, 5) + 1],
    ['May, 16 2024 - Aug, 2 2025', month(2024, 5), month(2025, 8) + 1],
    ['16 May 2024 to 2 Aug 2025', month(2024, 5), month(2025, 8) + 1],
    ['May 16, 2024 - August 2, 2025', month(2024, 5), month(2025, 8) + 1],
    ['16/05/2024 - 02/08/2025', month(2024, 5), month(2025, 8) + 1],
    ['2016 - 2018', month(2016, 1), month(2018, 1)],
    ['2021 - 2021', month(2021, 1), month(2022, 1)],
  ])('%s', (text, start, end) => {
    expect(findDateRanges(text, now)).toEqual([{ start, end }]);
  });

  it.each([
    'Jul 2013 - Present',
    'July 2013 to date',
    'July 2013 to Till Date',
    'Jul 2013 – Current',
    'Jul 2013 - Now',
    'Jul 2013 till now',
    'Jul 2013 - Ongoing',
    'Since July 2013',
  ])('%s runs to this month', (text) => {
    expect(findDateRanges(text, now)).toEqual([{ start: month(2013, 7), end: month(2026, 11) }]);
  });

  it('reads a year alone as an open start ("2019 onwards")', () => {
    expect(findDateRanges('2019 onwards', now)).toEqual([
      { start: month(2019, 1), end: month(2026, 11) },
    ]);
  });

  it('counts an end in the future (an expected date) only to this month', () => {
    expect(findDateRanges('Aug 2023 - May 2027', now)).toEqual([
      { start: month(2023, 8), end: month(2026, 11) + 1 },
    ]);
  });

  it('finds no range in counts, phone numbers or a single date', () => {
    expect(findDateRanges('Managed 10-15 engineers', now)).toEqual([]);
    expect(findDateRanges('+91 98450-11111', now)).toEqual([]);
    expect(findDateRanges('Graduated in May 2019', now)).toEqual([]);
    expect(findDateRanges('Saved 2,000 - 3,000 hours', now)).toEqual([]);
  });

  it('takes the dates out of a title line', () => {
    expect(withoutDateRanges('Senior Engineer | Jan 2020 - Present').trim()).toBe(
      'Senior Engineer |',
    );
  });
});

describe('months covered', () => {
  it('merges overlapping jobs and leaves gaps out', () => {
    // 2015-2017 and 2016-2018 overlap (Jan 2015 – Dec 2017: 36 months); 2020 is after a gap.
    expect(months('Jan 2015 - Dec 2016; Jan 2016 - Dec 2017; Jan 2020 - Dec 2020')).toBe(36 + 12);
  });
});
