export { PipelinePage, type PipelinePageProps } from './components/pipeline-page';
