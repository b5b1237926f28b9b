/**
 * Which referee gets a request next (issue 16 part 3, spec §1: "referral matching uses an
 * assessment score, designation, location and role"). Pure: the service loads the candidates
 * (active, work email verified, of the job's company, not the candidate, never offered this
 * request) and their recent offer counts; this ranks them.
 *
 * score = 100 × (0.40 assessment + 0.25 designation closeness + 0.20 department + 0.15 location)
 *         − fairness (10 points per offer in the last 14 days, at most 40)
 *         − reliability (issue 17: up to 20 points, the share of the referee's closed offers
 *           they let expire instead of answering)
 *
 * - assessment: the referee's assessment score, 0..100 → 0..1: the overall of their newest
 *   evaluator assessment (issue 21 item 4), else the profile's starting value (service.ts).
 *   When the candidate has an assessment too, the term is the fit of the two scores instead
 *   (assessmentFit below): a strongly assessed candidate goes first to the strongest referees,
 *   others to referees near their level. No candidate assessment: the referee's score alone.
 * - designation closeness: the referee's seniority band (from the designation's words) against
 *   the job's (from its minimum experience): the same band or one above knows the hiring bar
 *   best (1), two above 0.8, further above 0.5, one below 0.4, further below 0; unknown 0.5.
 * - department: the referee works in the job's department (1), else 0; unknown job 0.5.
 * - location: the referee is in the job's city (1); a remote job 0.5; else 0.
 * - fairness: recent offers lower the rank, so one referee is not flooded while others idle.
 * - reliability: a referee who lets requests expire is offered fewer (issue 17 part 4): the
 *   penalty is 20 × expired / (answered + expired); no record yet, no penalty.
 * Ties: fewer recent offers, then the better assessment term, then the higher referee score, then
 * user id (stable).
 */

export interface RefereeCandidate {
  readonly userId: string;
  readonly assessmentScore: number;
  readonly designation: string | null;
  readonly location: string | null;
  readonly department: string | null;
  /** Offers made to this referee in the fairness window (any request, answered or not). */
  readonly recentOffers: number;
  /** The referee's record (issue 17): offers answered (accepted/declined/referred) and let expire. */
  readonly answeredOffers?: number;
  readonly expiredOffers?: number;
}

export interface MatchTarget {
  /** The job's minimum years of experience; null when unknown (a pasted link). */
  readonly experienceMin: number | null;
  readonly city: string | null;
  readonly department: string | null;
  readonly remote: boolean;
  /**
   * The candidate's latest assessment overall, 0..100 (issue 21 item 4); null or absent when the
   * candidate was never assessed, which keeps the ranking on the referee's score alone.
   */
  readonly candidateScore?: number | null;
}

export const MATCH_WEIGHTS = {
  assessment: 0.4,
  designation: 0.25,
  department: 0.2,
  location: 0.15,
} as const;
export const FAIRNESS_WINDOW_DAYS = 14;
export const FAIRNESS_PENALTY_PER_OFFER = 10;
export const FAIRNESS_MAX_PENALTY = 40;
export const RELIABILITY_MAX_PENALTY = 20;
/**
 * A referee above the candidate loses this share of the gap, one below loses all of it: a
 * stronger referee still knows the bar the candidate must clear, a weaker one is a poorer match
 * for a strong candidate (docs/decisions.md, "Assessments (issue 21 item 4)").
 */
export const FIT_ABOVE_SHARE = 0.5;

const unit = (score: number) => Math.min(1, Math.max(0, score / 100));

/**
 * The assessment term, 0..1. Without a candidate score: the referee's score. With one: 1 minus
 * the gap between the two (a referee above the candidate counts half of it). A candidate at 100
 * ranks exactly like today (the strongest referee first); a candidate at 50 is offered first to
 * referees near 50, keeping the strongest referees for the strongest candidates.
 */
export function assessmentFit(refereeScore: number, candidateScore?: number | null): number {
  const referee = unit(refereeScore);
  if (candidateScore == null || !Number.isFinite(candidateScore)) return referee;
  const candidate = unit(candidateScore);
  const gap = referee >= candidate ? FIT_ABOVE_SHARE * (referee - candidate) : candidate - referee;
  return Math.round((1 - gap) * 10_000) / 10_000;
}

