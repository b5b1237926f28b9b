/**
 * The referrals API area (issue 16), in one place: request/response schemas, the lifecycle's
 * states and actions, the spec §4 result types with their dialog texts, the referee's decline
 * reasons, the limits and the error texts. The server validates with these schemas and answers
 * with these texts; the app (request page, tracker, outbox kind) parses with the same schemas.
 * Pure TypeScript + zod/mini: no React, no DOM, no Node.
 *
 * Shape meant to generalise to every area under contract/: `<Area>Limits`, `<Area>Errors`, the
 * body/param schemas a route validates, and the response schemas a client parses.
 */
import * as z from 'zod/mini';
import { lazySchema } from './common';

// ---------------------------------------------------------------------------------------------
// Limits. The spec gives none of these numbers ("not shown"): docs/decisions.md says why each.

export const ReferralLimits = {
  /** Longest note a candidate may add to a request, in characters. */
  noteMaxLength: 1000,
  /** Longest free-text decline reason or referral reference, in characters. */
  reasonMaxLength: 500,
  /** Requests one candidate may make for one job (a rejected/expired/cancelled one counts). */
  maxTriesPerJob: 3,
  /** Hours an offered referee has to accept or decline before the request passes on. */
  responseWindowHours: 72,
  /** Days an accepting referee has to mark the request referred before it passes on. */
  referWindowDays: 7,
  /** Days an accepted request may wait for a referee at all before it expires. */
  waitForRefereeDays: 7,
  /** Referees one request is offered to, at most, before it expires. */
  maxOffersPerRequest: 5,
  /**
   * spec §9 match score a listed job must reach for the product to accept the request: the
   * same 50 that ranks a job as a priority match in the listing (score/rank.ts).
   */
  matchThreshold: 50,
  /** Credits one request holds (spec §1 "a nominal platform fee against spam"). */
  creditCost: 1,
  /** Credits every new candidate profile starts with. */
  signupCredits: 3,
  /** Largest single admin grant. */
  maxAdminGrant: 100,
} as const;

// ---------------------------------------------------------------------------------------------
// Lifecycle.

/**
 * - requested: made by the candidate, being evaluated (synchronously, so only seen in timelines)
 * - approved: the product accepted it ("the CV will be sent to the best referee"); waiting for a
 *   referee (again, after a decline or a timeout)
 * - rejected: the product found it not a good match (terminal)
 * - offered: offered to one referee, who must answer within the response window
 * - accepted: that referee accepted and will refer
 * - referred: the referee says the referral was submitted (the credit is consumed)
 * - acknowledged: the candidate confirmed it (terminal)
 * - expired: nobody left to offer it to, or waited too long (terminal; credit released)
 * - cancelled: withdrawn by the candidate or an admin (terminal; credit released)
 */
export const REFERRAL_STATES = [
  'requested',
  'approved',
  'rejected',
  'offered',
  'accepted',
  'referred',
  'acknowledged',
  'expired',
  'cancelled',
] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/** States in which the request still occupies its job for the candidate (AlreadyRequested). */
export const OPEN_REFERRAL_STATES = [
  'requested',
  'approved',
  'offered',
  'accepted',
  'referred',
  'acknowledged',
] as const satisfies readonly ReferralState[];

/** States in which a credit is held for the request. */
export const HOLDING_REFERRAL_STATES = [
  'approved',
  'offered',
  'accepted',
] as const satisfies readonly ReferralState[];

export const REFERRAL_ACTIONS = [
  'request',
  'approve',
  'reject',
  'offer',
  'accept',
  'decline',
  'timeOut',
  'refer',
  'acknowledge',
  'expire',
  'cancel',
] as const;
export type ReferralAction = (typeof REFERRAL_ACTIONS)[number];

/** Who made a transition, as the candidate sees it (referees stay anonymous until they accept). */
export const ACTOR_KINDS = ['candidate', 'referee', 'admin', 'system'] as const;
export type ActorKind = (typeof ACTOR_KINDS)[number];

