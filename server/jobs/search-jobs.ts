/**
 * Runs a job search. Filters become SQL conditions that the indexes of server/db/schema.ts serve
 * (btree on status/created_at, GIN on skills and the tsvectors).
 *
 * Without search text: newest first, walking `jobs_listing_idx`.
 *
 * With search text, results are ranked in three tiers of field weight (spec §7 "ranked"), newest
 * first inside a tier:
 *   3. the words are in the job title,
 *   2. they are in the title + skills + company vector (`search_head`), but not all in the title,
 *   1. they match only through the description (`search`, English stems).
 * Ranking with ts_rank instead meant reading and scoring every matching row (15,000 for
 * "engineer" in 50,000 jobs) before the first page could be cut; a tier is one indexable
 * condition (migration 0003 adds the title and head GIN indexes), so a page reads a bounded
 * number of rows. Each tier is asked in turn until the page is full:
 *   - a probe reads at most PROBE_LIMIT matches through the GIN indexes; when there are no more,
 *     they are sorted and cut in the same query (rare words);
 *   - otherwise the words are common, and the ordered query (a newest-first walk of
 *     jobs_listing_idx, or a bitmap scan and top-N sort, as the planner's statistics say) finds a
 *     page quickly. The probe is what keeps a tier with no matches from walking the whole index.
 * Before/after figures: `npm run bench:api` (issue #3).
 * The keyset cursor carries the tier, the last row's created_at and id.
 */
