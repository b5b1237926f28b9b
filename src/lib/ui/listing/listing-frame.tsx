import { useState, type ReactNode } from 'react';
import { useMediaQuery } from '../use-media-query';
import { FiltersToggle } from './filter-side-panel';
import classes from './listing-frame.module.css';

interface ListingFrameProps {
  readonly title: string;
  /** The mode's search box (Search Job / Search Company). */
  readonly searchBox: ReactNode;
  /** The id of the mode's filter panel, which the small-screen Filters button opens. */
  readonly filtersId: string;
  /** The mode's FilterSidePanel, told whether it is open on a small screen. */
  readonly filters: (open: boolean) => ReactNode;
  /** Names the results column for assistive technology. */
  readonly resultsLabel: string;
  readonly busy: boolean;
  readonly children: ReactNode;
  /** How many filters are on, shown on the Filters button. */
  readonly activeFilterCount?: number;
  /**
   * A bottom sheet the Filters button opens on small screens instead of the panel in the page
   * (issue 26 item 5: the inline panel was about 2,000 px tall above the results). Rendered only
   * once first opened, so its code loads on demand.
   */
  readonly sheet?: (props: { open: boolean; onClose: () => void }) => ReactNode;
}

/** From this width the filter panel is a side column (listing-frame.module.css). */
const SIDE_COLUMN_QUERY = '(min-width: 900px)';

/**
 * The listing screen's frame, the same in job and company mode (spec §2): the heading, the search
 * box with the Filters button beside it, then the filter side panel (above the results on small
 * screens, a side column from 900 px) and the results.
 */
export function ListingFrame({
  title,
  searchBox,
  filtersId,
  filters,
  resultsLabel,
  busy,
  children,
  activeFilterCount,
  sheet,
}: ListingFrameProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetUsed, setSheetUsed] = useState(false);
  // Where the Filters button opens a sheet, a small screen never shows the panel in the page; it
  // was rendered there all the same, hidden: the job filters' groups and their few hundred
  // suggestions: half the page's elements (712 -> 362 on /jobs at 390 px, issue 24).
  const panelShown = useMediaQuery(SIDE_COLUMN_QUERY) || sheet === undefined;
  return (
    <div className={classes.page}>
      <h1 className={classes.heading}>{title}</h1>
      <div className={classes.toolbar}>
        {searchBox}
        <FiltersToggle
          controls={filtersId}
          open={sheet ? sheetOpen : filtersOpen}
          activeCount={activeFilterCount}
          opensDialog={sheet !== undefined}
          onToggle={() => {
            if (!sheet) return setFiltersOpen((open) => !open);
            setSheetUsed(true);
            setSheetOpen(true);
          }}
        />
      </div>
      {sheet && sheetUsed && sheet({ open: sheetOpen, onClose: () => setSheetOpen(false) })}
      <div className={classes.layout}>
        {panelShown && filters(filtersOpen)}
        <section className={classes.results} aria-label={resultsLabel} aria-busy={busy}>
          {children}
        </section>
      </div>
    </div>
  );
}
