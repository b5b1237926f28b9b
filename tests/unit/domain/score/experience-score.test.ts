import { describe, expect, it } from 'vitest';
import { experienceScore, isValidExperienceRange } from '../../../../src/domain/score';

describe('experienceScore', () => {
  it('is 100 inside the range, bounds included', () => {
    expect(experienceScore(3, { min: 3, max: 5 })).toBe(100);
    expect(experienceScore(4, { min: 3, max: 5 })).toBe(100);
    expect(experienceScore(5, { min: 3, max: 5 })).toBe(100);
    expect(experienceScore(0, { min: 0, max: 0 })).toBe(100);
  });

  it('is proportional to the years held below the range', () => {
    expect(experienceScore(4, { min: 5, max: 10 })).toBe(80);
    expect(experienceScore(2.5, { min: 5, max: 10 })).toBe(50);
    expect(experienceScore(0, { min: 5, max: 10 })).toBe(0);
  });

  it('loses up to 50 % above the range, relative to the maximum (spec §9)', () => {
    // 2 years over a max of 5 is 40 % over: lose half of that, 20 points.
    expect(experienceScore(7, { min: 3, max: 5 })).toBe(80);
    expect(experienceScore(6, { min: 3, max: 5 })).toBe(90);
    // Twice the maximum or more: the full 50 % loss and no further.
    expect(experienceScore(10, { min: 3, max: 5 })).toBe(50);
    expect(experienceScore(40, { min: 3, max: 5 })).toBe(50);
    expect(experienceScore(3, { min: 0, max: 1 })).toBe(50);
    // A max of 0 counts as 1 year for the relative excess.
    expect(experienceScore(0.5, { min: 0, max: 0 })).toBe(75);
  });

  it('treats 9999 as an open-ended maximum (spec §5)', () => {
    expect(experienceScore(40, { min: 10, max: 9999 })).toBe(100);
    expect(experienceScore(5, { min: 10, max: 9999 })).toBe(50);
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', {}],
    ['min only', { min: 2 }],
    ['max only', { max: 5 }],
    ['null bounds', { min: null, max: null }],
    ['min above max', { min: 6, max: 5 }],
    ['negative min', { min: -1, max: 5 }],
    ['NaN', { min: Number.NaN, max: 5 }],
    ['infinite max', { min: 1, max: Infinity }],
  ])('is 0 for an invalid or missing range (%s, spec §5)', (_name, range) => {
    expect(isValidExperienceRange(range)).toBe(false);
    expect(experienceScore(4, range)).toBe(0);
  });

  it.each([[null], [undefined], [Number.NaN], [-1]])(
    'is 0 when the candidate experience is unknown (%j)',
    (years) => {
      expect(experienceScore(years, { min: 0, max: 5 })).toBe(0);
    },
  );
});
