import { describe, expect, it } from 'vitest';
import {
  applyProfileChanges,
  profileChanges,
  validateProfile,
  valuesFromDetails,
  type ProfileFormValues,
} from '@/features/candidate';
import type { BasicDetails } from '@/lib/profile';

const details: BasicDetails = {
  userId: 'usr-1',
  fullName: 'Priya Sharma',
  email: 'candidate@example.com',
  candidateExperience: { designation: 'Frontend Engineer' },
  coreSkills: [{ skillName: 'React' }],
  softSkills: [],
  technicalSkills: [{ skillName: 'Git' }],
  YOE: 4,
  CTC: 18,
  ECTC: null,
  noticePeriod: 30,
  location: 'Bengaluru',
  about: null,
  isCvExtracted: true,
};

const valid = (): ProfileFormValues => valuesFromDetails(details);
const errorsFor = (changes: Partial<ProfileFormValues>) =>
  validateProfile({ ...valid(), ...changes });

describe('profile form rules (mirroring PATCH /user/{email}/profile)', () => {
  it('accepts the values of a stored profile, empty optional fields included', () => {
    expect(validateProfile(valid())).toEqual({});
    expect(valid()).toMatchObject({ ECTC: '', about: '', coreSkills: ['React'] });
  });

  it('needs a full name of at most 100 characters', () => {
    expect(errorsFor({ fullName: '   ' })).toEqual({ fullName: 'Enter your full name' });
    expect(errorsFor({ fullName: 'x'.repeat(101) }).fullName).toBe(
      'Full name can have at most 100 characters',
    );
  });

  it('keeps years of experience within 0–60', () => {
    expect(errorsFor({ YOE: 61 }).YOE).toBe('Years of experience must be between 0 and 60 years');
    expect(errorsFor({ YOE: -1 }).YOE).toBe('Years of experience must be between 0 and 60 years');
    expect(errorsFor({ YOE: 60 })).toEqual({});
    expect(errorsFor({ YOE: 2.5 })).toEqual({});
    expect(errorsFor({ YOE: 'abc' }).YOE).toBe('Years of experience must be a number');
  });

  it('keeps CTC and ECTC within 0–1000 lakhs', () => {
    expect(errorsFor({ CTC: 1000.5 }).CTC).toBe('Current CTC must be between 0 and 1000 lakhs');
    expect(errorsFor({ ECTC: 1001 }).ECTC).toBe('Expected CTC must be between 0 and 1000 lakhs');
    expect(errorsFor({ CTC: 0, ECTC: 1000 })).toEqual({});
  });

  it('wants the notice period in whole days within 0–365', () => {
    expect(errorsFor({ noticePeriod: 366 }).noticePeriod).toBe(
      'Notice period must be between 0 and 365 days',
    );
    expect(errorsFor({ noticePeriod: 10.5 }).noticePeriod).toBe(
      'Notice period must be a whole number of days',
    );
  });

  it('limits location, designation and about', () => {
    expect(errorsFor({ location: 'x'.repeat(121) }).location).toBe(
      'Location can have at most 120 characters',
    );
    expect(errorsFor({ designation: 'x'.repeat(121) }).designation).toBeDefined();
    expect(errorsFor({ about: 'x'.repeat(2001) }).about).toBe(
      'About can have at most 2000 characters',
    );
    expect(errorsFor({ about: 'x'.repeat(2000) })).toEqual({});
  });

  it('limits skills to 50 per list of at most 60 characters each', () => {
    const many = Array.from({ length: 51 }, (_, i) => `skill ${i}`);
    expect(errorsFor({ coreSkills: many }).coreSkills).toBe('Add at most 50 skills');
    expect(errorsFor({ softSkills: ['x'.repeat(61)] }).softSkills).toBe(
      'Each skill can have at most 60 characters',
    );
    expect(errorsFor({ technicalSkills: ['Kubeflow pipelines'] })).toEqual({});
  });
});

describe('what a save sends', () => {
  it('sends only the changed fields, numbers as numbers, empty as null, skills canonical', () => {
    const after = {
      ...valid(),
      CTC: '20',
      location: '  ',
      coreSkills: ['React', 'typescript', 'react.js'],
    };
    expect(profileChanges(valid(), after)).toEqual({
      CTC: 20,
      location: null,
      coreSkills: ['React', 'TypeScript'],
    });
    expect(profileChanges(valid(), valid())).toEqual({});
  });

  it('applies the changes to the cached basic details (the optimistic view)', () => {
    const next = applyProfileChanges(details, {
      designation: 'Staff Engineer',
      ECTC: 30,
      softSkills: ['Communication'],
    });
    expect(next).toMatchObject({
      candidateExperience: { designation: 'Staff Engineer' },
      ECTC: 30,
      softSkills: [{ skillName: 'Communication' }],
      CTC: 18,
      coreSkills: [{ skillName: 'React' }],
    });
  });
});
