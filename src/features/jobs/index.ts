export { JobListingPage } from './components/job-listing-page';
export { JobDetailPage } from './components/job-detail-page';
export { SearchBox } from './components/search-box';
export { CachedBanner, EmptyState, LoadError } from './components/listing-messages';
export type { JobSearchParams } from './job-search-params';
export { jobQueries } from './api/job-queries';
export { ageText, companySlug } from './format';
export { sanitizeJobHtml } from './sanitize';
