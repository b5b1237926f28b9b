export { PipelinePage, type PipelinePageProps } from './components/pipeline-page';
export { filterApplicants, NO_FILTERS, type PipelineFilters } from './filters';
export { withPending, type PendingApplicant } from './pending-view';
