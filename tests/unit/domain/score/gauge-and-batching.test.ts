import { describe, expect, it } from 'vitest';
import {
  SCORE_BATCH_PAUSE_MS,
  SCORE_BATCH_SIZE,
  gaugeColour,
  toBatches,
} from '../../../../src/domain/score';

describe('gaugeColour (spec §4)', () => {
  it.each([
    [0, 'red'],
    [25, 'red'],
    [25.1, 'orange'],
    [50, 'orange'],
    [50.1, 'sky-blue'],
    [75, 'sky-blue'],
    [75.1, 'green'],
    [90, 'green'],
    [100, 'green'],
    [-5, 'red'],
    [Number.NaN, 'red'],
    [null, 'red'],
  ] as const)('%s → %s', (score, colour) => {
    expect(gaugeColour(score)).toBe(colour);
  });
});

describe('score batching (spec §9)', () => {
  it('uses batches of 25 with a 50 ms pause', () => {
    expect(SCORE_BATCH_SIZE).toBe(25);
    expect(SCORE_BATCH_PAUSE_MS).toBe(50);
  });

  it('splits items into consecutive batches', () => {
    const items = Array.from({ length: 60 }, (_, i) => i);
    const batches = toBatches(items);
    expect(batches.map((b) => b.length)).toEqual([25, 25, 10]);
    expect(batches.flat()).toEqual(items);
    expect(toBatches([])).toEqual([]);
    expect(toBatches([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(toBatches([1, 2], 0)).toEqual([[1], [2]]);
  });
});
