export {
  CANDIDATE_PROFILE_KEY,
  SCORE_ALGORITHM_VERSION,
  hasScorableProfile,
  isStoredCandidateProfile,
  profileVersion,
  toStoredProfile,
  type StoredCandidateProfile,
} from './profile-record';
export {
  SCORING_STATE_KEY,
  dexieScoreStore,
  readCandidateProfile,
  readScores,
  readStoredScores,
  writeCandidateProfile,
  type RescoreCommit,
  type ScoreStore,
  type ScoringState,
} from './score-store';
export {
  WORKER_BATCH_SIZE,
  rescore,
  type RescoreMode,
  type RescoreOptions,
  type RescoreProgress,
  type RescoreResult,
  type RescoreTimings,
} from './rescore';
export {
  SCORE_BUCKETS,
  SCORE_STRIDE,
  bucketOf,
  decodeScore,
  encodeScore,
  findScore,
  toScoreInput,
} from './score-buckets';
export { isScoreRequest, type ScoreReply, type ScoreRequest } from './protocol';
export { createScoreHandler } from './worker-handler';
