/**
 * Runs a job search. Filters become SQL conditions that the indexes of server/db/schema.ts serve
 * (GIN on skills and the tsvector, btree on status/city/created_at). With search text, results
 * are ranked on the small title + skills + company vector, then newest first; without it, newest
 * first. The keyset cursor carries the last row's rank (as float8, so it round-trips exactly),
 * created_at and id.
 */
import { and, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../db/client';
import { companies, jobs } from '../db/schema';
import { decodeCursor, encodeCursor } from '../http/cursor';
import type { JobFilters } from './job-query';

// `c` is created_at as Postgres prints it (microsecond precision: a JS Date would cut it to
// milliseconds and make rows inside the same millisecond skip or repeat across pages).
const CursorSchema = z.object({
  c: z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/),
  i: z.string().min(1).max(100),
  r: z.number().optional(),
});

const lowerAny = (column: SQL | typeof jobs.city, values: string[]) =>
  sql`lower(${column}) = ANY(${sql.param(values.map((v) => v.toLowerCase()))}::text[])`;

export function jobConditions(filters: JobFilters): SQL[] {
  const where: SQL[] = [eq(jobs.status, 'PUBLISHED'), eq(jobs.badJob, false)];
  if (filters.jobTitle)
    where.push(sql`${jobs.jobTitle} ILIKE ${`%${escapeLike(filters.jobTitle)}%`}`);
  if (filters.yoe !== undefined) {
    where.push(lte(jobs.experienceMin, filters.yoe), gte(jobs.experienceMax, filters.yoe));
  }
  const overlaps = (
    column: typeof jobs.coreSkills | typeof jobs.softSkills | typeof jobs.technicalSkills,
    values: string[],
  ) => sql`${column} && ${sql.param(values)}::text[]`;
  if (filters.coreSkills.length) where.push(overlaps(jobs.coreSkills, filters.coreSkills));
  if (filters.softSkills.length) where.push(overlaps(jobs.softSkills, filters.softSkills));
  if (filters.technicalSkills.length)
    where.push(overlaps(jobs.technicalSkills, filters.technicalSkills));
  if (filters.cities.length) where.push(lowerAny(jobs.city, filters.cities));
  if (filters.departments.length) where.push(inArray(jobs.department, filters.departments));
  if (filters.companyNames.length)
    where.push(lowerAny(sql`${jobs.companyName}`, filters.companyNames));
  if (filters.industries.length) where.push(inArray(jobs.industry, filters.industries));
  if (filters.teamSizes.length) where.push(inArray(jobs.teamSize, filters.teamSizes));
  if (filters.workModes.length) where.push(inArray(jobs.workMode, filters.workModes));
  if (filters.employmentTypes.length)
    where.push(inArray(jobs.typeOfEmployment, filters.employmentTypes));
  // Range filters select jobs whose range overlaps the chosen band (spec §5: single-choice
  // ranges map to min/max numbers).
  if (filters.salary?.min !== undefined) where.push(gte(jobs.salaryMax, filters.salary.min));
  if (filters.salary?.max !== undefined) where.push(lte(jobs.salaryMin, filters.salary.max));
  if (filters.experience?.min !== undefined)
    where.push(gte(jobs.experienceMax, filters.experience.min));
  if (filters.experience?.max !== undefined)
    where.push(lte(jobs.experienceMin, filters.experience.max));
  if (filters.dashboard === 'USER') where.push(eq(jobs.isExternal, false));
  if (filters.dashboard === 'EXTERNAL') where.push(eq(jobs.isExternal, true));
  return where;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function searchJobs(
  db: Database,
  filters: JobFilters,
  page: { pageSize: number; lastKey?: string; includeCompanyDetails?: boolean },
) {
  const cursor = decodeCursor(CursorSchema, page.lastKey);
  const where = jobConditions(filters);
  const text = filters.searchText;
  // Match either the plain words (titles, skills) or their English stems (descriptions).
  const query = text
    ? sql`(websearch_to_tsquery('simple', ${text}) || websearch_to_tsquery('english', ${text}))`
    : undefined;
  const rank = query ? sql<number>`ts_rank(${jobs.searchHead}, ${query})::float8` : undefined;
  if (query) where.push(sql`${jobs.search} @@ ${query}`);

  if (cursor) {
    const createdAt = sql`${cursor.c}::timestamptz`;
    const after = or(
      sql`${jobs.createdAt} < ${createdAt}`,
      and(sql`${jobs.createdAt} = ${createdAt}`, sql`${jobs.id} < ${cursor.i}`),
    )!;
    if (rank && cursor.r !== undefined) {
      where.push(or(sql`${rank} < ${cursor.r}`, and(sql`${rank} = ${cursor.r}`, after))!);
    } else {
      where.push(after);
    }
  }

  const rows = await db
    .select({
      job: jobs,
      rank: rank ?? sql<number>`0::float8`,
      createdAtText: sql<string>`${jobs.createdAt}::text`,
      companyLogo: companies.logo,
      companyLogoUrl: companies.logoUrl,
    })
    .from(jobs)
    .leftJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(...where))
    .orderBy(...(rank ? [desc(rank)] : []), desc(jobs.createdAt), desc(jobs.id))
    .limit(page.pageSize + 1);

  const pageRows = rows.slice(0, page.pageSize);
  const last = pageRows[pageRows.length - 1];
  const lastKey =
    rows.length > page.pageSize && last
      ? encodeCursor({
          c: last.createdAtText,
          i: last.job.id,
          ...(rank ? { r: Number(last.rank) } : {}),
        })
      : null;
  return { rows: pageRows, lastKey };
}
