export { ApplyAction, type ApplyJob } from './components/apply-action';
export {
  saveContinuation,
  takeContinuationUrl,
  PENDING_CONTINUATION_KEY,
} from '@/lib/continuation';
export { ResumeUpdateButton } from './components/resume-update-button';
export { parseLoaderProgress, PARSE_LOADER_MAX_MS } from './parse-progress';
export { MAX_RESUME_BYTES, resumeFileError, RESUME_MESSAGES } from './resume-file';
