import { describe, expect, it } from 'vitest';
import { TEAM_SIZE_BANDS } from '../../../src/domain/bands';
import { DEPARTMENTS, TEAM_SIZES } from '../../../src/domain/job-catalog';
import { departments } from '../../../server/seed/catalog';

describe('job catalogue', () => {
  it('offers the spec §9 team size bands as record values', () => {
    expect(TEAM_SIZES).toEqual([
      '1-10',
      '10-50',
      '50-100',
      '100-500',
      '500-1000',
      '1000-5000',
      '5000+',
    ]);
    expect(TEAM_SIZES).toHaveLength(TEAM_SIZE_BANDS.length);
  });

  it('has seed role templates for every department the filters offer, and no others', () => {
    expect(Object.keys(departments).sort()).toEqual([...DEPARTMENTS].sort());
  });
});
