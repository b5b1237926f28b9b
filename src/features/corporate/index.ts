/** The corporate side (issue 20): each area of it exports from its own folder. */
export * from './jobs';
export {
  filterApplicants,
  NO_FILTERS,
  PipelinePage,
  withPending,
  type PendingApplicant,
  type PipelineFilters,
  type PipelinePageProps,
} from './pipeline';
export { CompanyPage } from './company';
export { InvitePage, UsersPage } from './users';