/** What the tracker shows for each state. */
export const REFERRAL_STATE_LABELS: Record<ReferralState, string> = {
  requested: 'Requested',
  approved: 'Finding a referee',
  rejected: 'Not a good match',
  offered: 'With a referee',
  accepted: 'Accepted by a referee',
  referred: 'Referred',
  acknowledged: 'Referred',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

// ---------------------------------------------------------------------------------------------
// spec §4 "Referral request result dialogs": every type, its button and meaning.

export const REFERRAL_RESULT_TYPES = [
  'zeroReferral',
  'profileCompletion',
  'AlreadyRequested',
  'RequestAccepted',
  'RequestRejected',
  'Error_250',
  'Error_251',
  'Max_tries',
] as const;
export type ReferralResultType = (typeof REFERRAL_RESULT_TYPES)[number];

export interface ReferralResultDialog {
  readonly title: string;
  readonly message: string;
  readonly button: string;
  /** Where the button goes; null closes the dialog. `{id}` is the request id. */
  readonly target: string | null;
}

// spec §4: button labels and meanings are the spec's; titles and the texts the spec leaves
// blank (AlreadyRequested, Max_tries) are ours.
export const REFERRAL_RESULTS: Record<ReferralResultType, ReferralResultDialog> = {
  zeroReferral: {
    title: 'No referrals left',
    message: 'Referral credits exhausted. Get more referrals from the plans.',
    button: 'Subscribe Now',
    target: '/v1/candidate/subscription',
  },
  profileCompletion: {
    title: 'Profile Incomplete',
    message: 'Complete the profile and upload a CV to request referrals.',
    button: 'Complete Now',
    target: '/v1/candidate/profile',
  },
  AlreadyRequested: {
    title: 'Already requested',
    message: 'You have already requested a referral for this job.',
    button: 'Okay',
    target: null,
  },
  RequestAccepted: {
    title: 'Request accepted',
    message: 'The CV will be sent to the best referee.',
    button: 'View Status',
    target: '/v1/candidate/referrals/{id}',
  },
  RequestRejected: {
    title: 'Not a good match',
    message: 'Not a good match for this job. You may contact guidance to improve your chances.',
    button: 'View Feedback',
    target: '/v1/candidate/referrals/{id}',
  },
  Error_250: {
    title: 'CV not found',
    message: 'CV not found. Please upload your CV again.',
    button: 'Close',
    target: null,
  },
  Error_251: {
    title: 'Invalid job description',
    message: 'Invalid job description. This job cannot be evaluated for a referral.',
    button: 'Close',
    target: null,
  },
  Max_tries: {
    title: 'No more tries',
    message: `You have already requested a referral for this job ${ReferralLimits.maxTriesPerJob} times.`,
    button: 'Back to Home',
    target: '/',
  },
};

/** spec §8: the referral dialog for an unknown type. */
export const UNKNOWN_REFERRAL_RESULT: ReferralResultDialog = {
  title: 'Something went wrong',
  message: 'Something went wrong',
  button: 'Close',
  target: null,
};

export function referralResultDialog(type: string): ReferralResultDialog {
  return (
    (REFERRAL_RESULTS as Record<string, ReferralResultDialog>)[type] ?? UNKNOWN_REFERRAL_RESULT
  );
}

/** spec §4 loader step messages, in order. */
export const REFERRAL_LOADER_STEPS = [
  'Checking eligibility',
  'Matching qualifications',
  'Reviewing responsibilities and experience',
  'Final checks',
  'Almost done',
] as const;

/** The in-app pages a referral notification or dialog opens (the tracker is the app's). */
export const ReferralPages = {
  tracker: '/v1/candidate/referrals',
  request: (id: string) => `/v1/candidate/referrals/${encodeURIComponent(id)}`,
  refereeInbox: '/v1/employee/referrals',
  /** spec §2 /guidance/{name}/{key}: the link RequestRejected's feedback offers. */
  guidance: (companyName: string, companyId: string) =>
    `/guidance/${encodeURIComponent(companyName.trim().replace(/\s+/g, '_'))}/${encodeURIComponent(companyId)}`,
};

// ---------------------------------------------------------------------------------------------
// Why the product rejected a request (RequestRejected's feedback), from the §9 score's parts.

export const REJECTION_REASONS = {
  coreSkills: 'Your core skills cover too little of what this job asks for.',
  experience: "Your years of experience are outside this job's range.",
  softSkills: 'Your soft skills match few of those the job lists.',
  responsibilities: "Your experience matches little of this job's responsibilities.",
} as const;
export type RejectionReason = keyof typeof REJECTION_REASONS;

// ---------------------------------------------------------------------------------------------
// A referee's reasons for declining (shown to the candidate).

export const DECLINE_REASONS = {
  roleFilled: 'The position has already been filled.',
  profileMismatch: "The profile does not match this role's requirements.",
  experienceMismatch: 'The experience does not fit the level of this role.',
  notMyTeam: 'I cannot refer for this team or location.',
  referralLimit: 'I have reached my referral limit for now.',
  jobClosed: 'This job is no longer open.',
  other: 'Other',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;
const DECLINE_REASON_CODES = Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]];

// ---------------------------------------------------------------------------------------------
// Error texts (errorMsg of 4xx answers).

