/**
 * The pure rules behind referrals (issue 16), with fixed data: the transition table (who may do
 * what from which state), the order of the spec §4 eligibility results and the rejection
 * feedback, pasted-link domains, and the referee ranking with its fairness term.
 */
import { describe, expect, it } from 'vitest';
import {
  REFERRAL_ACTIONS,
  REFERRAL_RESULT_TYPES,
  REFERRAL_RESULTS,
  ReferralLimits,
  referralResultDialog,
} from '../../src/domain/contract/referrals';
import {
  eligibilityResult,
  isCompanyJobUrl,
  isEvaluableJob,
  matchVerdict,
} from '../../server/referrals/evaluation';
import {
  designationCloseness,
  designationLevel,
  jobLevel,
  rankReferees,
  type RefereeCandidate,
} from '../../server/referrals/matching';
import { TRANSITIONS, decide, type RequestRole } from '../../server/referrals/state-machine';

describe('transition table', () => {
  const roles = ['owner', 'offeredReferee', 'admin', 'system'] as const;

  it('each action is open to its actors only, whatever the state', () => {
    for (const action of REFERRAL_ACTIONS) {
      const { from, roles: allowed } = TRANSITIONS[action];
      for (const role of roles) {
        const state = from[0] ?? null;
        const decision = decide(action, state, new Set<RequestRole>([role]));
        expect(decision.ok, `${role} ${action}`).toBe(allowed.includes(role));
        if (!decision.ok) expect(decision.why).toBe('forbidden');
      }
    }
  });

  it('the rightful actor in the wrong state is told it is the wrong state', () => {
    expect(decide('accept', 'accepted', new Set(['offeredReferee']))).toEqual({
      ok: false,
      why: 'wrongState',
    });
    expect(decide('acknowledge', 'offered', new Set(['owner']))).toEqual({
      ok: false,
      why: 'wrongState',
    });
    expect(decide('cancel', 'referred', new Set(['owner']))).toEqual({
      ok: false,
      why: 'wrongState',
    });
  });

  it('the lifecycle of issue 16', () => {
    const referee = new Set<RequestRole>(['offeredReferee']);
    expect(decide('accept', 'offered', referee)).toEqual({ ok: true, to: 'accepted' });
    expect(decide('decline', 'offered', referee)).toEqual({ ok: true, to: 'approved' });
    expect(decide('refer', 'accepted', referee)).toEqual({ ok: true, to: 'referred' });
    expect(decide('acknowledge', 'referred', new Set(['owner']))).toEqual({
      ok: true,
      to: 'acknowledged',
    });
    expect(decide('timeOut', 'offered', new Set(['system']))).toEqual({ ok: true, to: 'approved' });
    expect(decide('expire', 'approved', new Set(['admin']))).toEqual({ ok: true, to: 'expired' });
    // A referee can never expire or cancel, a candidate never accept.
    expect(decide('expire', 'offered', referee).ok).toBe(false);
    expect(decide('accept', 'offered', new Set(['owner'])).ok).toBe(false);
  });
});

describe('spec §4 result types', () => {
  const eligible = {
    profileComplete: true,
    cvFound: true,
    alreadyRequested: false,
    previousTries: 0,
    jobValid: true,
    balance: 1,
  };

  it('the first failing check wins, in the documented order', () => {
    expect(eligibilityResult(eligible)).toBeNull();
    expect(eligibilityResult({ ...eligible, balance: 0 })).toBe('zeroReferral');
    expect(eligibilityResult({ ...eligible, balance: 0, jobValid: false })).toBe('Error_251');
    expect(
      eligibilityResult({
        ...eligible,
        jobValid: false,
        previousTries: ReferralLimits.maxTriesPerJob,
      }),
    ).toBe('Max_tries');
    expect(eligibilityResult({ ...eligible, previousTries: 5, alreadyRequested: true })).toBe(
      'AlreadyRequested',
    );
    expect(eligibilityResult({ ...eligible, alreadyRequested: true, cvFound: false })).toBe(
      'Error_250',
    );
    expect(eligibilityResult({ ...eligible, cvFound: false, profileComplete: false })).toBe(
      'profileCompletion',
    );
  });

  it('every type has the spec button, an unknown type says Something went wrong', () => {
    expect(Object.keys(REFERRAL_RESULTS).sort()).toEqual([...REFERRAL_RESULT_TYPES].sort());
    expect(REFERRAL_RESULTS.zeroReferral).toMatchObject({
      button: 'Subscribe Now',
      target: '/v1/candidate/subscription',
    });
    expect(REFERRAL_RESULTS.RequestAccepted.message).toBe(
      'The CV will be sent to the best referee.',
    );
    expect(REFERRAL_RESULTS.Max_tries.button).toBe('Back to Home');
    expect(referralResultDialog('Error_999').message).toBe('Something went wrong');
  });

  it('a score under the threshold is rejected with the parts that fell short', () => {
    const parts = { coreSkills: 20, experience: 80, roleAndResponsibilities: 40, softSkills: 70 };
    expect(matchVerdict({ finalScore: 45, ...parts })).toEqual({
      accepted: false,
      reasons: ['coreSkills', 'responsibilities'],
    });
    expect(matchVerdict({ finalScore: ReferralLimits.matchThreshold, ...parts }).accepted).toBe(
      true,
    );
    expect(matchVerdict(null).accepted).toBe(true);
  });

  it('a job is evaluable with a description or skills, never when flagged bad', () => {
    const job = { badJob: false, jobDescription: '<p> </p>', coreSkills: [], technicalSkills: [] };
    expect(isEvaluableJob(job)).toBe(false);
    expect(isEvaluableJob({ ...job, coreSkills: ['React'] })).toBe(true);
    expect(isEvaluableJob({ ...job, jobDescription: '<p>Build things</p>' })).toBe(true);
    expect(isEvaluableJob({ ...job, coreSkills: ['React'], badJob: true })).toBe(false);
  });

  it('a pasted link must be on the company domain', () => {
    const career = 'https://careers.acme.example.com';
    expect(isCompanyJobUrl('https://careers.acme.example.com/jobs/1', career)).toBe(true);
    expect(isCompanyJobUrl('https://jobs.acme.example.com/1', career)).toBe(true);
    expect(isCompanyJobUrl('https://acme.example.com/careers/1', career)).toBe(true);
    expect(isCompanyJobUrl('https://notacme.example.com/1', career)).toBe(false);
    expect(isCompanyJobUrl('https://acme.example.com.evil.test/1', career)).toBe(false);
    expect(isCompanyJobUrl('https://acme.example.com/1', null)).toBe(false);
  });
});

