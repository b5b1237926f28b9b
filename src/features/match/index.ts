// Signed-in candidates only: these load the scoring code on first render (issue 24 item 2).
export { JobMatch, MatchBadge, MatchStatus } from './components/candidate-only';
export { MatchGauge } from './components/match-gauge';
export { UploadCvPrompt } from './components/upload-cv-prompt';
export { useMatchOrder } from './use-match-order';
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