export const ReferralErrors = {
  notFound: 'Referral request not found',
  forbidden: 'You cannot do this on this referral request',
  candidatesOnly: 'Only candidate accounts can request referrals',
  noProfile: 'No profile found for this account',
  companyNotFound: 'Company not found',
  jobNotFound: 'Job not found',
  jobNotOpen: 'This job is no longer open',
  jobOfOtherCompany: 'This job belongs to another company',
  oneJob: 'Choose one listed job (jobId) or paste one job link (jobUrl), not both',
  jobUrlNotHttp: 'The job link must be an http(s) URL',
  declineNeedsText: 'Say why in a few words when the reason is Other',
  noLongerOffered: 'This request is no longer offered to you',
  notRefereeOfCompany: 'You are not a verified referee of this company',
  wrongState: (state: ReferralState, action: ReferralAction) =>
    `This request is ${REFERRAL_STATE_LABELS[state].toLowerCase()}: it cannot be ${actionPastTense(action)} now`,
  adminOnly: 'Only an admin can do this',
  grantUserNotFound: 'No such user',
} as const;

function actionPastTense(action: ReferralAction): string {
  const words: Record<ReferralAction, string> = {
    request: 'requested',
    approve: 'approved',
    reject: 'rejected',
    offer: 'offered',
    accept: 'accepted',
    decline: 'declined',
    timeOut: 'timed out',
    refer: 'marked referred',
    acknowledge: 'acknowledged',
    expire: 'expired',
    cancel: 'cancelled',
  };
  return words[action];
}

// ---------------------------------------------------------------------------------------------
// Request bodies.

const trimmed = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
const id = lazySchema(() => z.string().check(z.trim(), z.minLength(1), z.maxLength(100)));
const httpUrl = lazySchema(() => z.url({ protocol: /^https?$/, hostname: z.regexes.domain }));

/** POST /api/referrals: a listed job (jobId) or a pasted link to one of the company's jobs. */
export const CreateReferralBody = lazySchema(() =>
  z.strictObject({
    companyId: id,
    jobId: z.optional(id),
    jobUrl: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
    /** For a pasted link: the job's title as the candidate read it (shown in the tracker). */
    jobTitle: z.optional(trimmed(200)),
    note: z.optional(z.string().check(z.trim(), z.maxLength(ReferralLimits.noteMaxLength))),
  }),
);
export type CreateReferralInput = z.infer<typeof CreateReferralBody>;

/** Whether a pasted job link is an absolute http(s) URL with a host name. */
export function isHttpJobUrl(value: string): boolean {
  return z.safeParse(httpUrl, value).success;
}

export const DeclineReferralBody = lazySchema(() =>
  z.strictObject({
    reason: z.enum(DECLINE_REASON_CODES),
    text: z.optional(z.string().check(z.trim(), z.maxLength(ReferralLimits.reasonMaxLength))),
  }),
);
export type DeclineReferralInput = z.infer<typeof DeclineReferralBody>;

export const ReferReferralBody = lazySchema(() =>
  z.strictObject({
    /** An application or referral id from the company's system, or any note that proves it. */
    reference: z.optional(z.string().check(z.trim(), z.maxLength(ReferralLimits.reasonMaxLength))),
    /** A link to proof (e.g. a screenshot in the company's referral portal). */
    proofUrl: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
    /**
     * An uploaded proof (a screenshot or PDF): the `cloudFileName` that
     * `POST /file/gsu2u/REFERRAL_PROOF` gave this referee for this request, PUT already.
     */
    proofFile: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(300))),
  }),
);
export type ReferReferralInput = z.infer<typeof ReferReferralBody>;

/** cancel / expire / accept / acknowledge: an optional note only. */
export const ReferralNoteBody = lazySchema(() =>
  z.optional(
    z.nullable(
      z.strictObject({
        note: z.optional(z.string().check(z.trim(), z.maxLength(ReferralLimits.reasonMaxLength))),
      }),
    ),
  ),
);

export const CreditGrantBody = lazySchema(() =>
  z.strictObject({
    userId: id,
    amount: z.int().check(z.minimum(1), z.maximum(ReferralLimits.maxAdminGrant)),
    note: z.optional(z.string().check(z.trim(), z.maxLength(ReferralLimits.reasonMaxLength))),
  }),
);

export const ReferralIdParams = lazySchema(() => z.object({ id }));

// ---------------------------------------------------------------------------------------------
// Responses.

const isoDate = lazySchema(() => z.string());

