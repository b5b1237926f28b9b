/**
 * Issue 21 item 4: the candidate's latest assessment feeds referral matching. Pure ranking on
 * fixed numbers (server/referrals/matching.ts): without a candidate score the referee's score
 * alone counts (today's ranking); with one, the assessment term is the fit of the two scores, so
 * a strong candidate is offered first to the strongest referee and others to referees near them.
 */
import { describe, expect, it } from 'vitest';
import {
  assessmentFit,
  rankReferees,
  type MatchTarget,
  type RefereeCandidate,
} from '../../../server/referrals/matching';

// Alike in designation, department and city (60 of the 100 points), so the assessment decides.
const job: MatchTarget = {
  experienceMin: 3,
  city: 'Hyderabad',
  department: 'Engineering',
  remote: false,
};
const referee = (userId: string, assessmentScore: number): RefereeCandidate => ({
  userId,
  assessmentScore,
  designation: 'Senior Software Engineer',
  location: 'Hyderabad',
  department: 'Engineering',
  recentOffers: 0,
});
const strong = referee('strong', 90);
const mid = referee('mid', 60);
const weak = referee('weak', 35);

const ranking = (candidateScore: number | null | undefined, referees = [weak, mid, strong]) =>
  rankReferees(referees, { ...job, candidateScore }).map((r) => [r.userId, r.score]);

describe('assessmentFit', () => {
  it("is the referee's score when the candidate was never assessed", () => {
    expect(assessmentFit(70, null)).toBe(0.7);
    expect(assessmentFit(70, undefined)).toBe(0.7);
    expect(assessmentFit(70, Number.NaN)).toBe(0.7);
  });

  it('is 1 minus the gap; a referee above the candidate counts half of it', () => {
    expect(assessmentFit(74, 74)).toBe(1);
    expect(assessmentFit(70, 74)).toBe(0.96);
    expect(assessmentFit(30, 90)).toBe(0.4);
    expect(assessmentFit(95, 74)).toBe(0.895);
    expect(assessmentFit(60, 55)).toBe(0.975);
    // A candidate at 100 sees every referee at their own score, as without an assessment.
    expect(assessmentFit(70, 100)).toBe(0.7);
    // Out-of-range input is clamped, never above 1.
    expect(assessmentFit(120, 150)).toBe(1);
    expect(assessmentFit(-5, 0)).toBe(1);
  });
});

describe('the candidate score in the ranking', () => {
  it('a candidate never assessed keeps the ranking on the referee score alone', () => {
    // 60 + 40 × referee score
    expect(ranking(null)).toEqual([
      ['strong', 96],
      ['mid', 84],
      ['weak', 74],
    ]);
    expect(ranking(undefined)).toEqual(ranking(null));
  });

  it('a top candidate is offered to the strongest referee first, exactly as before', () => {
    expect(ranking(100)).toEqual(ranking(null));
    expect(ranking(95)).toEqual([
      ['strong', 98],
      ['mid', 86],
      ['weak', 76],
    ]);
  });

  it('a middling candidate goes first to the referee nearest them, the strongest next', () => {
    expect(ranking(55)).toEqual([
      ['mid', 99],
      ['strong', 93],
      ['weak', 92],
    ]);
  });

  it('a weakly assessed candidate goes first to the referee at their level', () => {
    expect(ranking(30)).toEqual([
      ['weak', 99],
      ['mid', 94],
      ['strong', 88],
    ]);
  });

  it('the fairness penalty still spreads the load', () => {
    expect(ranking(30, [{ ...weak, recentOffers: 3 }, mid, strong])).toEqual([
      ['mid', 94],
      ['strong', 88],
      ['weak', 69],
    ]);
  });

  it('an equal fit goes to the higher referee score', () => {
    // Candidate 50: 60 above by 10 and 45 below by 5 both fit 0.95.
    const above = referee('above', 60);
    const below = referee('below', 45);
    expect(ranking(50, [below, above]).map(([id]) => id)).toEqual(['above', 'below']);
  });
});
