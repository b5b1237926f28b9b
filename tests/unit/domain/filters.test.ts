import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  INITIAL_PAGE_SIZE,
  NEXT_PAGE_SIZE,
  buildJobQuery,
  selectRange,
  toQueryString,
  type DefaultFilters,
  type JobFilters,
} from '../../../src/domain/filters';

const base = { pageSize: 10, sortOrder: 'desc', status: 'PUBLISHED' };
const defaults: DefaultFilters = {
  jobTitle: 'Frontend Engineer',
  coreSkills: ['React', 'TypeScript'],
  YOE: 4,
};

describe('buildJobQuery: paging and constants (spec §9)', () => {
  it('asks for 10 descending PUBLISHED jobs for the first page', () => {
    expect(INITIAL_PAGE_SIZE).toBe(10);
    expect(buildJobQuery({})).toEqual(base);
  });

  it('asks for 30 per later page, after lastKey', () => {
    expect(NEXT_PAGE_SIZE).toBe(30);
    expect(buildJobQuery({}, { lastKey: 'abc' })).toEqual({
      ...base,
      pageSize: 30,
      lastKey: 'abc',
    });
    expect(buildJobQuery({}, { lastKey: '  ' })).toEqual(base);
  });

  it('passes the vector-search and company-details options through', () => {
    expect(
      buildJobQuery(
        {},
        { includeCompanyDetails: true, fromS3Vector: false, s3VectorPageNumber: 2 },
      ),
    ).toEqual({ ...base, includeCompanyDetails: true, fromS3Vector: false, s3VectorPageNumber: 2 });
  });
});

describe('buildJobQuery: profile defaults (spec §5)', () => {
  it('sends title, skills and YOE defaults when nothing is chosen', () => {
    expect(buildJobQuery({}, { defaults })).toEqual({
      ...base,
      jobTitle: 'Frontend Engineer',
      coreSkills: 'React,TypeScript',
      YOE: 4,
    });
  });

  it('keeps a YOE of 0 (a fresher)', () => {
    expect(buildJobQuery({}, { defaults: { YOE: 0 } })).toEqual({ ...base, YOE: 0 });
  });

  it('drops every default when search text is set', () => {
    expect(buildJobQuery({ searchText: '  java developer ' }, { defaults })).toEqual({
      ...base,
      searchText: 'java developer',
    });
  });

  it('drops every default when a company filter is set', () => {
    expect(buildJobQuery({ companyName: ['Saffron Labs'] }, { defaults })).toEqual({
      ...base,
      companyName: 'Saffron Labs',
    });
  });

  it('drops title and YOE but keeps the default skills with any other filter', () => {
    expect(buildJobQuery({ location: ['Pune'] }, { defaults })).toEqual({
      ...base,
      location: 'Pune',
      coreSkills: 'React,TypeScript',
    });
    expect(buildJobQuery({ dashboard: 'USER' }, { defaults })).toEqual({
      ...base,
      dashboard: 'USER',
      coreSkills: 'React,TypeScript',
    });
  });

  it('replaces the default skills with skills the user picked', () => {
    expect(buildJobQuery({ coreSkills: ['Vue.js'] }, { defaults })).toEqual({
      ...base,
      coreSkills: 'Vue.js',
    });
  });

  it('drops the YOE default for a salary or experience range', () => {
    const salary = buildJobQuery({ salaryRange: '10-15' }, { defaults });
    expect(salary).toMatchObject({ minSalary: 10, maxSalary: 15 });
    expect(salary).not.toHaveProperty('YOE');
    expect(salary).not.toHaveProperty('jobTitle');
    const experience = buildJobQuery({ experienceRange: '3-5' }, { defaults });
    expect(experience).toMatchObject({ minExperience: 3, maxExperience: 5 });
    expect(experience).not.toHaveProperty('YOE');
  });
});

describe('buildJobQuery: range filters (spec §5)', () => {
  it('maps a band to its min and max numbers', () => {
    expect(buildJobQuery({ salaryRange: '500-1000', experienceRange: '25-100' })).toEqual({
      ...base,
      minSalary: 500,
      maxSalary: 1000,
      minExperience: 25,
      maxExperience: 100,
    });
    expect(buildJobQuery({ teamSize: '5000+' })).toEqual({ ...base, teamSize: '5000+' });
  });

  it('removes the filter and its min/max for an empty or unknown selection', () => {
    for (const selection of ['', null, undefined, 'bogus']) {
      const params = buildJobQuery(
        { salaryRange: selection, experienceRange: selection, teamSize: selection },
        { defaults },
      );
      expect(params).toEqual({ ...buildJobQuery({}, { defaults }) });
    }
  });

  it('toggles a single choice', () => {
    expect(selectRange(null, '0-5')).toBe('0-5');
    expect(selectRange('0-5', '5-10')).toBe('5-10');
    expect(selectRange('0-5', '0-5')).toBeNull();
    expect(selectRange('0-5', null)).toBeNull();
  });
});

