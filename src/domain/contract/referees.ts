/**
 * The referee API area (issue 17), in one place: becoming a referee (spec §1: 2+ years of overall
 * experience, a work email verified once by a one-time code sent to it), the referee's profile
 * and record, the inbox items and the CV link of an offered request. The server validates with
 * these schemas and answers with these texts; the referee's screens parse with the same schemas.
 * Pure TypeScript + zod/mini: no React, no DOM, no Node.
 */
import * as z from 'zod/mini';
import { LatestAssessmentSchema } from './assessments';
import { idOf } from './common';
import { RefereeOfferSchema } from './referrals';

// ---------------------------------------------------------------------------------------------
// Limits.

export const RefereeLimits = {
  /** spec §1/§9: referees need 2+ years of overall experience (the profile's YOE). */
  minYearsOfExperience: 2,
  /** Digits of the one-time code mailed to the work email. */
  codeLength: 6,
  /** Minutes a mailed code stays valid. */
  codeTtlMinutes: 15,
  /**
   * Seconds before a new code may be sent to the same address (a mailbox is not to be flooded
   * by repeated taps, or by someone typing another person's address).
   */
  codeResendSeconds: 60,
  /** Wrong codes allowed for one pending address before it must be requested again. */
  maxCodeAttempts: 5,
  /** Minutes a signed CV link given to the offered referee stays valid. */
  cvLinkTtlMinutes: 5,
  designationMax: 120,
  departmentMax: 120,
  locationMax: 120,
  workEmailMax: 254,
} as const;

/**
 * Free-mail domains refused as work emails (a work email proves employment; these prove
 * nothing). Exact domains; `yahoo.` matches every Yahoo country domain (see isFreeMailDomain).
 */
export const FREE_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'rediffmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'zoho.com',
  'zohomail.com',
  'yandex.com',
  'yandex.ru',
  'mail.com',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'tutanota.com',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
  '126.com',
] as const;
/** Domain prefixes refused under any country suffix (yahoo.com, yahoo.co.in, ymail.com…). */
export const FREE_MAIL_PREFIXES = [
  'yahoo.',
  'ymail.',
  'rocketmail.',
  'hotmail.',
  'outlook.',
  'live.',
] as const;

/** The part after the last @, lower-cased and trimmed; '' when there is none. */
export function emailDomainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0
    ? ''
    : address
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.$/, '');
}

export function isFreeMailDomain(domain: string): boolean {
  const d = domain.trim().toLowerCase();
  return (
    (FREE_MAIL_DOMAINS as readonly string[]).includes(d) ||
    FREE_MAIL_PREFIXES.some((prefix) => d.startsWith(prefix))
  );
}

// ---------------------------------------------------------------------------------------------
// Error texts (errorMsg of 4xx answers).

export const RefereeErrors = {
  tooJunior: 'Referees need at least 2 years of experience.',
  noProfile: 'Complete your profile (with your years of experience) before becoming a referee.',
  companyNotFound: 'Company not found',
  freeMail: 'Use your work email: free mail addresses (Gmail, Yahoo, Outlook…) cannot be verified.',
  domainNotOfCompany: "This email's domain is not one of the company's email domains.",
  noPendingCode: 'No code is pending: ask for a new code.',
  wrongCode: 'This code is not right. Check the latest email and try again.',
  expiredCode: 'This code has expired: ask for a new code.',
  usedCode: 'This code was already used: ask for a new code if you need one.',
  tooManyAttempts: 'Too many wrong codes: ask for a new code.',
  codeTooSoon: 'A code was just sent to this address. Check your inbox, or ask again in a minute.',
  notReferee: 'You are not a referee yet: verify your work email first.',
  notOffered: 'This request is not offered to you.',
  cvNotFound: 'The candidate has no CV on file.',
} as const;

// ---------------------------------------------------------------------------------------------
// Request bodies.

const optionalText = (max: number) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

/** POST /api/referee/work-email: mails a one-time code to the work email. */
export const WorkEmailBody = z.strictObject({
  companyId: idOf(200),
  workEmail: z.email().check(z.trim(), z.maxLength(RefereeLimits.workEmailMax)),
  designation: optionalText(RefereeLimits.designationMax),
  department: optionalText(RefereeLimits.departmentMax),
  location: optionalText(RefereeLimits.locationMax),
});
export type WorkEmailInput = z.infer<typeof WorkEmailBody>;

