import { lazy, Suspense, useDeferredValue } from 'react';
import { buildJobQuery } from '@/domain/filters';
import { useSession } from '@/lib/auth';
import { useJobFacets } from '@/lib/facets';
import { useDeferredRender } from '@/lib/first-screen-shown';
import buttons from '@/lib/ui/button.module.css';
import { MatchStatus } from '@/features/match';
import { toJobFilters, type JobSearchParams } from '../job-search-params';
import { appliedDefaults } from '../profile-defaults';
import { PROMO_DASHBOARD, showsPromos, withPromos } from '../promo';
import { useJobListing } from '../use-job-listing';
import { useProfileDefaults } from '../use-profile-defaults';
import { activeFilters } from '../active-filters';
import { ActiveFilterChips } from './active-filter-chips';
import { FilterPanel } from './filter-panel';
import { JobCard, JobCardSkeleton } from './job-card';
import classes from './job-listing.module.css';
import { ProfileDefaultsNotice } from './profile-defaults-notice';
import { PromoBanner } from './promo-banner';
import {
  CachedBanner,
  DeadEnd,
  EmptyState,
  ListingFrame,
  LoadError,
  SearchBox,
} from '@/lib/ui/listing';

// Loaded on the first tap of Filters on a phone, with Mantine (filters-sheet.tsx).
const FiltersSheet = lazy(() => import('./filters-sheet'));

// spec §9: skeleton count, 5 job cards.
const SKELETON_CARDS = 5;

/**
 * Keeps the filters' values (GET /job/facets) fresh and saved for offline use while no panel is
 * rendered to ask for them: a phone's filters are in the sheet, opened on demand, whose chips and
 * suggestions should be the same offline as online.
 */
function KeepFacetsFresh() {
  useJobFacets();
  return null;
}

interface JobListingPageProps {
  readonly search: JobSearchParams;
  readonly onSearchChange: (next: JobSearchParams) => void;
}

/**
 * The listing screen in job mode (spec §2), starting from the profile's default filters when the
 * signed-in candidate's profile is complete (spec §4), with the promotional banner after every
 * 8th job for signed-in users (promo.ts).
 */
export function JobListingPage({ search, onSearchChange }: JobListingPageProps) {
  const signedIn = useSession() !== null;
  const profile = useProfileDefaults();
  const filters = toJobFilters(search);
  const turnedOff = search.profileDefaults === 'off';
  const defaults = turnedOff ? null : profile.defaults;
  const listing = useJobListing(filters, { ready: profile.ready, defaults });
  // The rows render in a deferred pass: an answer arriving renders at once (TanStack Query's
  // store), and a page of cards in one go held a slowed phone core for ~0.15 s (issue 24);
  // deferred, what was shown stays for that moment and React renders the cards in slices.
  const state = useDeferredValue(listing.state);
  useDeferredRender(state !== listing.state);
  const applied = appliedDefaults(
    defaults,
    buildJobQuery(filters, { defaults }),
    filters.coreSkills,
  );
  const items =
    state.kind === 'rows'
      ? withPromos(state.rows, showsPromos({ signedIn, dashboard: search.dashboard }))
      : [];
  return (
    <ListingFrame
      title="Jobs"
      searchBox={
        <SearchBox
          value={search.searchText ?? ''}
          onSearch={(text) => onSearchChange({ ...search, searchText: text || undefined })}
          buttonLabel="Search Job"
          placeholder="Search by title, skill or company"
        />
      }
      filtersId="job-filters"
      filters={(open) => (
        <FilterPanel id="job-filters" open={open} filters={search} onChange={onSearchChange} />
      )}
      activeFilterCount={activeFilters(search).length}
      sheet={({ open, onClose }) => (
        <Suspense fallback={null}>
          <FiltersSheet
            open={open}
            onClose={onClose}
            search={search}
            defaults={defaults}
            onApply={onSearchChange}
          />
        </Suspense>
      )}
      resultsLabel="Job results"
      busy={state.kind === 'loading'}
    >
      <KeepFacetsFresh />
      <ActiveFilterChips search={search} onChange={onSearchChange} />
      {state.kind === 'rows' && state.cachedAt !== undefined && (
        <CachedBanner at={state.cachedAt} refreshing={listing.refreshing} />
      )}
      {profile.ready && (
        <ProfileDefaultsNotice
          applied={applied}
          turnedOff={turnedOff && profile.defaults !== null}
          onToggle={(on) => onSearchChange({ ...search, profileDefaults: on ? undefined : 'off' })}
        />
      )}
      <MatchStatus />
      {state.kind === 'loading' &&
        Array.from({ length: SKELETON_CARDS }, (_, i) => <JobCardSkeleton key={i} />)}
      {state.kind === 'error' && <LoadError />}
      {state.kind === 'rows' && state.rows.length === 0 && (
        <EmptyState title="No Jobs Found" offline={state.offline} />
      )}
      {items.map((item) =>
        item.kind === 'job' ? (
          <JobCard key={item.job.id} job={item.job} />
        ) : (
          <PromoBanner
            key={`promo-${item.index}`}
            image={item.image}
            // spec §2: clicking the banner selects the Job Type filter (promo.ts).
            onSelect={() => {
              onSearchChange({ ...search, dashboard: PROMO_DASHBOARD });
              window.scrollTo({ top: 0 });
            }}
          />
        ),
      )}
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
    </ListingFrame>
  );
}
