import { useState } from 'react';
import buttons from '@/lib/ui/button.module.css';
import { MatchStatus } from '@/features/match';
import { toJobFilters, type JobSearchParams } from '../job-search-params';
import { useJobListing } from '../use-job-listing';
import { FilterPanel } from './filter-panel';
import { JobCard, JobCardSkeleton } from './job-card';
import classes from './job-listing.module.css';
import { CachedBanner, DeadEnd, EmptyState, LoadError } from './listing-messages';
import { SearchBox } from './search-box';

// spec §9: skeleton count, 5 job cards.
const SKELETON_CARDS = 5;

interface JobListingPageProps {
  readonly search: JobSearchParams;
  readonly onSearchChange: (next: JobSearchParams) => void;
}

/**
 * The listing screen in job mode (spec §2). The promotional banner after every 8th job is for
 * signed-in users only and comes with the sign-in work (there is no session yet).
 */
export function JobListingPage({ search, onSearchChange }: JobListingPageProps) {
  const [filtersOpen, setFiltersOpen] = useState(false);
  const listing = useJobListing(toJobFilters(search));
  const { state } = listing;
  return (
    <div className={classes.page}>
      <h1 className={classes.heading}>Jobs</h1>
      <div className={classes.toolbar}>
        <SearchBox
          value={search.searchText ?? ''}
          onSearch={(text) => onSearchChange({ ...search, searchText: text || undefined })}
          buttonLabel="Search Job"
          placeholder="Search by title, skill or company"
        />
        <button
          type="button"
          className={`${buttons.secondary} ${classes.filtersButton}`}
          aria-expanded={filtersOpen}
          aria-controls="job-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          Filters
        </button>
      </div>
      <div className={classes.layout}>
        <FilterPanel
          id="job-filters"
          open={filtersOpen}
          filters={search}
          onChange={onSearchChange}
        />
        <section
          className={classes.results}
          aria-label="Job results"
          aria-busy={state.kind === 'loading'}
        >
          {state.kind === 'rows' && state.cachedAt !== undefined && (
            <CachedBanner at={state.cachedAt} refreshing={listing.refreshing} />
          )}
          <MatchStatus />
          {state.kind === 'loading' &&
            Array.from({ length: SKELETON_CARDS }, (_, i) => <JobCardSkeleton key={i} />)}
          {state.kind === 'error' && <LoadError />}
          {state.kind === 'rows' && state.rows.length === 0 && (
            <EmptyState title="No Jobs Found" offline={state.offline} />
          )}
          {state.kind === 'rows' && state.rows.map((job) => <JobCard key={job.id} job={job} />)}
          {state.kind === 'rows' && state.rows.length > 0 && state.hasMore && (
            <button
              type="button"
              className={`${buttons.button} ${classes.more}`}
              disabled={listing.loadingMore}
              onClick={listing.loadMore}
            >
              {listing.loadingMore ? 'Loading…' : 'Find More Jobs'}
            </button>
          )}
          {state.kind === 'rows' && state.rows.length > 0 && !state.hasMore && <DeadEnd />}
        </section>
      </div>
    </div>
  );
}
