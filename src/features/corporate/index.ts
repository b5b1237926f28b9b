/** The corporate side (issue 20): each area of it exports from its own folder. */
export * from './jobs';
export { PipelinePage, type PipelinePageProps } from './pipeline';
export { CompanyPage } from './company';
export { InvitePage, UsersPage } from './users';