export const MatchScoreSchema = lazySchema(() =>
  z.object({
    finalScore: z.number(),
    coreSkills: z.number(),
    experience: z.number(),
    roleAndResponsibilities: z.number(),
    softSkills: z.number(),
  }),
);

export const ReferralEventSchema = lazySchema(() =>
  z.object({
    action: z.enum(REFERRAL_ACTIONS),
    from: z.nullable(z.enum(REFERRAL_STATES)),
    to: z.enum(REFERRAL_STATES),
    actor: z.enum(ACTOR_KINDS),
    /** A decline reason code, a rejection reason, or null. */
    reason: z.nullable(z.string()),
    /** The text shown for it: the reason's text, a referee's free text, a note. */
    text: z.nullable(z.string()),
    at: isoDate,
  }),
);
export type ReferralEvent = z.infer<typeof ReferralEventSchema>;

export const ReferralRequestSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    state: z.enum(REFERRAL_STATES),
    companyId: z.string(),
    companyName: z.string(),
    companyLogoUrl: z.nullable(z.string()),
    jobId: z.nullable(z.string()),
    jobUrl: z.nullable(z.string()),
    jobTitle: z.nullable(z.string()),
    note: z.string(),
    attempt: z.number(),
    matchScore: z.nullable(MatchScoreSchema),
    /** RequestRejected's feedback. */
    rejectionReasons: z.array(z.object({ code: z.string(), text: z.string() })),
    /** When the current referee's answer (or referral) is due; null when nobody holds it. */
    deadline: z.nullable(isoDate),
    /** Anonymous until the referee accepts (issue 17). */
    referee: z.nullable(z.object({ name: z.string(), designation: z.nullable(z.string()) })),
    reference: z.nullable(z.string()),
    proofUrl: z.nullable(z.string()),
    /** The uploaded proof's name (read through GET /referrals/{id}/proof); null: none. Caught, so
     * requests cached before proofs existed still read. */
    proofFileName: z.catch(z.nullable(z.string()), null),
    guidanceUrl: z.string(),
    timeline: z.array(ReferralEventSchema),
    createdAt: isoDate,
    updatedAt: isoDate,
  }),
);
export type ReferralRequestDto = z.infer<typeof ReferralRequestSchema>;

/** POST /api/referrals: 201 with a request (accepted or rejected), else 200 without one. */
export const ReferralResultSchema = lazySchema(() =>
  z.object({
    data: z.object({
      type: z.enum(REFERRAL_RESULT_TYPES),
      request: z.nullable(ReferralRequestSchema),
      balance: z.number(),
    }),
  }),
);
export type ReferralResult = z.infer<typeof ReferralResultSchema>['data'];

export const ReferralOneSchema = lazySchema(() => z.object({ data: ReferralRequestSchema }));
export const ReferralListSchema = lazySchema(() =>
  z.object({ data: z.array(ReferralRequestSchema) }),
);

export const CreditBalanceSchema = lazySchema(() =>
  z.object({
    data: z.object({
      /** Credits the candidate can spend now (the ledger's sum): the header's Referrals Left. */
      balance: z.number(),
      /** Credits held by open requests. */
      held: z.number(),
      /** Referrals made (credits consumed). */
      consumed: z.number(),
      cost: z.number(),
    }),
  }),
);

/** GET /api/referee/offers: what a referee has to answer or refer. */
/** How a referee answered an offer (null: not yet). `withdrawn`: the request ended meanwhile. */
export const OFFER_ANSWERS = ['accepted', 'declined', 'timedOut', 'referred', 'withdrawn'] as const;
export type OfferAnswer = (typeof OFFER_ANSWERS)[number];

export const RefereeOfferSchema = lazySchema(() =>
  z.object({
    requestId: z.string(),
    state: z.enum(REFERRAL_STATES),
    answer: z.nullable(z.enum(OFFER_ANSWERS)),
    offeredAt: isoDate,
    deadline: z.nullable(isoDate),
    companyId: z.string(),
    jobId: z.nullable(z.string()),
    jobUrl: z.nullable(z.string()),
    jobTitle: z.nullable(z.string()),
    note: z.string(),
    matchScore: z.nullable(MatchScoreSchema),
    candidate: z.object({
      name: z.string(),
      designation: z.nullable(z.string()),
      yearsOfExperience: z.nullable(z.number()),
      location: z.nullable(z.string()),
      coreSkills: z.array(z.string()),
      softSkills: z.array(z.string()),
      technicalSkills: z.array(z.string()),
    }),
  }),
);
export type RefereeOfferDto = z.infer<typeof RefereeOfferSchema>;
export const RefereeOfferListSchema = lazySchema(() =>
  z.object({ data: z.array(RefereeOfferSchema) }),
);
