/**
 * The assessment form's rules and words (issue 21 item 4): what the evaluator must fill in, the
 * contract's limits, the queue's reasons and the "Assessed 82/100 on 12 Nov" line referees read.
 */
import { describe, expect, it } from 'vitest';
import { assessedLabel, type QueueItem } from '@/domain/contract/assessments';
import { checkAssessment, EMPTY_ASSESSMENT, queueReasonText } from '@/features/evaluator';

const filled = {
  skillsVerified: ['React', 'TypeScript'],
  communication: 4,
  experienceFit: 3,
  overall: '82',
  notes: '  Strong on hooks.  ',
};

describe('checkAssessment', () => {
  it('asks for both ratings and an overall score', () => {
    const result = checkAssessment(EMPTY_ASSESSMENT);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual([
      'communication',
      'experienceFit',
      'overall',
    ]);
  });

  it.each(['101', '-1', '80.5', 'abc', ' '])('refuses the overall score %j', (overall) => {
    const result = checkAssessment({ ...filled, overall });
    expect(result).toEqual({
      ok: false,
      errors: { overall: 'Give an overall score from 0 to 100' },
    });
  });

  it('refuses notes over 2000 characters', () => {
    const result = checkAssessment({ ...filled, notes: 'x'.repeat(2001) });
    expect(result).toEqual({ ok: false, errors: { notes: 'Notes have at most 2000 characters' } });
  });

  it('gives the contract input: numbers, trimmed notes, none when empty', () => {
    expect(checkAssessment(filled)).toEqual({
      ok: true,
      input: {
        skillsVerified: ['React', 'TypeScript'],
        communication: 4,
        experienceFit: 3,
        overall: 82,
        notes: 'Strong on hooks.',
      },
    });
    const bare = checkAssessment({ ...filled, overall: '0', notes: '   ' });
    expect(bare.ok && bare.input).toEqual({
      skillsVerified: ['React', 'TypeScript'],
      communication: 4,
      experienceFit: 3,
      overall: 0,
    });
  });
});

describe('the words', () => {
  const now = new Date('2026-11-24T06:00:00Z');
  const item: QueueItem = {
    userId: 'u',
    name: 'Priya',
    designation: null,
    yearsOfExperience: null,
    location: null,
    reason: 'newRequester',
    since: '2026-11-22T05:00:00Z',
    companyName: null,
    latest: null,
  };

  it('says why someone is in the queue', () => {
    expect(queueReasonText(item, now)).toBe('Asked for a referral 2 days ago');
    expect(queueReasonText({ ...item, since: '2026-11-24T01:00:00Z' }, now)).toBe(
      'Asked for a referral today',
    );
    expect(
      queueReasonText({ ...item, reason: 'refereeNeverAssessed', companyName: 'Zenith' }, now),
    ).toBe('Refers at Zenith, never assessed');
  });

  it('dates an assessment in Indian time, with the year only when it is not this one', () => {
    // 20:00 UTC on 11 Nov is already 12 Nov in India.
    expect(assessedLabel({ overall: 82, assessedAt: '2026-11-11T20:00:00Z' }, now)).toBe(
      'Assessed 82/100 on 12 Nov',
    );
    expect(assessedLabel({ overall: 64, assessedAt: '2025-03-02T08:00:00Z' }, now)).toBe(
      'Assessed 64/100 on 2 Mar 2025',
    );
  });
});
