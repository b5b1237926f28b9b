/**
 * The job form's checks and its body (issue 20): what is missing is named per field, publishing
 * asks for more than a draft, ranges come from the spec §9 bands, and the body is one the
 * contract (the server's own check) accepts.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { APPLICATION_STATUSES } from '@/domain/contract/applications';
import { CorporateJobSchema } from '@/domain/contract/corporate-jobs';
import { NewJobBody } from '@/domain/contract/jobs';
import {
  EMPTY_JOB_FORM,
  EXPERIENCE_TO,
  SALARY_FROM,
  SALARY_TO,
  draftValues,
  fromJob,
  toJobBody,
  validateJobForm,
  type JobFormValues,
} from '@/features/corporate';

const filled: JobFormValues = {
  ...EMPTY_JOB_FORM,
  jobTitle: ' Platform Engineer ',
  department: 'Engineering',
  city: 'Pune',
  otherCities: ['Mumbai', 'Pune'],
  workMode: 'Hybrid',
  typeofEmployment: 'Full-time',
  salaryMin: '20',
  salaryMax: '25',
  experienceMin: '3',
  experienceMax: '5',
  coreSkills: ['Go'],
  jobDescription: '<p>Run the platform.</p>',
};

describe('the job form', () => {
  it('names every missing field of an empty form, and more for publishing than for a draft', () => {
    const draft = validateJobForm(EMPTY_JOB_FORM, 'draft');
    expect(draft).toEqual({
      jobTitle: 'Enter the job title',
      department: 'Choose the department',
      city: 'Enter the city the job is based in',
      workMode: 'Choose the work mode',
      typeofEmployment: 'Choose the employment type',
    });
    const publish = validateJobForm(EMPTY_JOB_FORM, 'publish');
    expect(publish).toMatchObject({
      coreSkills: 'Add at least one core skill',
      experienceMin: 'Choose the experience the job needs',
      jobDescription: 'Describe the job: candidates read this before applying',
    });
    expect(validateJobForm({ ...filled, jobDescription: '<p> </p>' }, 'publish')).toHaveProperty(
      'jobDescription',
    );
  });

  it('refuses a range upside down or with one end only', () => {
    expect(
      validateJobForm({ ...filled, salaryMin: '25', salaryMax: '20' }, 'draft').salaryMax,
    ).toBe('The maximum salary must not be below the minimum');
    expect(validateJobForm({ ...filled, salaryMax: '' }, 'draft').salaryMax).toBe(
      'Give both ends of the salary range, or neither',
    );
  });

  it('builds a body the contract accepts, from the spec §9 bands', () => {
    expect(validateJobForm(filled, 'publish')).toEqual({});
    const body = toJobBody(filled, 'PUBLISHED');
    expect(z.safeParse(NewJobBody, body).success).toBe(true);
    expect(body).toMatchObject({
      jobTitle: 'Platform Engineer',
      location: { city: 'Pune', fullLocation: ['Pune', 'Mumbai'] },
      salaryRange: { min: 20, max: 25 },
      experienceRange: { min: 3, max: 5 },
    });
    expect(SALARY_FROM[0]).toBe(0);
    expect(SALARY_TO.at(-1)).toBe(1000); // spec §9: the last salary band is 500-1000
    expect(EXPERIENCE_TO.at(-1)).toBe(100); // spec §9: 25+ is 25-100
  });

  it('reads a job back into the form, and ignores a stored draft of another shape', () => {
    const body = toJobBody(filled, 'DRAFT');
    const job = z.parse(CorporateJobSchema, {
      ...body,
      id: 'job-1',
      companyName: 'Acme',
      createdAt: '2026-11-23T00:00:00Z',
      applicants: {
        total: 0,
        byStatus: Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])),
      },
    });
    const values = fromJob(job);
    // The city is not repeated among the other cities.
    expect(values).toEqual({ ...filled, jobTitle: 'Platform Engineer', otherCities: ['Mumbai'] });
    expect(draftValues({ jobTitle: 'x', coreSkills: [] })?.jobTitle).toBe('x');
    expect(draftValues('garbage')).toBeNull();
    expect(draftValues({ jobTitle: 5 })).toBeNull();
  });
});