/** 0..RELIABILITY_MAX_PENALTY: the share of closed offers the referee let expire. */
export function reliabilityPenalty(answered = 0, expired = 0): number {
  const closed = Math.max(0, answered) + Math.max(0, expired);
  if (closed === 0) return 0;
  return RELIABILITY_MAX_PENALTY * (Math.max(0, expired) / closed);
}

/** 0 intern … 5 director and above; null when there is no designation. */
export function designationLevel(designation: string | null | undefined): number | null {
  const words = designation?.trim().toLowerCase();
  if (!words) return null;
  if (/\b(director|vp|vice president|head|chief|cto|ceo|cfo)\b/.test(words)) return 5;
  if (/\b(principal|staff|architect|lead|manager)\b/.test(words)) return 4;
  if (/\b(senior|sr)\b/.test(words)) return 3;
  if (/\b(intern|trainee|apprentice)\b/.test(words)) return 0;
  if (/\b(junior|jr|associate|graduate|entry)\b/.test(words)) return 1;
  return 2;
}

/** The band a job's minimum experience asks for, on the same 0..5 scale. */
export function jobLevel(experienceMin: number | null | undefined): number | null {
  if (experienceMin == null || !Number.isFinite(experienceMin) || experienceMin < 0) return null;
  if (experienceMin < 1) return 0;
  if (experienceMin < 2) return 1;
  if (experienceMin < 5) return 2;
  if (experienceMin < 8) return 3;
  if (experienceMin < 12) return 4;
  return 5;
}

export function designationCloseness(refereeLevel: number | null, level: number | null): number {
  if (refereeLevel === null || level === null) return 0.5;
  const gap = refereeLevel - level;
  if (gap === 0 || gap === 1) return 1;
  if (gap === 2) return 0.8;
  if (gap > 2) return 0.5;
  if (gap === -1) return 0.4;
  return 0;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a?.trim()) && a!.trim().toLowerCase() === b?.trim().toLowerCase();

export interface RankedReferee {
  readonly userId: string;
  readonly score: number;
  readonly parts: {
    readonly assessment: number;
    readonly designation: number;
    readonly department: number;
    readonly location: number;
    readonly fairnessPenalty: number;
    readonly reliabilityPenalty: number;
  };
}

export function scoreReferee(referee: RefereeCandidate, target: MatchTarget): RankedReferee {
  const assessment = assessmentFit(referee.assessmentScore, target.candidateScore);
  const designation = designationCloseness(
    designationLevel(referee.designation),
    jobLevel(target.experienceMin),
  );
  const department = target.department
    ? same(referee.department, target.department)
      ? 1
      : 0
    : 0.5;
  const location = same(referee.location, target.city) ? 1 : target.remote ? 0.5 : 0;
  const fairnessPenalty = Math.min(
    FAIRNESS_MAX_PENALTY,
    FAIRNESS_PENALTY_PER_OFFER * Math.max(0, referee.recentOffers),
  );
  const reliability = reliabilityPenalty(referee.answeredOffers, referee.expiredOffers);
  const weighted =
    MATCH_WEIGHTS.assessment * assessment +
    MATCH_WEIGHTS.designation * designation +
    MATCH_WEIGHTS.department * department +
    MATCH_WEIGHTS.location * location;
  return {
    userId: referee.userId,
    score: Math.round((100 * weighted - fairnessPenalty - reliability) * 10) / 10,
    parts: {
      assessment,
      designation,
      department,
      location,
      fairnessPenalty,
      reliabilityPenalty: reliability,
    },
  };
}

/** Best first. */
export function rankReferees(
  referees: readonly RefereeCandidate[],
  target: MatchTarget,
): RankedReferee[] {
  const byId = new Map(referees.map((referee) => [referee.userId, referee]));
  return referees
    .map((referee) => scoreReferee(referee, target))
    .sort((a, b) => {
      if (b.score !== a.score) return b.score - a.score;
      const ra = byId.get(a.userId)!;
      const rb = byId.get(b.userId)!;
      if (ra.recentOffers !== rb.recentOffers) return ra.recentOffers - rb.recentOffers;
      if (b.parts.assessment !== a.parts.assessment) return b.parts.assessment - a.parts.assessment;
      if (rb.assessmentScore !== ra.assessmentScore) return rb.assessmentScore - ra.assessmentScore;
      return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
    });
}
