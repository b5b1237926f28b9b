/**
 * The jobs a first screen shows (server/http/first-screen.ts): the same
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
    // A signed-in listing's query comes from its cookie, checked by the same schema
    // (server/http/signed-in-listing.ts); the answer does not depend on who asks.
    listing: async (signedInQuery = query) => (await searchPublicJobs(db, signedInQuery)).data,
    // As an anonymous reader: a hidden salary stays hidden.
    job: (id) => findPublicJob(db, id, undefined),
  };
}