describe('buildJobQuery: empty params (spec §5)', () => {
  it('drops blank text, empty lists and invalid numbers', () => {
    const filters: JobFilters = {
      searchText: '   ',
      location: [],
      department: ['', '  '],
      dashboard: '',
      companyName: null,
      workMode: undefined,
    };
    expect(
      buildJobQuery(filters, { defaults: { jobTitle: ' ', coreSkills: [], YOE: Number.NaN } }),
    ).toEqual(base);
    expect(buildJobQuery({}, { defaults: { YOE: -1 }, s3VectorPageNumber: null })).toEqual(base);
  });

  it('trims, dedupes and comma-joins list values', () => {
    expect(
      buildJobQuery({ location: [' Pune', 'Mumbai', 'Pune '], workMode: ['Remote', 'Hybrid'] }),
    ).toEqual({ ...base, location: 'Pune,Mumbai', workMode: 'Remote,Hybrid' });
  });

  it('sends a value holding a comma as its parts, since the server splits on commas', () => {
    expect(buildJobQuery({ location: ['Pune, Mumbai', ',', 'Pune'] })).toEqual({
      ...base,
      location: 'Pune,Mumbai',
    });
  });

  it('never sends an empty value, and always sends status and sort order', () => {
    const text = fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 8 }));
    const list = fc.option(fc.array(text, { maxLength: 3 }), { nil: undefined });
    const filters = fc.record(
      {
        searchText: fc.option(text, { nil: null }),
        location: list,
        coreSkills: list,
        softSkills: list,
        companyName: list,
        salaryRange: fc.option(fc.constantFrom('', '0-5', '50-75', 'x'), { nil: null }),
        experienceRange: fc.option(fc.constantFrom('', '0-1', '25-100', 'x'), { nil: null }),
        dashboard: fc.option(text, { nil: null }),
      },
      { requiredKeys: [] },
    );
    const defaultsArb = fc.record({
      jobTitle: fc.option(text, { nil: null }),
      coreSkills: list,
      YOE: fc.option(fc.double(), { nil: null }),
    });
    fc.assert(
      fc.property(filters, defaultsArb, (f, d) => {
        const params = buildJobQuery(f, { defaults: d });
        expect(params.status).toBe('PUBLISHED');
        expect(params.sortOrder).toBe('desc');
        for (const [key, value] of Object.entries(params)) {
          expect(value).not.toBeUndefined();
          expect(value).not.toBe('');
          if (typeof value === 'number') expect(Number.isFinite(value)).toBe(true);
          // Lists are comma-joined; free text (search, title) may itself contain commas.
          const freeText = key === 'searchText' || key === 'jobTitle';
          if (typeof value === 'string' && !freeText) expect(value.split(',')).not.toContain('');
        }
      }),
    );
  });
});

describe('toQueryString', () => {
  it('writes params in the spec §7 order, encoded', () => {
    const params = buildJobQuery(
      { searchText: 'java & spring', location: ['Pune', 'New Delhi'], salaryRange: '10-15' },
      { lastKey: 'k1', includeCompanyDetails: true },
    );
    expect(toQueryString(params)).toBe(
      'searchText=java+%26+spring&pageSize=30&lastKey=k1&sortOrder=desc&status=PUBLISHED' +
        '&location=Pune%2CNew+Delhi&minSalary=10&maxSalary=15&includeCompanyDetails=true',
    );
  });

  it('gives equal strings for equal filters whatever the key order', () => {
    const a = buildJobQuery({ location: ['Pune'], department: ['Data'] });
    const b = buildJobQuery({ department: ['Data'], location: ['Pune'] });
    expect(toQueryString(a)).toBe(toQueryString(b));
  });
});

describe('dashboard filter', () => {
  it('sends only the values the server knows (USER, EXTERNAL), whatever the case', () => {
    expect(buildJobQuery({ dashboard: 'user' }).dashboard).toBe('USER');
    expect(buildJobQuery({ dashboard: ' EXTERNAL ' }).dashboard).toBe('EXTERNAL');
    expect(buildJobQuery({ dashboard: ',' }).dashboard).toBeUndefined();
    expect(buildJobQuery({ dashboard: 'ADMIN' }).dashboard).toBeUndefined();
  });
});
