export { MatchBadge } from './components/match-badge';
export { JobMatch } from './components/job-match';
export { MatchGauge } from './components/match-gauge';
export { MatchStatus } from './components/match-status';
export { UploadCvPrompt } from './components/upload-cv-prompt';
export { useMatchOrder } from './use-match-scores';
export { useCandidateProfile, type CandidateProfileState } from './use-candidate-profile';
export { candidateProfileOf, storeCandidateProfile } from './profile-sync';
export {
  createScoreClient,
  getScoreClient,
  RESCORE_MEASURE,
  type ScoreClient,
  type ScoreStatus,
  type WorkerLike,
} from './score-client';
