export { JobsPage } from './components/jobs-page';
export { JobEditorPage, type JobEditorPageProps } from './components/job-editor-page';
