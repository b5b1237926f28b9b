export { SCORE_BATCH_PAUSE_MS, SCORE_BATCH_SIZE, toBatches } from './batching';
export {
  FINAL_SCORE_CAP,
  createScorer,
  roundScore,
  scoreMatch,
  type Scorer,
  type ScorerOptions,
} from './create-scorer';
export { experienceScore, isValidExperienceRange } from './experience-score';
export { gaugeColour, type GaugeColour } from './gauge';
export {
  PRIORITY_MATCH_SCORE,
  compareByMatch,
  isPriorityMatch,
  sortByMatch,
  type MatchRank,
} from './rank';
export { responsibilitiesScore } from './responsibilities-score';
export {
  CORE_BONUS,
  CORE_SHARE,
  SOFT_SHARE,
  candidateSkillKeys,
  skillsScore,
} from './skills-score';
export type {
  CandidateProfile,
  ExperienceRange,
  ScorableJob,
  ScoreDetails,
  ScoreWeights,
} from './types';
export { DEFAULT_SCORE_WEIGHTS, normaliseWeights } from './weights';
