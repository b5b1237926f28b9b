import { describe, expect, it } from 'vitest';
import {
  EXPERIENCE_BANDS,
  SALARY_BANDS,
  TEAM_SIZE_BANDS,
  bandForValue,
  findBand,
  type Band,
} from '../../../../src/domain/bands';

const span = (bands: readonly Band[]) => bands.map((b) => [b.min, b.max]);

function expectContiguous(bands: readonly Band[]) {
  for (let i = 1; i < bands.length; i++) expect(bands[i]!.min).toBe(bands[i - 1]!.max);
}

describe('bands (spec §9)', () => {
  it('has the 14 salary bands in lakhs from 0-5 to 500-1000', () => {
    expect(span(SALARY_BANDS)).toEqual([
      [0, 5],
      [5, 10],
      [10, 15],
      [15, 20],
      [20, 25],
      [25, 30],
      [30, 40],
      [40, 50],
      [50, 75],
      [75, 100],
      [100, 200],
      [200, 300],
      [300, 500],
      [500, 1000],
    ]);
    expect(SALARY_BANDS.map((b) => b.id)).toContain('500-1000');
    expectContiguous(SALARY_BANDS);
  });

  it('has the experience bands 0-1 up to 25-100, labelled 25+', () => {
    expect(span(EXPERIENCE_BANDS)).toEqual([
      [0, 1],
      [1, 3],
      [3, 5],
      [5, 7],
      [7, 10],
      [10, 15],
      [15, 20],
      [20, 25],
      [25, 100],
    ]);
    expect(EXPERIENCE_BANDS.map((b) => b.label)).toEqual([
      '0-1',
      '1-3',
      '3-5',
      '5-7',
      '7-10',
      '10-15',
      '15-20',
      '20-25',
      '25+',
    ]);
    expect(EXPERIENCE_BANDS.at(-1)?.id).toBe('25-100');
    expectContiguous(EXPERIENCE_BANDS);
  });

  it('has the team size bands, the last one open-ended', () => {
    expect(TEAM_SIZE_BANDS.map((b) => b.id)).toEqual([
      '1-10',
      '10-50',
      '50-100',
      '100-500',
      '500-1000',
      '1000-5000',
      '5000+',
    ]);
    expect(TEAM_SIZE_BANDS.at(-1)).toEqual({ id: '5000+', label: '5000+', min: 5000, max: null });
    expectContiguous(TEAM_SIZE_BANDS);
  });
});

describe('findBand', () => {
  it('finds a band by id and ignores unknown or empty ids', () => {
    expect(findBand(SALARY_BANDS, '10-15')).toMatchObject({ min: 10, max: 15 });
    expect(findBand(EXPERIENCE_BANDS, '25-100')).toMatchObject({ label: '25+' });
    expect(findBand(SALARY_BANDS, '10-16')).toBeNull();
    expect(findBand(SALARY_BANDS, '')).toBeNull();
    expect(findBand(SALARY_BANDS, null)).toBeNull();
  });
});

describe('bandForValue', () => {
  it.each([
    [SALARY_BANDS, 0, '0-5'],
    [SALARY_BANDS, 4.99, '0-5'],
    [SALARY_BANDS, 5, '5-10'],
    [SALARY_BANDS, 1000, '500-1000'],
    [EXPERIENCE_BANDS, 25, '25-100'],
    [EXPERIENCE_BANDS, 100, '25-100'],
    [TEAM_SIZE_BANDS, 20_000, '5000+'],
    [TEAM_SIZE_BANDS, 10, '10-50'],
  ] as const)('%#: %s → %s', (bands, value, id) => {
    expect(bandForValue(bands, value)?.id).toBe(id);
  });

  it('is null outside every band', () => {
    expect(bandForValue(SALARY_BANDS, 1001)).toBeNull();
    expect(bandForValue(SALARY_BANDS, -1)).toBeNull();
    expect(bandForValue(TEAM_SIZE_BANDS, 0)).toBeNull();
    expect(bandForValue(SALARY_BANDS, Number.NaN)).toBeNull();
  });
});
