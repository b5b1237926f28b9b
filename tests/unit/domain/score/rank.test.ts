import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareByMatch,
  isPriorityMatch,
  sortByMatch,
  type MatchRank,
} from '../../../../src/domain/score';

interface Row extends MatchRank {
  readonly id: string;
}
const row = (id: string, score: number | null, isExternal = false): Row => ({
  id,
  score,
  isExternal,
});
const ids = (rows: readonly Row[]) => rows.map((r) => r.id);

describe('compareByMatch', () => {
  it('puts own jobs scoring 50 or more first, then everything by score (spec §9)', () => {
    const rows = [
      row('ext-80', 80, true),
      row('own-49', 49),
      row('own-50', 50),
      row('own-70', 70),
      row('ext-40', 40, true),
      row('own-90', 90),
    ];
    expect(ids([...rows].sort(compareByMatch))).toEqual([
      'own-90',
      'own-70',
      'own-50',
      'ext-80',
      'own-49',
      'ext-40',
    ]);
  });

  it('puts unscored jobs last in their group and keeps ties in their incoming order', () => {
    const rows = [
      row('a-none', null),
      row('b-60', 60),
      row('c-30', 30),
      row('d-60', 60),
      row('e-nan', Number.NaN),
      row('f-30', 30, true),
    ];
    expect(ids(sortByMatch(rows, (r) => r))).toEqual([
      'b-60',
      'd-60',
      'c-30',
      'f-30',
      'a-none',
      'e-nan',
    ]);
  });

  it('marks priority matches', () => {
    expect(isPriorityMatch(row('x', 50))).toBe(true);
    expect(isPriorityMatch(row('x', 49.9))).toBe(false);
    expect(isPriorityMatch(row('x', 90, true))).toBe(false);
    expect(isPriorityMatch(row('x', null))).toBe(false);
  });

  it('sorts any list into the two groups, scores descending, stably', () => {
    const rowArb = fc.record({
      score: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
      isExternal: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(rowArb, { maxLength: 40 }), (list) => {
        const indexed = list.map((r, i) => ({ ...r, i }));
        const sorted = sortByMatch(indexed, (r) => r);
        const firstOther = sorted.findIndex((r) => !isPriorityMatch(r));
        if (firstOther >= 0) expect(sorted.slice(firstOther).some(isPriorityMatch)).toBe(false);
        for (let k = 1; k < sorted.length; k++) {
          const prev = sorted[k - 1]!;
          const next = sorted[k]!;
          if (isPriorityMatch(prev) !== isPriorityMatch(next)) continue;
          const a = prev.score ?? -1;
          const b = next.score ?? -1;
          expect(a).toBeGreaterThanOrEqual(b);
          if (a === b) expect(prev.i).toBeLessThan(next.i);
        }
        expect(sorted).toHaveLength(list.length);
      }),
    );
  });
});
