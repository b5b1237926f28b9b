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
 * - referral_requests, referral_events, referee_profiles, referral_offers, credit_ledger: the
 *   referral lifecycle and its credits (issue 16), described at their tables below.
 * - payment_orders, payment_events: credit purchases through the payment gateway (issue 18).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    /** Domains of the company's work emails (issue 17): a referee's work email must use one. */
    emailDomains: text('email_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
    /**
     * The moderator's words for the last reject, bad-job mark or unpublish (issue 21 item 1),
     * shown to the company on its dashboard; cleared when the job is approved.
     */
    moderationReason: text('moderation_reason'),
    /**
     * When a moderator last let the job through (issue 21 item 1): the system's flags are not
     * raised again for a job nobody has edited since (updated_at is later after an edit).
     */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
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
    /**
     * Profile fields whose value came from the CV (issue 22 item 5), by their column name
     * (designation, yoe, ctc, location, coreSkills, softSkills, technicalSkills): a new CV
     * replaces these, and clears them when it does not state them; a value typed in the profile
     * form leaves this list and is kept.
     */
    cvSourcedFields: text('cv_sourced_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Parse runs started for the current CV: one that never finishes is retried once at most. */
    cvParseAttempts: integer('cv_parse_attempts').notNull().default(0),
    cvUpdatedAt: timestamp('cv_updated_at', { withTimezone: true, mode: 'date' }),
    profileImageUrl: text('profile_image_url'),
    /**
     * A site admin deactivated this general user (issue 21 item 2): like a corporate record's
     * isDeleted (spec §4), every call and the sign-in are refused with the spec §8 text.
     */
    isDeactivated: boolean('is_deactivated').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    // Every authenticated request reads the caller's record by sub (auth/account-status.ts).
    index('users_cognito_sub_idx').on(t.cognitoSub),
  ],
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
    /** The company's pipeline stage (issue 20; pipeline_stages.key); null: the default stage of
     * `status` (server/corporate/stages.ts). */
    stage: text('stage'),
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

/**
 * The devices a push job has reached (issue 25): a job retried after its process died skips
 * them, so a device is not sent the same notification twice. Keyed by the pg-boss job id, which
 * stays the same across a job's retries; rows older than a day are purged (push-sender.ts).
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    jobId: text('job_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.subscriptionId] }),
    index('push_deliveries_delivered_at_idx').on(t.deliveredAt),
  ],
);

export const matchDigests = pgTable('match_digests', {
  /** The identity `sub` (push_subscriptions.user_id). */
  userId: text('user_id').primaryKey(),
  jobId: text('job_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Referrals (issue 16): requests with their timeline, referee profiles, offers and the credit
// ledger. Users are referred to by users.id (the product id); push goes to their identity sub.

/**
 * One referral request: a candidate asks a company for a referral to one job, a listed one
 * (job_id) or a link to an unlisted one (job_url). `state` follows server/referrals/state-machine;
 * `current_referee_id` + `deadline` say who holds it and until when. `attempt` is the candidate's
 * nth request for this job (spec §4 Max_tries), `offers_made` how many referees it went to.
 * The partial unique index is the last guard behind AlreadyRequested: one open request per
 * candidate and job, even when two arrive at once.
 */
export const referralRequests = pgTable(
  'referral_requests',
  {
    id: text('id').primaryKey(),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => users.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    jobId: text('job_id').references(() => jobs.id),
    jobUrl: text('job_url'),
    /** The job's title at request time (listed job), or what the candidate typed (pasted link). */
    jobTitle: text('job_title'),
    /** job_id, or the pasted URL: what "the same job" means for AlreadyRequested and tries. */
    jobKey: text('job_key').notNull(),
    note: text('note').notNull().default(''),
    state: text('state').notNull(),
    attempt: integer('attempt').notNull().default(1),
    offersMade: integer('offers_made').notNull().default(0),
    currentRefereeId: text('current_referee_id').references(() => users.id),
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }),
    matchScore: jsonb('match_score'),
    rejectionReasons: text('rejection_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    reference: text('reference'),
    proofUrl: text('proof_url'),
    /** An uploaded proof of the referral (a screenshot or PDF, issue 17): its object key and the
     * name the referee gave it. Read through a short-lived signed link only. */
    proofFileKey: text('proof_file_key'),
    proofFileName: text('proof_file_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('referral_requests_candidate_idx').on(t.candidateId, t.createdAt.desc().nullsFirst()),
    index('referral_requests_referee_idx').on(t.currentRefereeId, t.state),
    index('referral_requests_due_idx').on(t.state, t.deadline),
    index('referral_requests_job_idx').on(t.candidateId, t.jobKey),
    uniqueIndex('referral_requests_open_job_idx')
      .on(t.candidateId, t.jobKey)
      .where(sql`state not in ('rejected', 'expired', 'cancelled')`),
  ],
);

/** The timeline: every transition with its time and actor (actor_id is a users.id, or null for
 * the system). Append-only. */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: text('request_id')
      .notNull()
      .references(() => referralRequests.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    actorKind: text('actor_kind').notNull(),
    actorId: text('actor_id'),
    reason: text('reason'),
    text: text('text'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('referral_events_request_idx').on(t.requestId, t.id)],
);

/**
 * An employee who refers for their company (spec §1: 2+ years, a work email verified once).
 * Only the verified flag and the email's domain are kept, never the address (issue 17 adds the
 * verification flow). Matching reads assessment score, designation, location and department.
 */
export const refereeProfiles = pgTable(
  'referee_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    workEmailVerified: boolean('work_email_verified').notNull().default(false),
    workEmailDomain: text('work_email_domain'),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    /** 0..100, from the referee assessment (evaluators); 50 until assessed. */
    assessmentScore: real('assessment_score').notNull().default(50),
    designation: text('designation'),
    location: text('location'),
    department: text('department'),
    active: boolean('active').notNull().default(true),
    /**
     * A work email being verified (issue 17): only while a code is pending, the address's hash
     * (never the address), its domain, the company it is for, the code's hash, its expiry, the
     * wrong tries and when it was used. Cleared of the address hash once verified.
     */
    pendingCompanyId: text('pending_company_id').references(() => companies.id),
    pendingEmailHash: text('pending_email_hash'),
    pendingDomain: text('pending_domain'),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeUsedAt: timestamp('code_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('referee_profiles_company_idx').on(t.companyId, t.active)],
);

/** Each time a request went to a referee, and how they answered: a request is never offered to
 * the same referee twice (unique), and recent offers spread the load (matching fairness). */
export const referralOffers = pgTable(
  'referral_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: text('request_id')
      .notNull()
      .references(() => referralRequests.id, { onDelete: 'cascade' }),
    refereeId: text('referee_id')
      .notNull()
      .references(() => users.id),
    offeredAt: timestamp('offered_at', { withTimezone: true, mode: 'date' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    /** accepted | declined | timedOut | withdrawn (the request ended) | referred. */
    answer: text('answer'),
    reason: text('reason'),
    text: text('text'),
  },
  (t) => [
    uniqueIndex('referral_offers_once_idx').on(t.requestId, t.refereeId),
    index('referral_offers_referee_idx').on(t.refereeId, t.offeredAt),
  ],
);

/**
 * Referral credits as an append-only ledger: the balance is the sum of `amount` (server/referrals
 * /credits.ts). grant/purchase add, refund and an admin's revoke (issue 21) take back, a hold
 * takes one credit for a request, a release gives it back, a consume (amount 0) makes the hold
 * final. `unique_key` makes each movement happen once: `hold:<request>`, `settle:<request>`
 * (consume or release, never both), `signup:<user>`, `purchase:<payment>`…
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    requestId: text('request_id').references(() => referralRequests.id),
    uniqueKey: text('unique_key').notNull(),
    note: text('note'),
    /** users.id of an admin who granted, or null for the system. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_ledger_unique_key_idx').on(t.uniqueKey),
    index('credit_ledger_user_idx').on(t.userId, t.id),
    check(
      'credit_ledger_kind_check',
      sql`${t.kind} in ('grant', 'revoke', 'hold', 'consume', 'release', 'purchase', 'refund')`,
    ),
  ],
);

/**
 * Credit purchases (issue 18, server/payments): one row per order created at the gateway. The
 * amount (paise) and the plan are bound here when the order is made, so a webhook, the checkout's
 * verify call or the reconciler can only fulfil what was ordered. `status`: created → attempted
 * (a payment failed; it may still be authorised late) → paid (the credits were granted, with the
 * ledger key `purchase:<payment_id>`) → refunded. The reconciler reads open orders by
 * (status, created_at).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    planId: text('plan_id').notNull(),
    credits: integer('credits').notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    currency: text('currency').notNull().default('INR'),
    status: text('status').notNull().default('created'),
    paymentId: text('payment_id'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** When the gateway was last asked about this order (reconciler, status checks). */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /**
     * What the payment buys (issue 19): 'credits' (a plan: planId, credits) or 'booking' (a
     * guidance booking: bookingId; planId 'guidance', credits 0). Fulfilment branches on it.
     */
    purpose: text('purpose').notNull().default('credits'),
    bookingId: text('booking_id').references((): AnyPgColumn => guidanceBookings.id),
  },
  (t) => [
    uniqueIndex('payment_orders_provider_order_idx').on(t.provider, t.providerOrderId),
    index('payment_orders_user_idx').on(t.userId, t.createdAt),
    index('payment_orders_open_idx').on(t.status, t.createdAt),
    index('payment_orders_booking_idx').on(t.bookingId),
    check(
      'payment_orders_status_check',
      sql`${t.status} in ('created', 'attempted', 'paid', 'refunded')`,
    ),
    check('payment_orders_purpose_check', sql`${t.purpose} in ('credits', 'booking')`),
  ],
);

/**
 * Gateway webhook events already handled, unique per provider (issue 18): the row is inserted in
 * the same transaction as the grant, so a redelivered event changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    providerOrderId: text('provider_order_id'),
    paymentId: text('payment_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_once_idx').on(t.provider, t.eventId)],
);

// ---------------------------------------------------------------------------------------------
// The corporate side (issue 20): a company's pipeline stages, notes and evaluations on
// applications, and invitations of new company users.

/**
 * A company's own pipeline (renamed or added stages). No rows: the default stages
 * (server/corporate/stages.ts). Each stage says which application state (spec §4) the candidate
 * sees while they are in it, so a company's private stage names never reach the candidate.
 */
export const pipelineStages = pgTable(
  'pipeline_stages',
  {
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    key: text('key').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pipeline_stages_company_key_idx').on(t.companyId, t.key)],
);

/** A company user's note on an application; seen only by that company's users. */
export const applicantNotes = pgTable(
  'applicant_notes',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    /** corporate_users.id of the writer. */
    authorId: text('author_id').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('applicant_notes_application_idx').on(t.applicationId, t.createdAt)],
);

/** One structured evaluation per (application, company user): ratings, a recommendation, a
 * summary; saving again replaces it. */
export const applicantEvaluations = pgTable(
  'applicant_evaluations',
  {
    applicationId: text('application_id')
      .notNull()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    authorId: text('author_id').notNull(),
    ratings: jsonb('ratings').notNull(),
    recommendation: text('recommendation').notNull(),
    summary: text('summary').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('applicant_evaluations_once_idx').on(t.applicationId, t.authorId)],
);

/**
 * An invitation to join a company as a recruiter or admin. Only the token's hash is kept (the
 * token travels in the mailed link); it can be used once, until `expires_at`.
 */
export const corporateInvites = pgTable(
  'corporate_invites',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** corporate_users.id of the admin who sent it. */
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('corporate_invites_token_idx').on(t.tokenHash),
    index('corporate_invites_company_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Rate-limit counters shared by every server process (issue 25 item 2): one row per limited key
 * (route and client) and window; http/rate-limit-store.ts increments it in one statement. Rows
 * whose window ended are reused on the next request or purged.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);

/**
 * What admins and evaluators did (issue 21 item 5): one row per action, written in the same
 * transaction as the change it records (server/admin/audit.ts), with the actor, the subject and
 * the subject's state before and after. Append-only; admins read it newest first.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The identity `sub` of the admin or evaluator (users.cognito_sub when they have a profile). */
    actorId: text('actor_id').notNull(),
    /** The role the actor acted in: 'admin' or 'evaluator'. */
    actorRole: text('actor_role').notNull(),
    /** What was done, e.g. 'job.approve', 'user.deactivate', 'credits.grant', 'assessment.create'. */
    action: text('action').notNull(),
    /** What it was done to: 'job', 'user', 'company', 'referral', 'payment', 'assessment'. */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt, t.id),
    index('admin_audit_subject_idx').on(t.subjectType, t.subjectId, t.id),
    index('admin_audit_actor_idx').on(t.actorId, t.id),
  ],
);

