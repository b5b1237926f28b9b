import { useDeferredValue } from 'react';
import { EXPERIENCE_BANDS, SALARY_BANDS, TEAM_SIZE_BANDS } from '@/domain/bands';
import { selectRange } from '@/domain/filters';
import { EMPLOYMENT_TYPES, JOB_SOURCES, WORK_MODES } from '../filter-options';
import { useFacetValues, useJobFacets, type FacetName } from '@/lib/facets';
import type { JobSearchParams, ListKey } from '../job-search-params';
import { ChipGroup, FilterSidePanel } from '@/lib/ui/listing';
import { withoutFilters } from '../active-filters';
import { ListInput, type Suggestion } from './list-input';

interface FilterPanelProps {
  readonly id: string;
  readonly open: boolean;
  readonly filters: JobSearchParams;
  readonly onChange: (next: JobSearchParams) => void;
  /** 'sheet': inside the phone's bottom sheet (filters-sheet.tsx). */
  readonly variant?: 'side' | 'sheet';
}

type RangeKey = 'salaryRange' | 'experienceRange' | 'teamSize';

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const bandOptions = (bands: readonly { id: string; label: string }[]) =>
  bands.map((band) => ({ value: band.id, label: band.label }));

/**
 * Every filter of spec §3 with the bands of spec §9; rules of §5 apply in buildJobQuery. Values
 * come from GET /job/facets (persisted, so offline too), with the static lists as fallback.
 */
export function FilterPanel({ id, open, filters, onChange, variant }: FilterPanelProps) {
  // The suggestions render in a deferred pass: an answer arriving renders at once (TanStack
  // Query's store), and a few hundred suggestions in one go held a slowed phone core for ~0.2 s
  // while the listing was starting (issue 24); deferred, React renders them in slices.
  const facets = useDeferredValue(useJobFacets());
  const departments = useFacetValues('department', filters.department);
  const industries = useFacetValues('industry', filters.industry);
  const setList = (key: ListKey, values: string[]) =>
    onChange({ ...filters, [key]: values.length > 0 ? values : undefined });
  const toggleList = (key: ListKey) => (value: string) => {
    const current = filters[key] ?? [];
    setList(
      key,
      current.includes(value) ? current.filter((v) => v !== value) : [...current, value],
    );
  };
  const listGroup = (key: ListKey, legend: string, values: readonly string[]) => (
    <ChipGroup
      legend={legend}
      options={asOptions(values)}
      isSelected={(value) => filters[key]?.includes(value) ?? false}
      onToggle={toggleList(key)}
    />
  );
  // spec §5: range filters are single choice; choosing the selected band again clears it.
  const rangeGroup = (
    key: RangeKey,
    legend: string,
    bands: readonly { id: string; label: string }[],
  ) => (
    <ChipGroup
      legend={legend}
      options={bandOptions(bands)}
      isSelected={(value) => filters[key] === value}
      onToggle={(value) =>
        onChange({ ...filters, [key]: selectRange(filters[key], value) ?? undefined })
      }
    />
  );
  const listInput = (key: ListKey & FacetName, label: string) => {
    const suggestions: readonly Suggestion[] = facets?.[key] ?? [];
    return (
      <ListInput
        label={label}
        // A typed part of a city name becomes the city (issue 26 item 5: "Beng" + Enter
        // filtered on the literal "Beng"); skills and companies keep what was typed.
        resolve={key === 'location'}
        values={filters[key]}
        suggestions={suggestions}
        onChange={(values) => setList(key, values)}
      />
    );
  };
  return (
    <FilterSidePanel
      id={id}
      open={open}
      variant={variant}
      onClear={() => onChange(withoutFilters(filters))}
    >
      {listInput('location', 'Location (city)')}
      {listGroup('workMode', 'Work mode', WORK_MODES)}
      {rangeGroup('salaryRange', 'Salary (LPA)', SALARY_BANDS)}
      {rangeGroup('experienceRange', 'Experience (years)', EXPERIENCE_BANDS)}
      {listInput('coreSkills', 'Core skills')}
      {listInput('technicalSkills', 'Technical skills')}
      {listInput('softSkills', 'Soft skills')}
      {listInput('companyName', 'Company')}
      {listGroup('department', 'Department', departments)}
      {listGroup('industry', 'Industry', industries)}
      {rangeGroup('teamSize', 'Team size', TEAM_SIZE_BANDS)}
      {listGroup('typeofEmployment', 'Employment type', EMPLOYMENT_TYPES)}
      {/* spec §2 "Job Type": who posted the job (the dashboard filter); the promo selects it. */}
      <ChipGroup
        legend="Job type"
        options={JOB_SOURCES}
        isSelected={(value) => filters.dashboard === value}
        onToggle={(value) =>
          onChange({
            ...filters,
            dashboard: filters.dashboard === value ? undefined : (value as 'USER' | 'EXTERNAL'),
          })
        }
      />
    </FilterSidePanel>
  );
}
