/** The corporate side (issue 20): each area of it exports from its own folder. */
export { JobEditorPage, JobsPage, type JobEditorPageProps } from './jobs';
export { PipelinePage, type PipelinePageProps } from './pipeline';