/**
 * "Report this job" (issue 21 item 1): one row per signed-in user and job (the unique index makes
 * a repeat a no-op). A report is open until a moderator acts on the job, which stamps
 * `resolved_at`; the moderation queue counts open reports and their reasons.
 */
export const jobReports = pgTable(
  'job_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    jobId: text('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    /** The reporter's identity `sub`. */
    reporterId: text('reporter_id').notNull(),
    /** One of JOB_REPORT_REASONS (src/domain/contract/admin-jobs.ts). */
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('job_reports_job_reporter_idx').on(t.jobId, t.reporterId),
    index('job_reports_open_idx').on(t.resolvedAt, t.jobId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Guidance services (issue 19, server/guidance): referees' paid services, their weekly
// availability, bookings, the bookings' timeline and the candidates' guidance wallet.

/**
 * One row per referee and service kind (spec §1's four): on/off, the fee in whole rupees, a
 * duration (live kinds) or delivery days (resume writing) and a short description.
 */
export const guidanceServices = pgTable(
  'guidance_services',
  {
    id: text('id').primaryKey(),
    refereeId: text('referee_id')
      .notNull()
      .references(() => refereeProfiles.userId),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    fee: integer('fee').notNull(),
    durationMinutes: integer('duration_minutes'),
    deliveryDays: integer('delivery_days'),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('guidance_services_referee_kind_idx').on(t.refereeId, t.kind),
    check(
      'guidance_services_kind_check',
      sql`${t.kind} in ('resume-writing', 'career-guidance', 'interview-handholding', 'mock-interview')`,
    ),
    check('guidance_services_fee_check', sql`${t.fee} between 99 and 20000`),
  ],
);

/**
 * A referee's guidance settings: time zone, weekly windows (`[{ weekday, start, end }]` in that
 * zone) and the penalty pause. The row is also the referee's booking lock: booking, paying and
 * rescheduling take it FOR UPDATE, so two candidates cannot both get one slot.
 */
export const guidanceSettings = pgTable('guidance_settings', {
  refereeId: text('referee_id')
    .primaryKey()
    .references(() => refereeProfiles.userId),
  timeZone: text('time_zone').notNull().default('Asia/Kolkata'),
  windows: jsonb('windows')
    .notNull()
    .default(sql`'[]'::jsonb`),
  pausedUntil: timestamp('paused_until', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A booking of a service (live: a slot; async: an order with a due date). The fee and amount are
 * copied when booked, so a later fee change does not touch it. The partial unique index refuses a
 * second live booking of the same referee at the same start while either holds the slot.
 */
export const guidanceBookings = pgTable(
  'guidance_bookings',
  {
    id: text('id').primaryKey(),
    serviceId: text('service_id')
      .notNull()
      .references(() => guidanceServices.id),
    refereeId: text('referee_id')
      .notNull()
      .references(() => users.id),
    candidateId: text('candidate_id')
      .notNull()
      .references(() => users.id),
    companyId: text('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('requested'),
    fee: integer('fee').notNull(),
    amount: integer('amount').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }),
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    meetingUrl: text('meeting_url'),
    note: text('note'),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    paidWith: text('paid_with'),
    orderId: text('order_id'),
    cancelledBy: text('cancelled_by'),
    cancelReason: text('cancel_reason'),
    refunded: integer('refunded').notNull().default(0),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    deliveryNote: text('delivery_note'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    rating: integer('rating'),
    review: text('review'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('guidance_bookings_slot_idx')
      .on(t.refereeId, t.startsAt)
      .where(sql`${t.state} in ('requested', 'paid', 'confirmed') and ${t.startsAt} is not null`),
    index('guidance_bookings_candidate_idx').on(t.candidateId, t.createdAt),
    index('guidance_bookings_referee_idx').on(t.refereeId, t.startsAt),
    index('guidance_bookings_held_idx').on(t.state, t.heldUntil),
    check(
      'guidance_bookings_state_check',
      sql`${t.state} in ('requested', 'paid', 'confirmed', 'delivered', 'reviewed', 'cancelled', 'no_show', 'expired')`,
    ),
    check(
      'guidance_bookings_rating_check',
      sql`${t.rating} is null or ${t.rating} between 1 and 5`,
    ),
  ],
);

/** Each move of a booking, by whom: the timeline both sides see and the penalty's count. */
export const guidanceBookingEvents = pgTable(
  'guidance_booking_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => guidanceBookings.id),
    action: text('action').notNull(),
    actor: text('actor').notNull(),
    /** users.id of the acting party; null for the system. */
    actorId: text('actor_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('guidance_booking_events_booking_idx').on(t.bookingId, t.id),
    index('guidance_booking_events_actor_idx').on(t.actorId, t.action, t.at),
  ],
);

/**
 * The candidates' guidance wallet in paise (issue 19): append-only like credit_ledger; refunds
 * (`refund:<booking>`) add, wallet payments (`pay:<booking>`) subtract, each at most once.
 */
export const guidanceWallet = pgTable(
  'guidance_wallet',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    bookingId: text('booking_id').references(() => guidanceBookings.id),
    uniqueKey: text('unique_key').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('guidance_wallet_unique_key_idx').on(t.uniqueKey),
    index('guidance_wallet_user_idx').on(t.userId, t.id),
    check('guidance_wallet_kind_check', sql`${t.kind} in ('refund', 'payment')`),
  ],
);

/**
 * Evaluators' assessments of people (issue 21 item 4): candidates who ask for referrals and
 * employees who refer. History: a row is never updated; a new assessment is a new row, and the
 * newest one is the person's assessment score (the 0.40 weight of referral matching for a
 * referee, server/referrals/service.ts; shown to referees on a candidate's request).
 * `evaluator_id` is the evaluator's identity `sub`, like admin_audit.actor_id.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: text('id').primaryKey(),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id),
    evaluatorId: text('evaluator_id').notNull(),
    /** The profile's skills the evaluator checked (a subset of the person's skills). */
    skillsVerified: text('skills_verified')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    communication: integer('communication').notNull(),
    experienceFit: integer('experience_fit').notNull(),
    overall: integer('overall').notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('assessments_subject_idx').on(t.subjectId, t.createdAt.desc(), t.id.desc()),
    check('assessments_communication_check', sql`${t.communication} between 1 and 5`),
    check('assessments_experience_fit_check', sql`${t.experienceFit} between 1 and 5`),
    check('assessments_overall_check', sql`${t.overall} between 0 and 100`),
  ],
);
