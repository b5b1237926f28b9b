export { JobsPage } from './components/jobs-page';
export { JobEditorPage, type JobEditorPageProps } from './components/job-editor-page';
// The form's model: its checks and its body (read by the unit tests too).
export {
  EMPTY_JOB_FORM,
  EXPERIENCE_FROM,
  EXPERIENCE_TO,
  SALARY_FROM,
  SALARY_TO,
  draftValues,
  fromJob,
  toJobBody,
  validateJobForm,
  type JobFormValues,
} from './job-form-model';
