/**
 * The listing's shared UI (issue 15): the frame (heading, search box and Filters button, side
 * panel, results column), the search box, filter chips and side panel, and the status messages.
 * Used by the job listing (features/jobs) and the company listing (features/companies).
 */
export { ageText } from './age-text';
export { ChipGroup } from './chip-group';
export { FilterSidePanel, FiltersToggle } from './filter-side-panel';
export { ListingFrame } from './listing-frame';
export {
  CachedBanner,
  DeadEnd,
  EmptyState,
  LoadError,
  REFRESH_NOTE_DELAY_MS,
} from './listing-messages';
export { SearchBox } from './search-box';
export {
  DEVICE_READ_DELAY_MS,
  useCachedListing,
  type CachedListing,
  type CachedListingOptions,
  type CachedListingState,
} from './use-cached-listing';