import { and, desc, eq, getTableColumns, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { companies, jobs } from '../db/schema';
import { cursorTimestamp, decodeCursor, encodeCursor } from '../http/cursor';
import { BadRequestError } from '../http/errors';
import type { JobSearchQuery } from '../../src/domain/contract/jobs';
import { splitList } from '../http/validation';

/** The query's comma-joined lists. */
type JobListParam =
  | 'coreSkills'
  | 'softSkills'
  | 'technicalSkills'
  | 'location'
  | 'department'
  | 'companyName'
  | 'industry'
  | 'teamSize'
  | 'workMode'
  | 'typeofEmployment';

// `c` is created_at as Postgres prints it (microsecond precision: a JS Date would cut it to
// milliseconds and make rows inside the same millisecond skip or repeat across pages).
const CursorSchema = z.object({
  c: cursorTimestamp,
  i: z.string().min(1).max(100),
  /** The relevance tier of the last row (text searches only). */
  t: z.number().int().min(1).max(3).optional(),
});

type Tier = 1 | 2 | 3;
const TIERS: Tier[] = [3, 2, 1];
/** Matches a probe reads before deciding the words are common (see the header). */
const PROBE_LIMIT = 400;
const INVALID_LAST_KEY = 'Invalid lastKey: it must be a value returned by a previous page';

// Every column a response needs: not the two tsvectors, which are large (the description's
// lexemes) and never shown.
const { search: _search, searchHead: _searchHead, ...jobListColumns } = getTableColumns(jobs);
export { jobListColumns };

const lowerAny = (column: SQL | typeof jobs.city, values: string[]) =>
  sql`lower(${column}) = ANY(${sql.param(values.map((v) => v.toLowerCase()))}::text[])`;

/**
 * The search's filters (the contract's query: lists comma-joined, ranges as min/max) as SQL
 * conditions; always PUBLISHED and not marked bad.
 */
export function jobConditions(query: Partial<JobSearchQuery>): SQL[] {
  const where: SQL[] = [eq(jobs.status, 'PUBLISHED'), eq(jobs.badJob, false)];
  if (query.jobTitle) where.push(sql`${jobs.jobTitle} ILIKE ${`%${escapeLike(query.jobTitle)}%`}`);
  if (query.YOE !== undefined) {
    where.push(lte(jobs.experienceMin, query.YOE), gte(jobs.experienceMax, query.YOE));
  }
  const overlaps = (
    column: typeof jobs.coreSkills | typeof jobs.softSkills | typeof jobs.technicalSkills,
    values: string[],
  ) => sql`${column} && ${sql.param(values)}::text[]`;
  const list = (name: JobListParam) => splitList(query[name]);
  const coreSkills = list('coreSkills');
  const softSkills = list('softSkills');
  const technicalSkills = list('technicalSkills');
  const cities = list('location');
  const departments = list('department');
  const companyNames = list('companyName');
  const industries = list('industry');
  const teamSizes = list('teamSize');
  const workModes = list('workMode');
  const employmentTypes = list('typeofEmployment');
  if (coreSkills.length) where.push(overlaps(jobs.coreSkills, coreSkills));
  if (softSkills.length) where.push(overlaps(jobs.softSkills, softSkills));
  if (technicalSkills.length) where.push(overlaps(jobs.technicalSkills, technicalSkills));
  if (cities.length) where.push(lowerAny(jobs.city, cities));
  if (departments.length) where.push(inArray(jobs.department, departments));
  if (companyNames.length) where.push(lowerAny(sql`${jobs.companyName}`, companyNames));
  if (industries.length) where.push(inArray(jobs.industry, industries));
  if (teamSizes.length) where.push(inArray(jobs.teamSize, teamSizes));
  if (workModes.length) where.push(inArray(jobs.workMode, workModes));
  if (employmentTypes.length) where.push(inArray(jobs.typeOfEmployment, employmentTypes));
  // Range filters select jobs whose range overlaps the chosen band (spec §5: single-choice
  // ranges map to min/max numbers). A hidden salary (displaySalaryRange false) matches no salary
  // band: otherwise narrowing the bands would reveal it. Such jobs still appear unfiltered, as on
  // LinkedIn and Naukri (docs/decisions.md).
  if (query.minSalary !== undefined || query.maxSalary !== undefined) {
    where.push(eq(jobs.displaySalaryRange, true));
  }
  if (query.minSalary !== undefined) where.push(gte(jobs.salaryMax, query.minSalary));
  if (query.maxSalary !== undefined) where.push(lte(jobs.salaryMin, query.maxSalary));
  if (query.minExperience !== undefined) where.push(gte(jobs.experienceMax, query.minExperience));
  if (query.maxExperience !== undefined) where.push(lte(jobs.experienceMin, query.maxExperience));
  if (query.dashboard === 'USER') where.push(eq(jobs.isExternal, false));
  if (query.dashboard === 'EXTERNAL') where.push(eq(jobs.isExternal, true));
  return where;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

type Cursor = z.infer<typeof CursorSchema>;

/**
 * Rows after the cursor's row in (created_at DESC, id DESC) order. A row comparison, not
 * `a < c OR (a = c AND b < i)`: the index scan starts at the cursor instead of reading and
 * dropping every newer row (a deep page of 50,000 jobs: 44 ms → under 1 ms on Postgres).
 */
function after(cursor: Cursor): SQL {
  return sql`(${jobs.createdAt}, ${jobs.id}) < (${cursor.c}::timestamptz, ${cursor.i})`;
}

function tierCondition(tier: Tier, query: SQL, negated: boolean): SQL {
  // The title expression is exactly the one of the jobs_title_search_idx index (migration 0003).
  const title = sql`to_tsvector('simple', ${jobs.jobTitle}) @@ ${query}`;
  const head = sql`${jobs.searchHead} @@ ${query}`;
  const whole = sql`${jobs.search} @@ ${query}`;
  if (tier === 1) return sql`${whole} AND NOT (${head})`;
  const match = tier === 3 ? title : sql`${head} AND NOT (${title})`;
  // A `-word` of the query must also exclude through the description: then the whole vector
  // has to match too. Without one, a title or head match implies it (both are parts of it).
  return negated ? sql`${whole} AND ${match}` : match;
}

interface Hit {
  id: string;
  c: string;
}

/** Up to `limit` matches of one tier, newest first (see the header for the two plans). */
async function tierHits(db: Database, where: SQL, limit: number): Promise<Hit[]> {
  const matches = db.$with('matches').as(
    db
      .select({ id: jobs.id, createdAt: jobs.createdAt })
      .from(jobs)
      .where(where)
      .limit(PROBE_LIMIT + 1),
  );
  const probed = await db
    .with(matches)
    .select({
      id: matches.id,
      c: sql<string>`${matches.createdAt}::text`,
      total: sql<number>`(select count(*) from ${matches})::int`,
    })
    .from(matches)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(limit);
  if (probed.length === 0 || Number(probed[0]!.total) <= PROBE_LIMIT) return probed;
  return db
    .select({ id: jobs.id, c: sql<string>`${jobs.createdAt}::text` })
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
}

export type JobListRow = Omit<typeof jobs.$inferSelect, 'search' | 'searchHead'>;

interface SearchRow {
  job: JobListRow;
  createdAtText: string;
  companyLogo: string | null;
  companyLogoUrl: string | null;
  tier?: Tier;
}

const rowFields = {
  job: jobListColumns,
  createdAtText: sql<string>`${jobs.createdAt}::text`,
  companyLogo: companies.logo,
  companyLogoUrl: companies.logoUrl,
};

export async function searchJobs(
  db: Database,
  filters: JobSearchQuery,
  page: { pageSize: number; lastKey?: string; includeCompanyDetails?: boolean },
) {
  const cursor = decodeCursor(CursorSchema, page.lastKey);
  const where = jobConditions(filters);
  const limit = page.pageSize + 1;
  const text = filters.searchText || undefined;

  let rows: SearchRow[];
  if (!text) {
    if (cursor) where.push(after(cursor));
    rows = await db
      .select(rowFields)
      .from(jobs)
      .leftJoin(companies, eq(companies.id, jobs.companyId))
      .where(and(...where))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(limit);
  } else {
    // A cursor of a search without text does not continue a ranked search.
    if (cursor && cursor.t === undefined) throw new BadRequestError(INVALID_LAST_KEY);
    // Match either the plain words (titles, skills) or their English stems (descriptions).
    const query = sql`(websearch_to_tsquery('simple', ${text}) || websearch_to_tsquery('english', ${text}))`;
    // websearch_to_tsquery reads `-word` (after a space or at the start) as NOT.
    const negated = /(^|\s)-/.test(text);
    const hits: (Hit & { tier: Tier })[] = [];
    for (const tier of TIERS) {
      if (cursor?.t !== undefined && tier > cursor.t) continue;
      const conditions = [...where, tierCondition(tier, query, negated)];
      if (cursor && cursor.t === tier) conditions.push(after(cursor));
      for (const hit of await tierHits(db, and(...conditions)!, limit - hits.length)) {
        hits.push({ ...hit, tier });
      }
      if (hits.length >= limit) break;
    }
    const found = hits.length
      ? await db
          .select(rowFields)
          .from(jobs)
          .leftJoin(companies, eq(companies.id, jobs.companyId))
          .where(
            inArray(
              jobs.id,
              hits.map((hit) => hit.id),
            ),
          )
      : [];
    const byId = new Map(found.map((row) => [row.job.id, row]));
    // A job deleted between the two queries is left out; the cursor still comes from the hits.
    rows = hits.flatMap((hit) => {
      const row = byId.get(hit.id);
      return row ? [{ ...row, createdAtText: hit.c, tier: hit.tier }] : [];
    });
  }

  const pageRows = rows.slice(0, page.pageSize);
  const last = pageRows[pageRows.length - 1];
  const lastKey =
    rows.length > page.pageSize && last
      ? encodeCursor({
          c: last.createdAtText,
          i: last.job.id,
          ...(last.tier ? { t: last.tier } : {}),
        })
      : null;
  return { rows: pageRows, lastKey };
}
