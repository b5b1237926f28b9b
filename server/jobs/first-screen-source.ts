/**
 * The jobs a first screen shows (server/http/first-screen.ts): the same
 * queries and the same shapes as the jobs API's answers, so the screen the app takes over shows
 * the same jobs. The listing's query is the app's own first request (src/domain/page-data.ts),
 * parsed by the API's schema.
 */
import { JobSearchQuerySchema } from '../../src/domain/contract/jobs';
import { FEATURED_JOBS, homeHighlights, TOP_COMPANIES } from '../../src/domain/home-highlights';
import { jobListingFirstPageUrl } from '../../src/domain/page-data';
import { findTopCompanies } from '../companies/routes';
import type { Database } from '../db/client';
import type { FirstScreenSource } from '../http/first-screen';
import { findPublicJob, searchPublicJobs } from './routes';

export function jobsFirstScreen(db: Database): FirstScreenSource {
  const search = new URL(jobListingFirstPageUrl(), 'http://first-screen').searchParams;
  const query = JobSearchQuerySchema.parse(Object.fromEntries(search));
  // The home page's calls (home-highlights.tsx): `/job/?pageSize=4&includeCompanyDetails=true`
  // and `/companies/top?limit=6`.
  const featured = JobSearchQuerySchema.parse({
    pageSize: String(FEATURED_JOBS),
    includeCompanyDetails: 'true',
  });
  return {
    // A signed-in listing's query comes from its cookie, checked by the same schema
    // (server/http/signed-in-listing.ts); the answer does not depend on who asks.
    listing: async (signedInQuery = query) => (await searchPublicJobs(db, signedInQuery)).data,
    // As an anonymous reader: a hidden salary stays hidden.
    job: (id) => findPublicJob(db, id, undefined),
    highlights: async () => {
      const [jobs, companies] = await Promise.all([
        searchPublicJobs(db, featured),
        findTopCompanies(db, TOP_COMPANIES),
      ]);
      return homeHighlights(jobs.data, companies);
    },
  };
}
