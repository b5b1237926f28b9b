/**
 * The jobs API area (spec §7 "jobs host", served under /jobs-api): the search query with every
 * filter of spec §3, a job (spec §3 Job), a page of jobs, the match score, the facets, and the
 * bodies a company posts and edits jobs with (corporate job posting; spec §7 does not show those
 * calls, so their bodies are ours, named and shaped as the Job the detail call returns).
 *
 * The server validates with the request schemas and answers the response shapes; the app builds
 * its query (src/domain/filters.ts), filters cached jobs offline with the same query type, and
 * parses every answer with the response schemas.
 */
import * as z from 'zod/mini';
import { OPEN_ENDED_MAX } from '../bands';
import { groupDigits } from '../digits';
import { EMPLOYMENT_TYPES, WORK_MODES } from '../job-catalog';
import { idOf, lazySchema, skillList } from './common';
import { shapeOf } from './lazy-schema';

// ---------------------------------------------------------------------------------------------
// Limits and texts.

export const JobLimits = {
  titleMax: 150,
  departmentMax: 100,
  cityMax: 100,
  fullLocationParts: 5,
  descriptionMax: 50_000,
  skillMax: 60,
  skillsPerList: 50,
  /** spec §9: page size 10 initial, 30 for requests; the server caps a page at 100. */
  pageSizeMax: 100,
  /** Facet values per list: 100 by default, 500 at most. */
  facetLimitDefault: 100,
  facetLimitMax: 500,
  /** GET /job/count counts up to this many and then says "more" (a phone shows "1000+"). */
  countCap: 1000,
} as const;

export const JobErrors = {
  notFound: 'Job not found',
  cannotTakeDown: 'Your role cannot close or unpublish jobs',
} as const;

/** PUBLISHED (listed), DRAFT (not public) or, on PATCH only, CLOSED (opens by id, not listed). */
export const JOB_STATUSES = ['PUBLISHED', 'DRAFT', 'CLOSED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** "USER": posted through the product; "EXTERNAL": imported from another portal. */
export const JOB_DASHBOARDS = ['USER', 'EXTERNAL'] as const;

// ---------------------------------------------------------------------------------------------
// GET /job/: the search query.

const flag = () =>
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((v) => v === 'true'),
  );
const count = () => z.coerce.number().check(z.minimum(0));
const text = (max: number) => z.optional(z.string().check(z.maxLength(max)));
const trimmedText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

const searchFields = {
  searchText: () => trimmedText(200),
  // spec §9: page size 10 initial, 30 for requests; we cap at 100.
  pageSize: () =>
    z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(JobLimits.pageSizeMax)),
      10,
    ),
  lastKey: () => text(500),
  // spec §9: sort order descending; jobs always PUBLISHED.
  sortOrder: () => z.optional(z.enum(['desc', 'DESC'])),
  status: () => z.optional(z.literal('PUBLISHED')),
  coreSkills: () => text(1000),
  jobTitle: () => trimmedText(200),
  YOE: () => z.optional(count().check(z.maximum(100))),
  location: () => text(500),
  department: () => text(500),
  companyName: () => text(500),
  technicalSkills: () => text(1000),
  softSkills: () => text(1000),
  minSalary: () => z.optional(count()),
  maxSalary: () => z.optional(count()),
  minExperience: () => z.optional(count()),
  maxExperience: () => z.optional(count()),
  dashboard: () => z.optional(z.enum(JOB_DASHBOARDS)),
  fromS3Vector: () => z.optional(flag()),
  includeCompanyDetails: () => z.optional(flag()),
  s3VectorPageNumber: () => z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  // Filters of spec §3 that the §7 list does not name.
  industry: () => text(500),
  teamSize: () => text(200),
  workMode: () => text(200),
  typeofEmployment: () => text(200),
};

/**
 * spec §7 `GET {jobs host}/job/`: PUBLISHED jobs, newest first (or ranked by searchText), keyset
 * pagination through `lastKey`. Keys in spec §7's order, then the spec §3 filters it does not
 * name; the app writes its query strings (and cache keys) in this order. List values are
 * comma-joined (splitList reads them).
 */
export const JobSearchQuerySchema = lazySchema(() =>
  z.object(shapeOf(searchFields)).check(
    z.refine(
      (q) => q.minSalary === undefined || q.maxSalary === undefined || q.minSalary <= q.maxSalary,
      { message: 'minSalary must not exceed maxSalary', path: ['minSalary'] },
    ),
    z.refine(
      (q) =>
        q.minExperience === undefined ||
        q.maxExperience === undefined ||
        q.minExperience <= q.maxExperience,
      { message: 'minExperience must not exceed maxExperience', path: ['minExperience'] },
    ),
  ),
);