/** POST /api/referee/work-email/verify. */
export const VerifyCodeBody = z.strictObject({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, 'the code has 6 digits')),
});
export type VerifyCodeInput = z.infer<typeof VerifyCodeBody>;

/** PATCH /api/referee/profile: pause/resume and the details matching reads. */
export const RefereeProfilePatchBody = z.strictObject({
  active: z.optional(z.boolean()),
  designation: optionalText(RefereeLimits.designationMax),
  department: optionalText(RefereeLimits.departmentMax),
  location: optionalText(RefereeLimits.locationMax),
});
export type RefereeProfilePatch = z.infer<typeof RefereeProfilePatchBody>;

export const RefereeOfferIdParams = z.object({ id: idOf(100) });

// ---------------------------------------------------------------------------------------------
// Responses.

export const REFEREE_STATUSES = ['none', 'pendingCode', 'verified'] as const;
export type RefereeStatus = (typeof REFEREE_STATUSES)[number];

/** The referee's record (issue 17 part 4), from their offers. */
export const RefereeStatsSchema = z.object({
  offered: z.number(),
  /** Accepted or declined (a referral counts as accepted). */
  answered: z.number(),
  accepted: z.number(),
  declined: z.number(),
  /** Let the response window pass. */
  expired: z.number(),
  referralsMade: z.number(),
  /** accepted / answered, 0..1; null before the first answer. */
  acceptanceRate: z.nullable(z.number()),
  /** Median hours from offer to answer; null before the first answer. */
  medianResponseHours: z.nullable(z.number()),
});
export type RefereeStats = z.infer<typeof RefereeStatsSchema>;

export const RefereeProfileSchema = z.object({
  status: z.enum(REFEREE_STATUSES),
  companyId: z.nullable(z.string()),
  companyName: z.nullable(z.string()),
  /** The verified (or pending) work email's domain: never the address. */
  emailDomain: z.nullable(z.string()),
  designation: z.nullable(z.string()),
  department: z.nullable(z.string()),
  location: z.nullable(z.string()),
  /** Offered requests (false: paused). */
  active: z.boolean(),
  /** The profile's years of experience; null without a profile. */
  yoe: z.nullable(z.number()),
  /** YOE ≥ 2 (spec §1/§9). */
  eligible: z.boolean(),
  stats: RefereeStatsSchema,
});
export type RefereeProfileDto = z.infer<typeof RefereeProfileSchema>;
export const RefereeProfileOneSchema = z.object({ data: RefereeProfileSchema });

/** POST /api/referee/work-email: 202. */
export const WorkEmailPendingSchema = z.object({
  data: z.object({
    status: z.literal('pendingCode'),
    emailDomain: z.string(),
    expiresAt: z.string(),
  }),
});

/**
 * GET /api/referee/offers item: the referrals contract's RefereeOfferSchema (kept as is) plus
 * what the referee needs to decide. The candidate is shown by first name and parsed profile
 * only (no email, no phone) until the referee accepts.
 */
export const RefereeInboxItemSchema = z.extend(RefereeOfferSchema, {
  job: z.object({
    title: z.nullable(z.string()),
    city: z.nullable(z.string()),
    experienceMin: z.nullable(z.number()),
    experienceMax: z.nullable(z.number()),
    department: z.nullable(z.string()),
  }),
  /** Whether GET /api/referee/offers/{id}/cv can give a link (a CV on file, still offered). */
  cvAvailable: z.boolean(),
  /** The candidate's latest assessment by an evaluator (issue 21 item 4), null if never. Optional:
   * offers cached by an earlier release have no such field. */
  candidateAssessment: z.optional(z.nullable(LatestAssessmentSchema)),
});
export type RefereeInboxItem = z.infer<typeof RefereeInboxItemSchema>;
export const RefereeInboxSchema = z.object({ data: z.array(RefereeInboxItemSchema) });

/** GET /api/referee/offers/{id}/cv: a short-lived signed link (5 minutes). */
export const RefereeCvLinkSchema = z.object({
  data: z.object({ url: z.string(), expiresAt: z.string() }),
});
