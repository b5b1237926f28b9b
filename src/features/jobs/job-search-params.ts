import type { JobFilters } from '@/domain/filters';

/**
 * The /jobs URL search params: the search text (spec §2: mirrored in `searchText`) and every
 * filter of spec §3. The route validates them (src/routes/jobs/-search-params.ts).
 */
export interface JobSearchParams {
  searchText?: string;
  location?: string[];
  coreSkills?: string[];
  softSkills?: string[];
  technicalSkills?: string[];
  companyName?: string[];
  department?: string[];
  industry?: string[];
  workMode?: string[];
  typeofEmployment?: string[];
  salaryRange?: string;
  experienceRange?: string;
  teamSize?: string;
  dashboard?: 'USER' | 'EXTERNAL';
  /** 'off' when the user asked to see every job instead of the profile's defaults (spec §4). */
  profileDefaults?: 'off';
}

export type ListKey = {
  [K in keyof JobSearchParams]-?: JobSearchParams[K] extends string[] | undefined ? K : never;
}[keyof JobSearchParams];

/** The URL params as the filters of src/domain/filters.ts. */
export function toJobFilters(search: JobSearchParams): JobFilters {
  const { profileDefaults: _off, ...filters } = search;
  return filters;
}
