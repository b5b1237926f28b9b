/**
 * The scoring worker's code (architecture.md "Scoring"): the rescore engine over src/domain/score
 * and the message handler. Loaded only by the worker entry (score-worker.ts) and tests; the page
 * reads scores through src/lib/scoring and talks to the worker through features/match.
 */
export { WORKER_BATCH_SIZE, rescore, type RescoreOptions } from './rescore';
export { createScoreHandler } from './worker-handler';
