export { SaveJobButton } from './save-job-button';
export { SavedJobsPage } from './saved-jobs-page';
export {
  getSavedJob,
  listSavedJobs,
  saveJob,
  setSavedJobNote,
  unsaveJob,
  type SavedJobRow,
  type SavedJobView,
} from './store';
export { queueSavedJobSync } from './sync';
export { pullSavedJobs } from './pull';
