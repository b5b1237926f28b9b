/**
 * The evaluator's calls (issue 21 item 4): the queue of people to assess, a person's profile as
 * an evaluator needs it, and assessments kept as history. Evaluators assess PEOPLE: candidates
 * who ask for referrals and employees who refer. The newest assessment's overall score is the
 * person's assessment score: for a referee it is the 0.40 weight of referral matching (spec §1
 * "referral matching uses an assessment score"); a candidate's is shown to referees and turns that
 * weight into the fit of the two scores (server/referrals/matching.ts `assessmentFit`).
 *
 * Nothing here carries payment data, credits, ledger rows, CTC or contact details: an evaluator
 * sees only what judging a person's skills needs (issue 21: "Evaluators see only what they need").
 */
import * as z from 'zod/mini';
import { API_PREFIX, idOf, lazySchema } from './common';

export const AssessmentLimits = {
  notesMax: 2000,
  skillMax: 80,
  skillsVerifiedMax: 60,
  overallMin: 0,
  overallMax: 100,
  ratingMin: 1,
  ratingMax: 5,
  /** A requester is "new" for the queue when they asked for a referral this recently. */
  requesterWindowDays: 14,
  /** An assessment older than this is due again: skills and experience move. */
  reassessAfterDays: 180,
  queueMax: 100,
} as const;

export const AssessmentErrors = {
  evaluatorsOnly: 'Only evaluators can do this',
  readersOnly: 'Only evaluators and site administrators can read assessments',
  personNotFound: 'This person was not found',
  notYourself: 'You cannot assess yourself',
  skillNotOnProfile: (skill: string) => `“${skill}” is not one of this person’s skills`,
} as const;

export const AssessmentPaths = {
  queue: `${API_PREFIX}/evaluator/queue`,
  person: (userId: string) => `${API_PREFIX}/evaluator/people/${encodeURIComponent(userId)}`,
  assessments: (userId: string) =>
    `${API_PREFIX}/evaluator/people/${encodeURIComponent(userId)}/assessments`,
} as const;

const { ratingMin, ratingMax } = AssessmentLimits;
const rating = (what: string) =>
  z
    .number()
    .check(
      z.int(`${what} is a whole number`),
      z.gte(ratingMin, `${what} is ${ratingMin} to ${ratingMax}`),
      z.lte(ratingMax, `${what} is ${ratingMin} to ${ratingMax}`),
    );

/** POST …/assessments body. */
export const AssessmentInputSchema = lazySchema(() =>
  z.object({
    skillsVerified: z
      .array(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, 'a skill name cannot be empty'),
            z.maxLength(AssessmentLimits.skillMax),
          ),
      )
      .check(z.maxLength(AssessmentLimits.skillsVerifiedMax)),
    communication: rating('Communication'),
    experienceFit: rating('Experience fit'),
    overall: z
      .number()
      .check(
        z.int('The overall score is a whole number'),
        z.gte(AssessmentLimits.overallMin, 'The overall score is 0 to 100'),
        z.lte(AssessmentLimits.overallMax, 'The overall score is 0 to 100'),
      ),
    notes: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(
            AssessmentLimits.notesMax,
            `Notes have at most ${AssessmentLimits.notesMax} characters`,
          ),
        ),
    ),
  }),
);
export type AssessmentInput = z.infer<typeof AssessmentInputSchema>;

export const PersonParams = lazySchema(() => z.object({ userId: idOf(100) }));

export const AssessmentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    subjectId: z.string(),
    /** The evaluator's name (or email) when they have a profile. */
    evaluatorName: z.nullable(z.string()),
    skillsVerified: z.array(z.string()),
    communication: z.number(),
    experienceFit: z.number(),
    overall: z.number(),
    notes: z.string(),
    createdAt: z.string(),
  }),
);
export type Assessment = z.infer<typeof AssessmentSchema>;
export const AssessmentOneSchema = lazySchema(() => z.object({ data: AssessmentSchema }));
export const AssessmentHistorySchema = lazySchema(() =>
  z.object({ data: z.array(AssessmentSchema) }),
);

/** The latest score as others see it ("Assessed 82/100 on 12 Nov"). */
export const LatestAssessmentSchema = lazySchema(() =>
  z.object({
    overall: z.number(),
    assessedAt: z.string(),
  }),
);
export type LatestAssessment = z.infer<typeof LatestAssessmentSchema>;

export const QUEUE_REASONS = ['newRequester', 'refereeNeverAssessed', 'refereeDue'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export const QueueItemSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    name: z.string(),
    designation: z.nullable(z.string()),
    yearsOfExperience: z.nullable(z.number()),
    location: z.nullable(z.string()),
    reason: z.enum(QUEUE_REASONS),
    /** newRequester: the newest request's time; referees: when their work email was verified. */
    since: z.nullable(z.string()),
    /** The referee's company, for referees. */
    companyName: z.nullable(z.string()),
    latest: z.nullable(LatestAssessmentSchema),
  }),
);
export type QueueItem = z.infer<typeof QueueItemSchema>;
export const QueueSchema = lazySchema(() => z.object({ data: z.array(QueueItemSchema) }));

/** GET …/people/{userId}: the person as an evaluator needs them. */
export const EvaluatedPersonSchema = lazySchema(() =>
  z.object({
    userId: z.string(),
    name: z.string(),
    designation: z.nullable(z.string()),
    yearsOfExperience: z.nullable(z.number()),
    location: z.nullable(z.string()),
    about: z.nullable(z.string()),
    coreSkills: z.array(z.string()),
    softSkills: z.array(z.string()),
    technicalSkills: z.array(z.string()),
    /** A CV is on file: GET …/people/{userId}/cv gives a short-lived link. */
    cvAvailable: z.boolean(),
    referee: z.nullable(
      z.object({
        companyName: z.string(),
        designation: z.nullable(z.string()),
        department: z.nullable(z.string()),
        verified: z.boolean(),
      }),
    ),
    history: z.object({
      requestsMade: z.number(),
      requestsReferred: z.number(),
      offersReceived: z.number(),
      offersAccepted: z.number(),
      referralsMade: z.number(),
      offersExpired: z.number(),
    }),
    latest: z.nullable(LatestAssessmentSchema),
    /** The score matching uses now for a referee: the latest overall, else the starting value. */
    matchingScore: z.nullable(z.number()),
  }),
);
export type EvaluatedPerson = z.infer<typeof EvaluatedPersonSchema>;
export const EvaluatedPersonOneSchema = lazySchema(() => z.object({ data: EvaluatedPersonSchema }));

export const PersonCvLinkSchema = lazySchema(() =>
  z.object({
    data: z.object({ url: z.string(), expiresAt: z.string() }),
  }),
);

/**
 * "Assessed 82/100 on 12 Nov" (issue 21 item 4): the words referees and evaluators read. The
 * year is added when it is not the current one; dates are Indian time, where the users are.
 */
export function assessedLabel(latest: LatestAssessment, now: Date = new Date()): string {
  const at = new Date(latest.assessedAt);
  const zone = 'Asia/Kolkata';
  const year = (d: Date) => d.toLocaleDateString('en-GB', { year: 'numeric', timeZone: zone });
  const day = at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(year(at) === year(now) ? {} : { year: 'numeric' }),
    timeZone: zone,
  });
  return `Assessed ${latest.overall}/100 on ${day}`;
}
