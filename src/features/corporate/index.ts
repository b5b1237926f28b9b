/** The corporate side (issue 20): each area of it exports from its own folder. */
export * from './jobs';
export { PipelinePage, type PipelinePageProps } from './pipeline';
