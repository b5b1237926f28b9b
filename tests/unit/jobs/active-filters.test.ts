/**
 * Issue 26 item 5: the active filters as chips (each removable on its own, the count on the
 * Filters button) and typed city text resolving to a known city.
 */
import { describe, expect, it } from 'vitest';
import { activeFilters, resolveSuggestion, showJobsLabel, withoutFilters } from '@/features/jobs';

describe('active filters', () => {
  const search = {
    searchText: 'engineer',
    location: ['Bengaluru', 'Pune'],
    workMode: ['Remote'],
    salaryRange: '20-25',
    experienceRange: '25+',
    dashboard: 'USER' as const,
    profileDefaults: 'off' as const,
  };

  it('names every filter that is on, with its group; never the search text', () => {
    expect(activeFilters(search).map((f) => `${f.group}: ${f.label}`)).toEqual([
      'Location: Bengaluru',
      'Location: Pune',
      'Work mode: Remote',
      'Salary: 20-25 LPA',
      'Experience: 25+ yrs',
      'Job type: Posted on ReferralHub',
    ]);
    expect(activeFilters({ searchText: 'x' })).toEqual([]);
  });

  it('removes one value only, and the whole list key with its last value', () => {
    const [bengaluru] = activeFilters(search);
    expect(bengaluru!.without.location).toEqual(['Pune']);
    expect(bengaluru!.without.workMode).toEqual(['Remote']);
    const remote = activeFilters(search).find((f) => f.label === 'Remote')!;
    expect(remote.without.workMode).toBeUndefined();
    const promo = activeFilters(search).find((f) => f.group === 'Job type')!;
    expect(promo.without.dashboard).toBeUndefined();
  });

  it('clears all filters but keeps the search text and the defaults choice', () => {
    expect(withoutFilters(search)).toEqual({ searchText: 'engineer', profileDefaults: 'off' });
  });
});

describe('typed city text', () => {
  const cities = [{ value: 'Bengaluru' }, { value: 'Mumbai' }, { value: 'Navi Mumbai' }];

  it.each([
    ['Beng', true, 'Bengaluru'],
    ['bengaluru', true, 'Bengaluru'],
    ['mum', true, 'Mumbai'],
    ['navi', true, 'Navi Mumbai'],
    ['Atlantis', true, 'Atlantis'],
    ['B', true, 'B'],
    ['Beng', false, 'Beng'],
    ['mumbai', false, 'Mumbai'],
  ])('%s (resolve %s) → %s', (typed, resolve, expected) => {
    expect(resolveSuggestion(typed, cities, resolve)).toBe(expected);
  });
});

describe('"Show N jobs"', () => {
  it.each([
    [undefined, 'Show jobs'],
    [{ total: 0, capped: false }, 'Show 0 jobs'],
    [{ total: 1, capped: false }, 'Show 1 job'],
    [{ total: 1000, capped: true }, 'Show 1,000+ jobs'],
  ])('%o → %s', (count, label) => {
    expect(showJobsLabel(count)).toBe(label);
  });
});
