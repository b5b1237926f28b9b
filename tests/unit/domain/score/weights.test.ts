import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORE_WEIGHTS, normaliseWeights } from '../../../../src/domain/score';

describe('normaliseWeights', () => {
  it('defaults to spec §9: 0.4 / 0.2 / 0.3 / 0.1', () => {
    expect(DEFAULT_SCORE_WEIGHTS).toEqual({
      coreSkills: 0.4,
      softSkills: 0.2,
      experience: 0.3,
      responsibilities: 0.1,
    });
    expect(normaliseWeights()).toEqual(DEFAULT_SCORE_WEIGHTS);
  });

  it('normalises weights that do not sum to 1', () => {
    expect(
      normaliseWeights({ coreSkills: 2, softSkills: 1, experience: 1.5, responsibilities: 0.5 }),
    ).toEqual(DEFAULT_SCORE_WEIGHTS);
    expect(
      normaliseWeights({ coreSkills: 1, softSkills: 1, experience: 1, responsibilities: 1 }),
    ).toEqual({ coreSkills: 0.25, softSkills: 0.25, experience: 0.25, responsibilities: 0.25 });
  });

  it('fills missing parts from the defaults before normalising', () => {
    // 0.4 + 0.2 + 0.6 + 0.1 = 1.3
    const weights = normaliseWeights({ experience: 0.6 });
    expect(weights.coreSkills).toBeCloseTo(0.4 / 1.3, 9);
    expect(weights.softSkills).toBeCloseTo(0.2 / 1.3, 9);
    expect(weights.experience).toBeCloseTo(0.6 / 1.3, 9);
    expect(weights.responsibilities).toBeCloseTo(0.1 / 1.3, 9);
  });

  it('keeps an explicit zero, so a part can be switched off', () => {
    expect(
      normaliseWeights({ coreSkills: 3, softSkills: 0, experience: 0, responsibilities: 0 }),
    ).toEqual({ coreSkills: 1, softSkills: 0, experience: 0, responsibilities: 0 });
  });

  it('replaces negative and non-finite weights with the default for that part', () => {
    expect(normaliseWeights({ coreSkills: -1 })).toEqual(DEFAULT_SCORE_WEIGHTS);
    expect(normaliseWeights({ coreSkills: Number.NaN, softSkills: Infinity })).toEqual(
      DEFAULT_SCORE_WEIGHTS,
    );
  });

  it('falls back to the defaults when everything is zero', () => {
    expect(
      normaliseWeights({ coreSkills: 0, softSkills: 0, experience: 0, responsibilities: 0 }),
    ).toEqual(DEFAULT_SCORE_WEIGHTS);
  });

  it('does not overflow for huge weights', () => {
    const huge = 1e308;
    expect(
      normaliseWeights({
        coreSkills: huge,
        softSkills: huge,
        experience: huge,
        responsibilities: huge,
      }),
    ).toEqual({ coreSkills: 0.25, softSkills: 0.25, experience: 0.25, responsibilities: 0.25 });
  });
});
