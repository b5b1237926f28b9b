export { CompanyListingPage } from './components/company-listing-page';
export { companyQueries } from './api/company-queries';
export type { CompanyFilters } from './api/fetch-companies';
