import type { CompanyFilters } from '@/domain/company-filters';
import { useFacetValues } from '@/lib/facets';
import { ChipGroup, FilterSidePanel } from '@/lib/ui/listing';
import classes from './company-filter-panel.module.css';

interface CompanyFilterPanelProps {
  readonly id: string;
  readonly open: boolean;
  readonly filters: CompanyFilters;
  readonly onChange: (next: CompanyFilters) => void;
}

// The server matches the industry ignoring case (GET /company), so the chips do too.
const same = (a: string, b: string | undefined) => a.toLowerCase() === b?.toLowerCase();

/**
 * Company mode's filter side panel (spec §2): verified companies only (`isVerified=true`) and
 * one industry (`industryName`). The industries are the job facets' most common ones when known,
 * else the product's static list, as in job mode.
 */
export function CompanyFilterPanel({ id, open, filters, onChange }: CompanyFilterPanelProps) {
  const chosen = filters.industryName;
  const known = useFacetValues('industry');
  // A chosen industry is always offered, so it can be turned off.
  const industries =
    chosen && !known.some((value) => same(value, chosen)) ? [...known, chosen] : known;
  return (
    <FilterSidePanel
      id={id}
      open={open}
      onClear={() => onChange({ searchText: filters.searchText })}
    >
      <label className={classes.check}>
        <input
          type="checkbox"
          checked={filters.isVerified === true}
          onChange={(event) =>
            onChange({ ...filters, isVerified: event.target.checked ? true : undefined })
          }
        />
        Verified companies only
      </label>
      <ChipGroup
        legend="Industry"
        options={industries.map((value) => ({ value, label: value }))}
        isSelected={(value) => same(value, chosen)}
        // Single choice: choosing the selected industry again clears it.
        onToggle={(value) =>
          onChange({ ...filters, industryName: same(value, chosen) ? undefined : value })
        }
      />
    </FilterSidePanel>
  );
}
