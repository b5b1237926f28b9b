/**
 * The product's evaluation of a referral request (issue 16 part 2, spec §4 loader steps:
 * eligibility, qualification match, responsibilities and experience, final checks). Pure: the
 * service gathers the facts from the database and the object store, this decides.
 *
 * Order, first failing check wins (cheapest to fix first, and never charge for a request that
 * cannot be served):
 *   1. profileCompletion  the profile is incomplete (src/domain/profile-state: CTC, a parsed CV,
 *                         and designation or skills or YOE)
 *   2. Error_250          the CV on file is missing from the object store (CV not found)
 *   3. AlreadyRequested   an open or successful request for this job exists
 *   4. Max_tries          ReferralLimits.maxTriesPerJob requests for this job were made already
 *   5. Error_251          the job cannot be evaluated (invalid job description): a listed job
 *                         flagged bad, or with neither a description nor any skills; a pasted
 *                         link that is not on the company's career-site domain
 *   6. zeroReferral       fewer credits than a request costs
 *   7. the §9 match score against ReferralLimits.matchThreshold → RequestAccepted, else
 *      RequestRejected with the parts that fell short as feedback. A pasted link has no job text
 *      to score: it is accepted on eligibility and the referee judges the fit.
 */
import {
  ReferralLimits,
  type ReferralResultType,
  type RejectionReason,
} from '../../src/domain/contract/referrals';
import type { ScoreDetails } from '../../src/domain/score';

export interface EligibilityFacts {
  readonly profileComplete: boolean;
  readonly cvFound: boolean;
  readonly alreadyRequested: boolean;
  readonly previousTries: number;
  readonly jobValid: boolean;
  readonly balance: number;
}

/** The failing §4 result, or null when the candidate may request. */
export function eligibilityResult(facts: EligibilityFacts): ReferralResultType | null {
  if (!facts.profileComplete) return 'profileCompletion';
  if (!facts.cvFound) return 'Error_250';
  if (facts.alreadyRequested) return 'AlreadyRequested';
  if (facts.previousTries >= ReferralLimits.maxTriesPerJob) return 'Max_tries';
  if (!facts.jobValid) return 'Error_251';
  if (facts.balance < ReferralLimits.creditCost) return 'zeroReferral';
  return null;
}

/** A part of the score under this is named in the rejection feedback. */
export const WEAK_PART_BELOW = 50;

export interface MatchVerdict {
  readonly accepted: boolean;
  readonly reasons: readonly RejectionReason[];
}

export function matchVerdict(
  score: ScoreDetails | null,
  threshold: number = ReferralLimits.matchThreshold,
): MatchVerdict {
  if (score === null || score.finalScore >= threshold) return { accepted: true, reasons: [] };
  const parts: [RejectionReason, number][] = [
    ['coreSkills', score.coreSkills],
    ['experience', score.experience],
    ['softSkills', score.softSkills],
    ['responsibilities', score.roleAndResponsibilities],
  ];
  const weak = parts.filter(([, value]) => value < WEAK_PART_BELOW).map(([reason]) => reason);
  if (weak.length > 0) return { accepted: false, reasons: weak };
  // Every part passable but the sum short: name the weakest.
  const weakest = parts.reduce((low, part) => (part[1] < low[1] ? part : low));
  return { accepted: false, reasons: [weakest[0]] };
}

/** A listed job the product can evaluate: not flagged bad, and with a description or skills. */
export function isEvaluableJob(job: {
  badJob: boolean;
  jobDescription: string;
  coreSkills: readonly string[];
  technicalSkills: readonly string[];
}): boolean {
  if (job.badJob) return false;
  const text = job.jobDescription.replace(/<[^>]*>/g, ' ').trim();
  return text.length > 0 || job.coreSkills.length + job.technicalSkills.length > 0;
}

/**
 * The domain a company's jobs live on, from its career site: `careers.acme.com` → `acme.com`
 * (a leading careers./jobs./www. label is the site, not the company). Null without a site.
 */
export function companyJobDomain(careerUrl: string | null | undefined): string | null {
  if (!careerUrl) return null;
  try {
    const host = new URL(careerUrl).hostname.toLowerCase();
    return host.replace(/^(careers|career|jobs|www)\./, '');
  } catch {
    return null;
  }
}

/** Whether a pasted link is on the company's domain (the domain itself or a subdomain). */
export function isCompanyJobUrl(jobUrl: string, careerUrl: string | null | undefined): boolean {
  const domain = companyJobDomain(careerUrl);
  if (!domain) return false;
  try {
    const url = new URL(jobUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    const host = url.hostname.toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  } catch {
    return false;
  }
}