/** The search as both sides read it: numbers as numbers, flags as booleans, lists comma-joined. */
export type JobSearchQuery = z.output<typeof JobSearchQuerySchema>;
export type JobSearchParam = keyof JobSearchQuery;

/** The query's names in their order (spec §7's list, then the other filters), without building it. */
export const JOB_SEARCH_PARAMS = Object.keys(searchFields) as JobSearchParam[];

export const JobIdParams = lazySchema(() => z.object({ id: idOf(100) }));

/** spec §7 `GET /job/{id}/s3-vector?coreSkills&YOE`: a profile's parts, lists comma-joined. */
export const MatchQuerySchema = lazySchema(() =>
  z.object({
    coreSkills: text(2000),
    softSkills: text(2000),
    technicalSkills: text(2000),
    YOE: z.optional(count().check(z.maximum(100))),
  }),
);

// ---------------------------------------------------------------------------------------------
// Answers.

const nullishText = lazySchema(() => z.nullish(z.string()));
const strings = lazySchema(() => z._default(z.array(z.string()), []));
const range = lazySchema(() =>
  z.nullish(z.object({ min: z.nullish(z.number()), max: z.nullish(z.number()) })),
);

/** spec §3 Job, as GET {jobs host}/job/ and /job/{id} send it (server/jobs/serialize-job.ts). */
export const JobSchema = lazySchema(() =>
  z.looseObject({
    id: z.string(),
    jobTitle: z.string(),
    companyName: z.string(),
    companyId: nullishText,
    companyDetails: z.optional(
      z.object({ name: nullishText, logo: nullishText, logoUrl: nullishText }),
    ),
    companyLogoUrl: nullishText,
    department: nullishText,
    coreSkills: strings,
    softSkills: strings,
    technicalSkills: strings,
    location: z.optional(z.object({ city: nullishText, fullLocation: strings })),
    salaryRange: range,
    displaySalaryRange: z._default(z.boolean(), true),
    experienceRange: range,
    typeofEmployment: nullishText,
    workMode: nullishText,
    industry: nullishText,
    teamSize: nullishText,
    status: nullishText,
    createdAt: z.string(),
    jobPostedDate: nullishText,
    jobDescription: nullishText,
    jobUrl: nullishText,
    isExternal: z._default(z.boolean(), false),
    externalJobId: nullishText,
  }),
);
export type Job = z.infer<typeof JobSchema>;

/** GET /job/: `s3VectorLastKey` is the legacy vector-ranked stream, always null here. */
export const JobPageSchema = lazySchema(() =>
  z.object({
    data: z.array(JobSchema),
    pagination: z.object({ lastKey: nullishText, s3VectorLastKey: z.optional(nullishText) }),
  }),
);

/** GET /job/{id}, and the company's POST /job/ and PATCH /job/{id}. */
export const JobDetailSchema = lazySchema(() => z.object({ data: JobSchema }));

/** spec §9 match score parts, as GET /job/{id}/s3-vector sends them. */
export const MatchScoreAnswerSchema = lazySchema(() =>
  z.object({
    initialMatchingScoreDetails: z.looseObject({ finalScore: z.number() }),
  }),
);

// ---------------------------------------------------------------------------------------------
// GET /job/facets: the values the listing's filters can take, with their counts.

export const FACET_NAMES = [
  'location',
  'department',
  'companyName',
  'industry',
  'coreSkills',
  'technicalSkills',
  'softSkills',
] as const;
export type FacetName = (typeof FACET_NAMES)[number];

export const FacetsQuerySchema = lazySchema(() =>
  z.strictObject({
    limit: z._default(
      z.coerce.number().check(z.int(), z.minimum(1), z.maximum(JobLimits.facetLimitMax)),
      JobLimits.facetLimitDefault,
    ),
  }),
);

const FacetValues = lazySchema(() =>
  z._default(z.array(z.object({ value: z.string(), count: z.number() })), []),
);

export const JobFacetsSchema = lazySchema(() =>
  z.object({
    data: z.object({
      location: FacetValues,
      department: FacetValues,
      companyName: FacetValues,
      industry: FacetValues,
      coreSkills: FacetValues,
      technicalSkills: FacetValues,
      softSkills: FacetValues,
    }),
    total: z.number(),
    generatedAt: z.string(),
  }),
);
export type JobFacets = z.infer<typeof JobFacetsSchema>['data'];
export type FacetValue = JobFacets[FacetName][number];

