import { describe, expect, it } from 'vitest';
import { groupDigits } from '@/domain/digits';

describe('groupDigits', () => {
  it('writes whole numbers as en-IN does', () => {
    for (const n of [
      0, 7, 999, 1000, 12_345, 50_000, 123_456, 1_234_567, 12_345_678, 100_000_000, -45_678,
    ])
      expect(groupDigits(n), String(n)).toBe(n.toLocaleString('en-IN'));
  });

  it('keeps a fraction after the grouped part', () => {
    expect(groupDigits(1049.5)).toBe('1,049.5');
    expect(groupDigits(123456.25)).toBe('1,23,456.25');
  });

  it('leaves numbers it cannot group as they are', () => {
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(groupDigits(1e21)).toBe('1e+21');
  });
});