describe('referee ranking', () => {
  const target = { experienceMin: 3, city: 'Hyderabad', department: 'Engineering', remote: false };
  const base: RefereeCandidate = {
    userId: 'a',
    assessmentScore: 70,
    designation: 'Senior Software Engineer',
    location: 'Hyderabad',
    department: 'Engineering',
    recentOffers: 0,
  };

  it('seniority bands: designation words and job experience', () => {
    expect(designationLevel('Software Engineer')).toBe(2);
    expect(designationLevel('Senior Software Engineer')).toBe(3);
    expect(designationLevel('Engineering Manager')).toBe(4);
    expect(designationLevel('VP Engineering')).toBe(5);
    expect(designationLevel('Intern')).toBe(0);
    expect(designationLevel(null)).toBeNull();
    expect(jobLevel(0)).toBe(0);
    expect(jobLevel(3)).toBe(2);
    expect(jobLevel(15)).toBe(5);
    expect(designationCloseness(3, 2)).toBe(1);
    expect(designationCloseness(5, 2)).toBe(0.5);
    expect(designationCloseness(1, 2)).toBe(0.4);
    expect(designationCloseness(0, 3)).toBe(0);
  });

  it('ranks by assessment, designation, department and location', () => {
    const ranked = rankReferees(
      [
        { ...base, userId: 'elsewhere', location: 'Pune' },
        { ...base, userId: 'best' },
        { ...base, userId: 'otherDept', department: 'Sales' },
        { ...base, userId: 'junior', designation: 'Intern' },
        { ...base, userId: 'weaker', assessmentScore: 40 },
      ],
      target,
    );
    // 100 × (0.4 assessment + 0.25 designation + 0.2 department + 0.15 location)
    expect(ranked.map((r) => [r.userId, r.score])).toEqual([
      ['best', 88],
      ['weaker', 76],
      ['elsewhere', 73],
      ['otherDept', 68],
      ['junior', 63],
    ]);
  });

  it('fairness: recent offers lower the rank, so one referee is not flooded', () => {
    const busy = { ...base, userId: 'busy', assessmentScore: 90, recentOffers: 3 };
    const idle = { ...base, userId: 'idle', assessmentScore: 70 };
    expect(rankReferees([busy, idle], target).map((r) => r.userId)).toEqual(['idle', 'busy']);
    // One offer is not enough to hide a much better referee.
    expect(rankReferees([{ ...busy, recentOffers: 0 }, idle], target).map((r) => r.userId)).toEqual(
      ['busy', 'idle'],
    );
    // The penalty is capped.
    const [flooded] = rankReferees([{ ...base, recentOffers: 50 }], target);
    expect(flooded!.parts.fairnessPenalty).toBe(40);
  });

  it('ties go to the less busy, then the better assessed, then a stable order', () => {
    const ranked = rankReferees(
      [
        { ...base, userId: 'b' },
        { ...base, userId: 'a' },
      ],
      target,
    );
    expect(ranked.map((r) => r.userId)).toEqual(['a', 'b']);
  });
});
