/**
 * The jobs a signed-out visitor's first screen shows (server/http/first-screen.ts): the same
 * queries and the same shapes as the jobs API's answers, so the screen the app takes over shows
 * the same jobs. The listing's query is the app's own first request (src/domain/page-data.ts),
 * parsed by the API's schema.
 */
import { JobSearchQuerySchema } from '../../src/domain/contract/jobs';
import { jobListingFirstPageUrl } from '../../src/domain/page-data';
import type { Database } from '../db/client';
import type { FirstScreenSource } from '../http/first-screen';
import { findPublicJob, searchPublicJobs } from './routes';

export function jobsFirstScreen(db: Database): FirstScreenSource {
  const search = new URL(jobListingFirstPageUrl(), 'http://first-screen').searchParams;
  const query = JobSearchQuerySchema.parse(Object.fromEntries(search));
  return {
    listing: async () => (await searchPublicJobs(db, query)).data,
    // As an anonymous reader: a hidden salary stays hidden.
    job: (id) => findPublicJob(db, id, undefined),
  };
}
