/**
 * The job form's values, their checks and their translation to and from the API (issue 20; every
 * field of spec §3 Job). The form keeps what the user typed (strings, band edges as text); this
 * module says what is missing in words a recruiter reads, and builds the contract's body
 * (NewJobBody), so the server's own checks are met before anything is queued.
 */
import * as z from 'zod/mini';
import { EXPERIENCE_BANDS, SALARY_BANDS, type Band } from '@/domain/bands';
import type { CorporateJob } from '@/domain/contract/corporate-jobs';
import { JobLimits, NewJobBody, type NewJob } from '@/domain/contract/jobs';
import { EMPLOYMENT_TYPES, WORK_MODES } from '@/domain/job-catalog';

export interface JobFormValues {
  jobTitle: string;
  department: string;
  city: string;
  /** Further cities the job may be done from (spec §3 location.fullLocation). */
  otherCities: string[];
  workMode: string;
  typeofEmployment: string;
  /** Band edges (spec §9), as text; '' for not given. */
  salaryMin: string;
  salaryMax: string;
  displaySalaryRange: boolean;
  experienceMin: string;
  experienceMax: string;
  coreSkills: string[];
  softSkills: string[];
  technicalSkills: string[];
  /** The rich-text editor's HTML. */
  jobDescription: string;
}

export type JobFormField = keyof JobFormValues;
export type JobFormErrors = Partial<Record<JobFormField, string>>;
/** Saving a draft needs what the server stores; publishing also what a candidate needs. */
export type SaveIntent = 'draft' | 'publish';

export const EMPTY_JOB_FORM: JobFormValues = {
  jobTitle: '',
  department: '',
  city: '',
  otherCities: [],
  workMode: '',
  typeofEmployment: '',
  salaryMin: '',
  salaryMax: '',
  displaySalaryRange: true,
  experienceMin: '',
  experienceMax: '',
  coreSkills: [],
  softSkills: [],
  technicalSkills: [],
  jobDescription: '',
};

function edges(bands: readonly Band[], side: 'min' | 'max') {
  const values = bands.map((band) => (side === 'min' ? band.min : band.max));
  return [...new Set(values.filter((value): value is number => value !== null))];
}

/** spec §9 salary bands (lakhs): the "from" choices are band starts, the "to" choices band ends. */
export const SALARY_FROM = edges(SALARY_BANDS, 'min');
export const SALARY_TO = edges(SALARY_BANDS, 'max');
/** spec §9 experience bands (years): the last ends at 100, read as "25+". */
export const EXPERIENCE_FROM = edges(EXPERIENCE_BANDS, 'min');
export const EXPERIENCE_TO = edges(EXPERIENCE_BANDS, 'max');

/** The visible words of the description's HTML (is it empty?). */
export function descriptionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const num = (text: string): number | null => (text === '' ? null : Number(text));

function range(minText: string, maxText: string) {
  const min = num(minText);
  const max = num(maxText);
  return min === null && max === null ? undefined : { min, max };
}

/** The contract's POST body for these values and the status asked for. */
export function toJobBody(
  values: JobFormValues,
  status: 'DRAFT' | 'PUBLISHED',
): Omit<NewJob, 'id'> {
  const city = values.city.trim();
  const others = values.otherCities.map((c) => c.trim()).filter((c) => c && c !== city);
  return {
    jobTitle: values.jobTitle.trim(),
    department: values.department.trim(),
    jobDescription: values.jobDescription,
    location: { city, fullLocation: [city, ...others] },
    workMode: values.workMode as NewJob['workMode'],
    typeofEmployment: values.typeofEmployment as NewJob['typeofEmployment'],
    salaryRange: range(values.salaryMin, values.salaryMax) ?? { min: null, max: null },
    displaySalaryRange: values.displaySalaryRange,
    experienceRange: range(values.experienceMin, values.experienceMax) ?? { min: null, max: null },
    coreSkills: values.coreSkills,
    softSkills: values.softSkills,
    technicalSkills: values.technicalSkills,
    status,
  };
}