// ---------------------------------------------------------------------------------------------
// GET /job/count: how many jobs a search finds, for the filter sheet's "Show N jobs" (issue 26
// item 5). The query is the search's (paging fields ignored); `capped` when there are more than
// JobLimits.countCap, so a broad search costs a bounded count.

export const JobCountSchema = lazySchema(() =>
  z.object({ total: z.number(), capped: z.boolean() }),
);
export type JobCount = z.infer<typeof JobCountSchema>;

// ---------------------------------------------------------------------------------------------
// POST /job/ and PATCH /job/{id}: the fields a company sets (corporate job posting).
//
// - The company (companyId, companyName, industry, teamSize) comes from the poster's corporate
//   user record, never from the body; unknown keys are refused.
// - jobDescription is HTML, sanitised by the server before it is stored (server/jobs/
//   sanitize-html.ts: the editor's tags only) and again by the app when rendering (DOMPurify).
// - Salary in lakhs per annum, experience in years; 9999 is the open-ended maximum (spec §5).
//   A range is replaced whole; min must not exceed max.
// - Skills are stored by their canonical name where the taxonomy knows them (the server
//   normalises them, server/jobs/job-fields.ts), so job and profile skills compare in the score.

const L = JobLimits;

const fieldText = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'cannot be empty'),
      z.maxLength(max, `at most ${max} characters`),
    );

const bound = (unit: string) =>
  z.nullable(
    z
      .number({ error: 'must be a number' })
      .check(
        z.minimum(0, `must be 0 or more ${unit}`),
        z.maximum(OPEN_ENDED_MAX, `must be at most ${OPEN_ENDED_MAX} ${unit}`),
      ),
  );

const jobRange = (unit: string) =>
  z
    .strictObject({ min: bound(unit), max: bound(unit) })
    .check(
      z.refine(
        (r) => r.min === null || r.max === null || r.min <= r.max,
        'min must not exceed max',
      ),
    );

/** A job's fields; skills, ranges and the salary display may be left out. */
const JobFields = lazySchema(() => {
  const jobSkills = skillList(L);
  return z.strictObject({
    jobTitle: fieldText(L.titleMax),
    jobDescription: z
      .string()
      .check(z.maxLength(L.descriptionMax, `at most ${groupDigits(L.descriptionMax)} characters`)),
    department: fieldText(L.departmentMax),
    location: z.strictObject({
      city: fieldText(L.cityMax),
      fullLocation: z.optional(
        z.array(fieldText(L.cityMax)).check(z.maxLength(L.fullLocationParts)),
      ),
    }),
    workMode: z.enum(WORK_MODES),
    typeofEmployment: z.enum(EMPLOYMENT_TYPES),
    displaySalaryRange: z.optional(z.boolean()),
    salaryRange: z.optional(jobRange('lakhs')),
    experienceRange: z.optional(jobRange('years')),
    coreSkills: z.optional(jobSkills),
    softSkills: z.optional(jobSkills),
    technicalSkills: z.optional(jobSkills),
  });
});

/**
 * A job id the client chose (`job-` + a UUID): a post made offline is known by it before it is
 * sent, so edits and a publish queued behind it can name it (issue 20).
 */
export const CLIENT_JOB_ID = /^job-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * POST /job/: a new job, live unless saved as a draft (asking to publish may answer
 * PENDING_REVIEW: contract/corporate-jobs.ts). `id`: the client's id for it, optional.
 */
export const NewJobBody = lazySchema(() =>
  z.extend(JobFields, {
    id: z.optional(z.string().check(z.regex(CLIENT_JOB_ID, 'must be job- and a lowercase UUID'))),
    status: z._default(z.enum(['PUBLISHED', 'DRAFT']), 'PUBLISHED'),
  }),
);
export type NewJob = z.infer<typeof NewJobBody>;

/** PATCH /job/{id}: any of the fields, at least one; status may also close the job. */
export const JobChangesBody = lazySchema(() =>
  z
    .extend(z.partial(JobFields), { status: z.optional(z.enum(JOB_STATUSES)) })
    .check(z.refine((body) => Object.keys(body).length > 0, 'nothing to update')),
);
export type JobChanges = z.infer<typeof JobChangesBody>;
