import { describe, expect, it } from 'vitest';
import { buildJobQuery, type JobFilters } from '@/domain/filters';
import { appliedDefaults } from '@/features/jobs';
import { MAX_DEFAULT_SKILLS, profileDefaults } from '@/lib/listing-defaults';

const skill = (skillName: string) => ({ skillName });

// The shape of GET /user/basic-details for the demo candidate (server/seed/demo-users.ts).
const complete = {
  CTC: 18,
  YOE: 4,
  isCvExtracted: true,
  candidateExperience: { designation: 'Frontend Engineer' },
  coreSkills: [skill('React'), skill('TypeScript')],
  softSkills: [skill('Communication')],
};

describe('default filters from the profile state (spec §4)', () => {
  it('a complete profile sets jobTitle (designation), coreSkills and YOE', () => {
    expect(profileDefaults(complete)).toEqual({
      jobTitle: 'Frontend Engineer',
      coreSkills: ['React', 'TypeScript'],
      YOE: 4,
    });
  });

  it('an incomplete profile sets none', () => {
    expect(profileDefaults(undefined)).toBeNull();
    expect(profileDefaults({ ...complete, CTC: null })).toBeNull(); // no CTC
    expect(profileDefaults({ ...complete, isCvExtracted: false })).toBeNull(); // CV not read
    // CTC and CV, but none of designation, skills or YOE.
    expect(
      profileDefaults({
        ...complete,
        YOE: null,
        candidateExperience: { designation: '  ' },
        coreSkills: [],
        softSkills: [],
      }),
    ).toBeNull();
    // A brand-new account: nothing at all.
    expect(profileDefaults({ isCvExtracted: false, coreSkills: [], softSkills: [] })).toBeNull();
  });

  it('sets only the defaults the profile has', () => {
    expect(profileDefaults({ ...complete, candidateExperience: null, coreSkills: [] })).toEqual({
      jobTitle: null,
      coreSkills: null,
      YOE: 4,
    });
    // Soft skills alone make the profile complete but give no core-skill default.
    expect(
      profileDefaults({ ...complete, YOE: null, candidateExperience: null, coreSkills: [] }),
    ).toBeNull();
  });

  it('keeps the first distinct core skills, within what the server accepts', () => {
    const many = Array.from({ length: 30 }, (_, i) => skill(` Skill ${i % 20} `));
    const defaults = profileDefaults({ ...complete, coreSkills: many });
    expect(defaults?.coreSkills).toHaveLength(MAX_DEFAULT_SKILLS);
    expect(defaults?.coreSkills?.[0]).toBe('Skill 0');
    expect(new Set(defaults?.coreSkills).size).toBe(MAX_DEFAULT_SKILLS);
  });
});

describe('the defaults in the listing query (spec §5 "which defaults are dropped when")', () => {
  const defaults = profileDefaults(complete);
  const query = (filters: JobFilters) => buildJobQuery(filters, { defaults });
  const notice = (filters: JobFilters) =>
    appliedDefaults(defaults, query(filters), filters.coreSkills);

  it('no filter: all three defaults are sent, and the notice names them', () => {
    expect(query({})).toMatchObject({
      jobTitle: 'Frontend Engineer',
      coreSkills: 'React,TypeScript',
      YOE: 4,
    });
    expect(notice({})).toEqual({
      jobTitle: 'Frontend Engineer',
      coreSkills: 'React,TypeScript',
      YOE: 4,
    });
  });

  it('search text or a company filter drops title, YOE and skills', () => {
    for (const filters of [{ searchText: 'rust' }, { companyName: ['Acme'] }]) {
      const q = query(filters);
      expect(q.jobTitle).toBeUndefined();
      expect(q.YOE).toBeUndefined();
      expect(q.coreSkills).toBeUndefined();
      expect(notice(filters)).toBeNull();
    }
  });

  it('any other filter drops title and YOE; the default skills stay', () => {
    const q = query({ workMode: ['Remote'] });
    expect(q.jobTitle).toBeUndefined();
    expect(q.YOE).toBeUndefined();
    expect(q.coreSkills).toBe('React,TypeScript');
    expect(notice({ workMode: ['Remote'] })).toEqual({ coreSkills: 'React,TypeScript' });
  });

  it('an experience or salary range drops YOE', () => {
    expect(query({ experienceRange: '3-5' }).YOE).toBeUndefined();
    expect(query({ salaryRange: '10-15' }).YOE).toBeUndefined();
  });

  it('skills the user picks replace the default ones and are not called defaults', () => {
    expect(query({ coreSkills: ['Go'] }).coreSkills).toBe('Go');
    expect(notice({ coreSkills: ['Go'] })).toBeNull();
  });

  it('no defaults (signed out, incomplete, or turned off): nothing is added', () => {
    const q = buildJobQuery({}, { defaults: null });
    expect(q.jobTitle).toBeUndefined();
    expect(q.YOE).toBeUndefined();
    expect(q.coreSkills).toBeUndefined();
    expect(appliedDefaults(null, q, undefined)).toBeNull();
  });
});
