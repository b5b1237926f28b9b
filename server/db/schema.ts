/**
 * The product database (PostgreSQL 15+ features only, so one migration serves PGlite, which is
 * PostgreSQL 18 in WASM, and a real Postgres). Entities follow spec §3.
 *
 * - jobs: every §3 Job field, external jobs included (externalJobId, companyLogoUrl, jobPostedDate,
 *   jobUrl). `search` is a generated tsvector over title, skills, company and description (ranked
 *   full-text search); `search_head` covers only title + skills + company; with an index on the
 *   title's own vector they give the relevance tiers of jobs/search-jobs.ts. Listing order is
 *   keyset `(created_at DESC, id DESC)`, NOT NULL so the index serves ORDER BY directly.
 * - users / corporate_users: the two record kinds the signed-in profile is normalised from.
 * - job_applications / external_job_applications: one row per (job, user); the unique index is
 *   what makes a duplicate an "Already submitted" (403) rather than a second application.
 * - job_matches: spec §3 job match record.
 * - uploaded_files: signed-upload bookkeeping (single use, expiry).
 * - idempotency_keys: the first response to a POST/PATCH with an Idempotency-Key, replayed for
 *   24 h (design/outbox.md).
 * - saved_jobs: each user's saved jobs (issue 8), one row per (user, job), with a note; they
 *   follow the user across devices.
 * - push_subscriptions: Web Push endpoints per user (issue 8); one row per endpoint, deleted when
 *   the push service says it is gone (404/410).
 * - match_digests: when each user last got the "a new job matches you" notification (issue 8: at
 *   most one a day), and for which job; keyed by the identity `sub` like push_subscriptions. No
 *   foreign key to jobs: it is a log, and a job's fate must not erase the user's last send time.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const companies = pgTable(
  'companies',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    logo: text('logo'),
    logoUrl: text('logo_url'),
    linkedIn: text('linkedin'),
    careerUrl: text('career_url'),
    industry: text('industry').notNull(),
    teamSize: text('team_size'),
    isVerified: boolean('is_verified').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('companies_name_idx').on(t.name, t.id),
    index('companies_industry_idx').on(t.industry, t.name, t.id),
  ],
);

export const jobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    jobTitle: text('job_title').notNull(),
    department: text('department').notNull(),
    coreSkills: text('core_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    softSkills: text('soft_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    technicalSkills: text('technical_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    companyId: text('company_id').references(() => companies.id),
    companyName: text('company_name').notNull(),
    city: text('city').notNull(),
    fullLocation: text('full_location')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    salaryMin: real('salary_min'),
    salaryMax: real('salary_max'),
    displaySalaryRange: boolean('display_salary_range').notNull().default(true),
    experienceMin: real('experience_min'),
    experienceMax: real('experience_max'),
    typeOfEmployment: text('type_of_employment').notNull(),
    workMode: text('work_mode').notNull(),
    teamSize: text('team_size'),
    industry: text('industry'),
    status: text('status').notNull().default('PUBLISHED'),
    jobDescription: text('job_description').notNull().default(''),
    badJob: boolean('bad_job').notNull().default(false),
    jobUrl: text('job_url'),
    isExternal: boolean('is_external').notNull().default(false),
    externalJobId: text('external_job_id'),
    companyLogoUrl: text('company_logo_url'),
    jobPostedDate: timestamp('job_posted_date', { withTimezone: true, mode: 'date' }),
    postedBy: text('posted_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(job_title, '')), 'A') || setweight(to_tsvector('simple', rh_join_text(core_skills) || ' ' || rh_join_text(technical_skills) || ' ' || coalesce(company_name, '')), 'B') || setweight(to_tsvector('english', coalesce(job_description, '')), 'D')`,
    ),
    searchHead: tsvector('search_head').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(job_title, '')), 'A') || setweight(to_tsvector('simple', rh_join_text(core_skills) || ' ' || rh_join_text(technical_skills) || ' ' || coalesce(company_name, '')), 'B')`,
    ),
  },
  (t) => [
    index('jobs_listing_idx').on(
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('jobs_city_idx').on(
      t.status,
      t.city,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('jobs_company_idx').on(t.companyId, t.createdAt.desc().nullsFirst()),
    index('jobs_search_idx').using('gin', t.search),
    // The relevance tiers of a text search (jobs/search-jobs.ts): words in the title, then in
    // title + skills + company.
    index('jobs_title_search_idx').using('gin', sql`to_tsvector('simple', ${t.jobTitle})`),
    index('jobs_search_head_idx').using('gin', t.searchHead),
    index('jobs_core_skills_idx').using('gin', t.coreSkills),
    index('jobs_technical_skills_idx').using('gin', t.technicalSkills),
    uniqueIndex('jobs_external_id_idx').on(t.externalJobId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    cognitoSub: text('cognito_sub'),
    userType: text('user_type')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    designation: text('designation'),
    coreSkills: text('core_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    softSkills: text('soft_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    technicalSkills: text('technical_skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    yoe: real('yoe'),
    ctc: real('ctc'),
    ectc: real('ectc'),
    noticePeriod: integer('notice_period'),
    location: text('location'),
    about: text('about'),
    lastAccessedDash: text('last_accessed_dash'),
    referralCount: integer('referral_count').notNull().default(0),
    cvDuplicacyAccess: boolean('cv_duplicacy_access').notNull().default(false),
    cvFileName: text('cv_file_name'),
    cvObjectKey: text('cv_object_key'),
    isCvExtracted: boolean('is_cv_extracted').notNull().default(false),
    cvParseError: text('cv_parse_error'),
    cvUpdatedAt: timestamp('cv_updated_at', { withTimezone: true, mode: 'date' }),
    profileImageUrl: text('profile_image_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`)],
);

export const corporateUsers = pgTable(
  'corporate_users',
  {
    id: text('id').primaryKey(),
    cognitoUserId: text('cognito_user_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    corporateUserType: text('corporate_user_type').notNull(),
    companyId: text('company_id').references(() => companies.id),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('corporate_users_cognito_idx').on(t.cognitoUserId),
    uniqueIndex('corporate_users_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const jobApplications = pgTable(
  'job_applications',
  {
    id: text('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id),
    userEmail: text('user_email').notNull(),
    companyName: text('company_name').notNull(),
    jobPortal: text('job_portal').notNull(),
    jobUrl: text('job_url'),
    matchingScore: real('matching_score'),
    referAndEarnId: text('refer_and_earn_id'),
    status: text('status').notNull().default('APPLIED'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('job_applications_once_idx').on(t.jobId, sql`lower(${t.userEmail})`),
    index('job_applications_user_idx').on(sql`lower(${t.userEmail})`, t.createdAt),
  ],
);

export const externalJobApplications = pgTable(
  'external_job_applications',
  {
    id: text('id').primaryKey(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id),
    userEmail: text('user_email').notNull(),
    jobPortal: text('job_portal').notNull(),
    jobUrl: text('job_url').notNull(),
    matchingScore: real('matching_score'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('external_job_applications_once_idx').on(t.jobId, sql`lower(${t.userEmail})`),
    index('external_job_applications_user_idx').on(sql`lower(${t.userEmail})`, t.createdAt),
  ],
);

export const jobMatches = pgTable(
  'job_matches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id),
    jdMatchErrorCode: text('jd_match_error_code'),
    jdMatchErrorDesc: text('jd_match_error_desc'),
    matchingScore: real('matching_score'),
    scoreDetails: jsonb('score_details'),
    isTriggered: boolean('is_triggered').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('job_matches_user_job_idx').on(t.userId, t.jobId)],
);

export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: text('id').primaryKey(),
    objectKey: text('object_key').notNull(),
    ownerId: text('owner_id').notNull(),
    purpose: text('purpose').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('uploaded_files_object_idx').on(t.objectKey)],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    principal: text('principal').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_pk').on(t.principal, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const savedJobs = pgTable(
  'saved_jobs',
  {
    /** The identity `sub` of the user who saved it. */
    userId: text('user_id').notNull(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('saved_jobs_user_job_idx').on(t.userId, t.jobId),
    index('saved_jobs_user_saved_idx').on(t.userId, t.savedAt.desc().nullsFirst()),
    index('saved_jobs_job_idx').on(t.jobId),
  ],
);

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export const matchDigests = pgTable('match_digests', {
  /** The identity `sub` (push_subscriptions.user_id). */
  userId: text('user_id').primaryKey(),
  jobId: text('job_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
