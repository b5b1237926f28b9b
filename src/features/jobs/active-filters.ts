/**
 * The filters a /jobs search has on, as removable chips above the results and as the count on
 * the Filters button (issue 26 item 5: nothing showed which filters were active, and the promo
 * banner filtered silently). The search text has its own box and the profile defaults their
 * own notice, so neither is a chip.
 */
import { EXPERIENCE_BANDS, SALARY_BANDS, TEAM_SIZE_BANDS, findBand } from '@/domain/bands';
import { groupDigits } from '@/domain/digits';
import { JOB_SOURCES } from './filter-options';
import type { JobSearchParams, ListKey } from './job-search-params';

export interface ActiveFilter {
  /** Unique among the chips. */
  readonly id: string;
  /** What the chip shows. */
  readonly label: string;
  /** The filter group, for assistive technology ("Remove Work mode: Remote"). */
  readonly group: string;
  /** The search without this filter. */
  readonly without: JobSearchParams;
}

const LIST_GROUPS: readonly (readonly [ListKey, string])[] = [
  ['location', 'Location'],
  ['workMode', 'Work mode'],
  ['coreSkills', 'Core skill'],
  ['technicalSkills', 'Technical skill'],
  ['softSkills', 'Soft skill'],
  ['companyName', 'Company'],
  ['department', 'Department'],
  ['industry', 'Industry'],
  ['typeofEmployment', 'Employment type'],
];

const RANGE_GROUPS = [
  ['salaryRange', 'Salary', SALARY_BANDS, ' LPA'],
  ['experienceRange', 'Experience', EXPERIENCE_BANDS, ' yrs'],
  ['teamSize', 'Team size', TEAM_SIZE_BANDS, ' people'],
] as const;

export function activeFilters(search: JobSearchParams): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  for (const [key, group] of LIST_GROUPS) {
    const values = search[key] ?? [];
    for (const value of values) {
      const rest = values.filter((v) => v !== value);
      chips.push({
        id: `${key}:${value}`,
        label: value,
        group,
        without: { ...search, [key]: rest.length > 0 ? rest : undefined },
      });
    }
  }
  for (const [key, group, bands, unit] of RANGE_GROUPS) {
    const id = search[key];
    if (!id) continue;
    const band = findBand(bands, id);
    chips.push({
      id: `${key}:${id}`,
      label: `${band?.label ?? id}${unit}`,
      group,
      without: { ...search, [key]: undefined },
    });
  }
  if (search.dashboard) {
    const source = JOB_SOURCES.find((s) => s.value === search.dashboard);
    chips.push({
      id: `dashboard:${search.dashboard}`,
      label: source?.label ?? search.dashboard,
      group: 'Job type',
      without: { ...search, dashboard: undefined },
    });
  }
  return chips;
}

/** The search with every filter off: the search text and the defaults choice stay. */
export function withoutFilters(search: JobSearchParams): JobSearchParams {
  return {
    ...(search.searchText ? { searchText: search.searchText } : {}),
    ...(search.profileDefaults ? { profileDefaults: search.profileDefaults } : {}),
  };
}

/** "Show 12 jobs", "Show 1,000+ jobs", "Show 1 job"; "Show jobs" while counting. */
export function showJobsLabel(count: { total: number; capped: boolean } | undefined): string {
  if (!count) return 'Show jobs';
  const n = `${groupDigits(count.total)}${count.capped ? '+' : ''}`;
  return `Show ${n} ${count.total === 1 && !count.capped ? 'job' : 'jobs'}`;
}
