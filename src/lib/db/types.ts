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

export interface MatchScore {
  readonly jobId: string;
  readonly score: number;
  readonly details?: unknown;
  readonly computedAt: number;
}

export interface OutboxEntry {
  readonly seq?: number;
  readonly idempotencyKey: string;
  readonly type: string;
  readonly status: string;
  readonly payload: unknown;
  readonly createdAt: number;
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
