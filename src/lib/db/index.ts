import { markDbEvaluated } from './loaded-flag';

export { createDb, DB_NAME, LATEST_VERSION, type AppDb } from './schema';
export { getDb, setDbForTests } from './instance';
export { observeDbQuery, useDbQuery, watchDbQuery } from './hooks';
export { getCachedJob, getCachedJobs, queryCachedJobs, upsertJobs } from './jobs';
export { getCachedCompanies, queryCachedCompanies, upsertCompanies } from './companies';
export { getListing, newestFetch, recordListingPage } from './listings';
export { applyDeviceSave, type DeviceSave } from './device-save';
export { listApplications, replaceApplications } from './applications';
export { evictOldestListings, isConnectionLost, isQuotaError, withRecovery } from './resilience';
export { companyMatchesQuery, jobMatchesQuery } from './local-filter';
export { searchCopySettled } from './job-search-copy';
export type {
  CachedCompany,
  CachedJob,
  CompanyRecord,
  JobRecord,
  ListingMeta,
  LocalApplication,
  MatchScore,
  OutboxEntry,
  OutboxKindName,
  OutboxState,
  SavedJob,
  ScoreBucket,
  ScoreInput,
  ScoreInputBucket,
} from './types';
export {
  deleteJobDraft,
  getJobDraft,
  listJobDrafts,
  putJobDraft,
  type CorporateJobDraft,
} from './corporate-job-drafts';
export {
  deletePendingPayment,
  listPendingPayments,
  putPendingPayment,
  type PendingPayment,
} from './payments';

// loader.ts: pages that load this module on demand learn it is here (and the database with it).
markDbEvaluated();
