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
  readAllScoreBuckets,
  readCandidateProfile,
  readScores,
  readStoredScores,
  writeCandidateProfile,
  type RescoreCommit,
  type ScoreStore,
  type ScoringState,
} from './score-store';
export {
  SCORE_BUCKETS,
  SCORE_STRIDE,
  bucketOf,
  decodeScore,
  encodeScore,
  findScore,
  toScoreInput,
} from './score-buckets';
export {
  isScoreRequest,
  type RescoreMode,
  type RescoreProgress,
  type RescoreResult,
  type RescoreTimings,
  type ScoreReply,
  type ScoreRequest,
} from './protocol';
