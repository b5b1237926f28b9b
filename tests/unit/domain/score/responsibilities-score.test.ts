import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { responsibilitiesScore } from '../../../../src/domain/score';

describe('responsibilitiesScore', () => {
  it('is 35 % of experience plus soft when the core score is 50 or more (spec §9)', () => {
    expect(responsibilitiesScore(100, 100, 80)).toBe(70);
    expect(responsibilitiesScore(100, 40, 50)).toBeCloseTo(49, 10);
    expect(responsibilitiesScore(60, 0, 100)).toBeCloseTo(21, 10);
  });

  it('is capped at 10 when the core score is under 20 (spec §9)', () => {
    expect(responsibilitiesScore(100, 40, 19.9)).toBe(10);
    expect(responsibilitiesScore(100, 40, 0)).toBe(10);
    // Under the cap it stays as it is.
    expect(responsibilitiesScore(10, 10, 0)).toBeCloseTo(7, 10);
  });

  it('is scaled linearly from the cap at 20 to the full value at 50', () => {
    // full 49, capped 10: halfway (core 35) gives 10 + 39 / 2.
    expect(responsibilitiesScore(100, 40, 20)).toBe(10);
    expect(responsibilitiesScore(100, 40, 35)).toBeCloseTo(29.5, 10);
    expect(responsibilitiesScore(100, 40, 49.999)).toBeCloseTo(49, 2);
  });

  it('never drops when the core score rises', () => {
    const percent = fc.double({ min: 0, max: 100, noNaN: true });
    fc.assert(
      fc.property(percent, percent, percent, percent, (experience, soft, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(responsibilitiesScore(experience, soft, high)).toBeGreaterThanOrEqual(
          responsibilitiesScore(experience, soft, low),
        );
      }),
    );
  });
});
