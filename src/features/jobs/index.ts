export { JobListingPage } from './components/job-listing-page';
export {
  JobDetailPage,
  type DetailJob,
  type JobDetailPageProps,
} from './components/job-detail-page';
export type { JobSearchParams } from './job-search-params';
export { jobQueries } from './api/job-queries';
export { sanitizeJobHtml } from './sanitize';
export { appliedDefaults } from './profile-defaults';
export { PROFILE_WAIT_MS } from './use-profile-defaults';
export { PROMO_EVERY, PROMO_IMAGES, showsPromos, withPromos, type ListingItem } from './promo';
export { activeFilters, showJobsLabel, withoutFilters } from './active-filters';
export { resolveSuggestion } from './suggestions';