/** What is wrong with the values for this intent, by field; empty when they can be saved. */
export function validateJobForm(values: JobFormValues, intent: SaveIntent): JobFormErrors {
  const errors: JobFormErrors = {};
  const need = (field: JobFormField, ok: boolean, message: string) => {
    if (!ok && !errors[field]) errors[field] = message;
  };
  need('jobTitle', values.jobTitle.trim() !== '', 'Enter the job title');
  need(
    'jobTitle',
    values.jobTitle.trim().length <= JobLimits.titleMax,
    `The title can have at most ${JobLimits.titleMax} characters`,
  );
  need('department', values.department.trim() !== '', 'Choose the department');
  need('city', values.city.trim() !== '', 'Enter the city the job is based in');
  need(
    'otherCities',
    values.otherCities.length < JobLimits.fullLocationParts,
    `At most ${JobLimits.fullLocationParts - 1} further cities`,
  );
  need(
    'workMode',
    (WORK_MODES as readonly string[]).includes(values.workMode),
    'Choose the work mode',
  );
  need(
    'typeofEmployment',
    (EMPLOYMENT_TYPES as readonly string[]).includes(values.typeofEmployment),
    'Choose the employment type',
  );
  const salaryMin = num(values.salaryMin);
  const salaryMax = num(values.salaryMax);
  need(
    'salaryMax',
    salaryMin === null || salaryMax === null || salaryMin <= salaryMax,
    'The maximum salary must not be below the minimum',
  );
  need(
    'salaryMax',
    (salaryMin === null) === (salaryMax === null),
    'Give both ends of the salary range, or neither',
  );
  const experienceMin = num(values.experienceMin);
  const experienceMax = num(values.experienceMax);
  need(
    'experienceMax',
    experienceMin === null || experienceMax === null || experienceMin <= experienceMax,
    'The maximum experience must not be below the minimum',
  );
  for (const field of ['coreSkills', 'softSkills', 'technicalSkills'] as const) {
    need(
      field,
      values[field].length <= JobLimits.skillsPerList,
      `At most ${JobLimits.skillsPerList} skills`,
    );
    need(
      field,
      values[field].every((skill) => skill.trim().length <= JobLimits.skillMax),
      `A skill has at most ${JobLimits.skillMax} characters`,
    );
  }
  need(
    'jobDescription',
    values.jobDescription.length <= JobLimits.descriptionMax,
    'The description is too long',
  );
  if (intent === 'publish') {
    need('coreSkills', values.coreSkills.length > 0, 'Add at least one core skill');
    need('experienceMin', experienceMin !== null, 'Choose the experience the job needs');
    need(
      'jobDescription',
      descriptionText(values.jobDescription) !== '',
      'Describe the job: candidates read this before applying',
    );
  }
  // Whatever the contract still refuses (it is the server's check too) is named, not lost.
  if (Object.keys(errors).length === 0) {
    const parsed = z.safeParse(NewJobBody, toJobBody(values, 'DRAFT'));
    if (!parsed.success) errors.jobTitle = 'Some fields are not valid: check them and try again';
  }
  return errors;
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form's values for a job the server has. */
export function fromJob(job: CorporateJob): JobFormValues {
  const city = job.location?.city ?? '';
  return {
    jobTitle: job.jobTitle,
    department: job.department ?? '',
    city,
    otherCities: (job.location?.fullLocation ?? []).filter((c) => c !== city),
    workMode: job.workMode ?? '',
    typeofEmployment: job.typeofEmployment ?? '',
    salaryMin: text(job.salaryRange?.min),
    salaryMax: text(job.salaryRange?.max),
    displaySalaryRange: job.displaySalaryRange,
    experienceMin: text(job.experienceRange?.min),
    experienceMax: text(job.experienceRange?.max),
    coreSkills: job.coreSkills,
    softSkills: job.softSkills,
    technicalSkills: job.technicalSkills,
    jobDescription: job.jobDescription ?? '',
  };
}

/** The form's values for a save still waiting in the outbox (the job is not on the server yet). */
export function fromBody(body: Omit<NewJob, 'id' | 'status'>): JobFormValues {
  const city = body.location.city;
  return {
    ...EMPTY_JOB_FORM,
    jobTitle: body.jobTitle,
    department: body.department,
    city,
    otherCities: (body.location.fullLocation ?? []).filter((c) => c !== city),
    workMode: body.workMode,
    typeofEmployment: body.typeofEmployment,
    salaryMin: text(body.salaryRange?.min),
    salaryMax: text(body.salaryRange?.max),
    displaySalaryRange: body.displaySalaryRange ?? true,
    experienceMin: text(body.experienceRange?.min),
    experienceMax: text(body.experienceRange?.max),
    coreSkills: body.coreSkills ?? [],
    softSkills: body.softSkills ?? [],
    technicalSkills: body.technicalSkills ?? [],
    jobDescription: body.jobDescription,
  };
}

/** A stored draft's values, if they still read as this form's (an older build's may not). */
export function draftValues(stored: unknown): JobFormValues | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const merged = { ...EMPTY_JOB_FORM, ...(stored as Partial<JobFormValues>) };
  return typeof merged.jobTitle === 'string' && Array.isArray(merged.coreSkills) ? merged : null;
}
