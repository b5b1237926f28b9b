/**
 * Row shapes kept in IndexedDB. The job and company rows are the API's spec §3 shapes as the
 * features validated them, plus bookkeeping (`cachedAt`, a lowercase `searchText` for local
 * search). lib/db does not know the zod schemas (features own them); it needs only these fields.
 */
export interface Range {
  readonly min?: number | null;
  readonly max?: number | null;
}

export interface JobRecord {
  readonly id: string;
  readonly jobTitle: string;
  readonly companyName: string;
  readonly createdAt: string;
  readonly department?: string | null;
  readonly coreSkills?: readonly string[];
  readonly softSkills?: readonly string[];
  readonly technicalSkills?: readonly string[];
  readonly location?: { readonly city?: string | null; readonly fullLocation?: readonly string[] };
  readonly salaryRange?: Range | null;
  readonly experienceRange?: Range | null;
  readonly workMode?: string | null;
  readonly typeofEmployment?: string | null;
  readonly industry?: string | null;
  readonly teamSize?: string | null;
  readonly isExternal?: boolean;
  readonly [field: string]: unknown;
}

export interface CachedJob extends JobRecord {
  /** When this row last came from the server (ms since epoch). */
  readonly cachedAt: number;
  /** Title, skills, company and location, lowercased: what local search matches against. */
  readonly searchText: string;
}

export interface CompanyRecord {
  /** The company key (spec §3 SK). */
  readonly id: string;
  readonly name: string;
  readonly industry?: string | null;
  readonly isVerified?: boolean | null;
  readonly [field: string]: unknown;
}

export interface CachedCompany extends CompanyRecord {
  readonly cachedAt: number;
}

/** One fetched listing: which rows a query returned, in order, and when. */
export interface ListingMeta {
  /** The request without its page cursor, e.g. "jobs:searchText=react&...". */
  readonly key: string;
  readonly kind: 'jobs' | 'companies';
  readonly ids: readonly string[];
  readonly lastKey: string | null;
  readonly fetchedAt: number;
}

/** One job's match score as the UI reads it (decoded from a ScoreBucket by src/lib/scoring). */
export interface MatchScore {
  readonly jobId: string;
  readonly score: number;
  readonly details?: unknown;
  /** The profile version the score was computed for; a newer profile makes it stale. */
  readonly profileVersion?: string;
  readonly computedAt: number;
}

/**
 * The match scores of every cached job whose id hashes to `bucket`, for one profile version
 * (src/lib/scoring/score-buckets.ts explains the layout: a few large rows instead of one row per
 * job, because IndexedDB costs ~50 µs per row and a full rescore rewrites every score).
 */
export interface ScoreBucket {
  readonly bucket: number;
  readonly profileVersion: string;
  readonly jobIds: readonly string[];
  /** SCORE_STRIDE numbers per job, in `jobIds` order (see score-buckets.ts). */
  readonly values: Float64Array;
}

/** What the match score reads of a job (spec §9): the scoring worker's compact copy. */
export interface ScoreInput {
  readonly coreSkills?: readonly string[] | null;
  readonly softSkills?: readonly string[] | null;
  readonly technicalSkills?: readonly string[] | null;
  readonly experienceRange?: Range | null;
}

/** The score inputs of the cached jobs whose id hashes to `bucket` (read by the worker only). */
export interface ScoreInputBucket {
  readonly bucket: number;
  readonly jobIds: readonly string[];
  /** In `jobIds` order. */
  readonly inputs: readonly ScoreInput[];
}

/**
 * What a queued action does: a kind's name in src/lib/outbox/kinds (design/outbox.md). The
 * database keeps it as text: a row written by another build may name a kind this one lacks.
 */
export type OutboxKindName = string;
/** Where a queued action stands. `done` and `discarded` rows are removed once announced. */
export type OutboxState = 'pending' | 'sending' | 'done' | 'failed' | 'discarded';

/**
 * One user action waiting to reach the server (design/outbox.md "The record"). The payload is
 * whatever the kind's requests need (for a CV upload: the PDF Blob); `step` and `stepData` are
 * the kind's own state machine position, persisted so a retry resumes where it stopped.
 */
export interface OutboxEntry {
  readonly seq?: number;
  readonly kind: OutboxKindName;
  /** The user the action belongs to (identity `sub`); it never runs under another's token. */
  readonly userId: string;
  /** Sent as Idempotency-Key on every request of this action. */
  readonly idempotencyKey: string;
  /** What the action is about, for the UI (a job id, a file name). */
  readonly subject: string;
  readonly payload: unknown;
  readonly step: string;
  readonly stepData?: Readonly<Record<string, unknown>>;
  readonly state: OutboxState;
  /** How it ended, e.g. 'submitted' or 'alreadySubmitted' for an application. */
  readonly outcome?: string | null;
  readonly attempts: number;
  readonly nextAttemptAt: number;
  readonly lastError: string | null;
  /** A drainer's claim; an expired lease means the drainer died and the action is free again. */
  readonly leaseUntil: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** An application the user made (or queued), kept so Apply shows the right state offline. */
export interface LocalApplication {
  readonly userId: string;
  readonly jobId: string;
  readonly kind: 'internal' | 'external';
  /** 'pending' while queued in the outbox, 'submitted' once the server has it. */
  readonly state: 'pending' | 'submitted';
  readonly appliedAt: number;
  readonly companyName?: string | null;
  readonly jobTitle?: string | null;
  readonly matchingScore?: number | null;
  /** The server's status for it (e.g. APPLIED), when known. */
  readonly status?: string | null;
}

export interface SavedJob {
  readonly jobId: string;
  readonly savedAt: number;
}

export interface KeyValue {
  readonly key: string;
  readonly value: unknown;
  readonly updatedAt: number;
}

/**
 * A credit purchase this device opened a checkout for (issue 18), kept until the server says how
 * it ended: `confirming` is shown as "Confirming payment…" after a return, reload or restart.
 */
export interface PendingPayment {
  /** The server's order id (`ord_…`). */
  readonly orderId: string;
  readonly userId: string;
  readonly planName: string;
  readonly credits: number;
  /** checkout: opened, nothing heard back; confirming: back from the checkout, asking the
   * server; paid / failed: the server's answer (kept briefly to show it). */
  readonly state: 'checkout' | 'confirming' | 'paid' | 'failed';
  /** What the checkout handed back (Razorpay's payment id and signature), for the verify call. */
  readonly paymentId?: string;
  readonly signature?: string;
  readonly createdAt: number;
  readonly updatedAt: number;
}
