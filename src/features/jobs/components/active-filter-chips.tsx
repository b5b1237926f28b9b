import { activeFilters, withoutFilters } from '../active-filters';
import type { JobSearchParams } from '../job-search-params';
import classes from './active-filter-chips.module.css';

/**
 * The filters that are on, above the results, each removable with one tap (issue 26 item 5:
 * nothing showed which were on; the promo banner's filter was invisible).
 */
export function ActiveFilterChips({
  search,
  onChange,
}: {
  search: JobSearchParams;
  onChange: (next: JobSearchParams) => void;
}) {
  const chips = activeFilters(search);
  if (chips.length === 0) return null;
  return (
    <div className={classes.bar}>
      <ul className={classes.chips} aria-label="Active filters">
        {chips.map((chip) => (
          <li key={chip.id}>
            <button
              type="button"
              className={classes.chip}
              aria-label={`Remove filter ${chip.group}: ${chip.label}`}
              onClick={() => onChange(chip.without)}
            >
              {chip.label} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <button
          type="button"
          className={classes.clear}
          onClick={() => onChange(withoutFilters(search))}
        >
          Clear all
        </button>
      )}
    </div>
  );
}
