import { describe, expect, it } from 'vitest';
import { formatExperienceRange, formatSalaryRange } from '../../../../src/domain/bands';

describe('formatSalaryRange (spec §5 Display)', () => {
  it.each([
    [{ min: 5, max: 10 }, '5-10 LPA'],
    [{ min: 0, max: 5 }, '0-5 LPA'],
    [{ min: 12, max: 12 }, '12 LPA'],
    [{ min: 4.5, max: 6 }, '4.5-6 LPA'],
    [{ min: 3.333333, max: 5 }, '3.33-5 LPA'],
    [{ min: 50, max: 9999 }, '50+ LPA'],
  ])('%j → %s', (range, text) => {
    expect(formatSalaryRange(range)).toBe(text);
  });

  it.each([
    ['no range', null],
    ['undefined', undefined],
    ['missing min', { max: 10 }],
    ['missing max', { min: 5 }],
    ['null min', { min: null, max: 10 }],
    ['zero and zero', { min: 0, max: 0 }],
    ['min above max', { min: 10, max: 5 }],
    ['negative', { min: -1, max: 5 }],
    ['NaN', { min: Number.NaN, max: 5 }],
  ])('shows Not Disclosed for %s', (_name, range) => {
    expect(formatSalaryRange(range)).toBe('Not Disclosed');
  });

  it('shows Not Disclosed when the job hides its salary', () => {
    expect(formatSalaryRange({ min: 5, max: 10 }, false)).toBe('Not Disclosed');
  });
});

describe('formatExperienceRange', () => {
  it.each([
    [{ min: 3, max: 5 }, '3-5 yrs'],
    [{ min: 0, max: 1 }, '0-1 yrs'],
    [{ min: 1, max: 1 }, '1 yr'],
    [{ min: 2, max: 2 }, '2 yrs'],
    [{ min: 10, max: 9999 }, '10+ yrs'],
    [{ min: 0, max: 9999 }, '0+ yrs'],
    [{ min: 1.5, max: 3 }, '1.5-3 yrs'],
  ])('%j → %s', (range, text) => {
    expect(formatExperienceRange(range)).toBe(text);
  });

  it('shows Not specified for a missing or invalid range', () => {
    expect(formatExperienceRange(null)).toBe('Not specified');
    expect(formatExperienceRange({ min: 3 })).toBe('Not specified');
    expect(formatExperienceRange({ min: 5, max: 3 })).toBe('Not specified');
  });
});
