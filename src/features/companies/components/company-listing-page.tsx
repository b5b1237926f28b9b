import { CachedBanner, EmptyState, ListingFrame, LoadError, SearchBox } from '@/lib/ui/listing';
import type { CompanyFilters } from '../api/fetch-companies';
import { useCompanyListing } from '../use-company-listing';
import { CompanyCard, CompanyCardSkeleton } from './company-card';
import { CompanyFilterPanel } from './company-filter-panel';
import classes from './company-listing.module.css';
import { EndMarker } from './end-marker';

// spec §9: skeleton count, 12 company cards.
const SKELETON_CARDS = 12;

interface CompanyListingPageProps {
  readonly search: CompanyFilters;
  readonly onSearchChange: (next: CompanyFilters) => void;
}

/** The listing screen in company (referral) mode (spec §2), with its filter side panel. */
export function CompanyListingPage({ search, onSearchChange }: CompanyListingPageProps) {
  const listing = useCompanyListing(search);
  const { state } = listing;
  return (
    <ListingFrame
      title="Request a referral"
      searchBox={
        <SearchBox
          value={search.searchText ?? ''}
          onSearch={(text) => onSearchChange({ ...search, searchText: text || undefined })}
          buttonLabel="Search Company"
          placeholder="Search companies"
        />
      }
      filtersId="company-filters"
      filters={(open) => (
        <CompanyFilterPanel
          id="company-filters"
          open={open}
          filters={search}
          onChange={onSearchChange}
        />
      )}
      resultsLabel="Company results"
      busy={state.kind === 'loading'}
    >
      {state.kind === 'rows' && state.cachedAt !== undefined && (
        <CachedBanner at={state.cachedAt} refreshing={listing.refreshing} />
      )}
      {state.kind === 'error' && <LoadError />}
      {state.kind === 'rows' && state.rows.length === 0 && (
        <EmptyState
          title="No Company Found"
          offline={state.offline}
          hint="Try another name, choose another industry or show unverified companies too."
        />
      )}
      <div className={classes.grid}>
        {state.kind === 'loading' &&
          Array.from({ length: SKELETON_CARDS }, (_, i) => <CompanyCardSkeleton key={i} />)}
        {state.kind === 'rows' &&
          state.rows.map((company) => <CompanyCard key={company.id} company={company} />)}
      </div>
      {state.kind === 'rows' && state.hasMore && (
        <EndMarker onVisible={listing.loadMore} count={state.rows.length} />
      )}
      {listing.loadingMore && <p className={classes.more}>Loading more companies…</p>}
    </ListingFrame>
  );
}
