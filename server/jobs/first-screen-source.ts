/**
 * The jobs a first screen shows (server/http/first-screen.ts): the same
 * queries and the same shapes as the jobs API's answers, so the screen the app takes over shows
 * the same jobs. The listing's query is the app's own first request (src/domain/page-data.ts),
 * parsed by the API's schema.
 */
import { JobSearchQuerySchema } from '../../src/domain/contract/jobs';
import {
  FEATURED_JOBS,
  homeHighlights,
  TOP_COMPANIES,
  type HomeHighlights,
} from '../../src/domain/home-highlights';
import { jobListingFirstPageUrl } from '../../src/domain/page-data';
import { findTopCompanies } from '../companies/routes';
import type { Database } from '../db/client';
import type { FirstScreenSource } from '../http/first-screen';
import { keptJobRead } from './kept-job-reads';
import { findPublicJob, searchPublicJobs } from './routes';

/**
 * The home page's new jobs and top companies are the same for every visitor, so one pair of
 * queries serves the signed-out `/` loads of a minute (./kept-job-reads.ts: dropped when a job is
 * written); the app's own calls for them, and every listing, stay fresh.
 */
const keptHighlights = keptJobRead(async (db): Promise<HomeHighlights> => {
  // The home page's calls (home-highlights.tsx): `/job/?pageSize=4&includeCompanyDetails=true`
  // and `/companies/top?limit=6`.
  const featured = JobSearchQuerySchema.parse({
    pageSize: String(FEATURED_JOBS),
    includeCompanyDetails: 'true',
  });
  const [jobs, companies] = await Promise.all([
    searchPublicJobs(db, featured),
    findTopCompanies(db, TOP_COMPANIES),
  ]);
  return homeHighlights(jobs.data, companies);
});

export function jobsFirstScreen(db: Database, now: () => number = Date.now): FirstScreenSource {
  const search = new URL(jobListingFirstPageUrl(), 'http://first-screen').searchParams;
  const query = JobSearchQuerySchema.parse(Object.fromEntries(search));
  return {
    // A signed-in listing's query comes from its cookie, checked by the same schema
    // (server/http/signed-in-listing.ts); the answer does not depend on who asks.
    listing: async (signedInQuery = query) => (await searchPublicJobs(db, signedInQuery)).data,
    // As an anonymous reader: a hidden salary stays hidden.
    job: (id) => findPublicJob(db, id, undefined),
    highlights: async () => (await keptHighlights(db, now())).value,
  };
}
