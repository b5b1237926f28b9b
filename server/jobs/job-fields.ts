/**
 * The fields a company sets on its jobs (corporate job posting; spec §7 does not show the calls,
 * so the bodies are ours): what `POST /job/` and `PATCH /job/{id}` accept, named and shaped as
 * the Job of spec §3 that GET /job/{id} returns (salaryRange { min, max }, typeofEmployment,
 * location { city, fullLocation }), so a client sends back what it reads.
 *
 * - The company (companyId, companyName, industry, teamSize) comes from the poster's corporate
 *   user record, never from the body; unknown keys are refused.
 * - jobDescription is HTML, stored as given: the app sanitises it when rendering (DOMPurify).
 * - Salary in lakhs per annum, experience in years; 9999 is the open-ended maximum (spec §5).
 *   A range is replaced whole; min must not exceed max.
 * - Skills are free to enter but stored by their canonical name where the taxonomy knows them
 *   (as the candidate profile does), so job and profile skills compare in the score.
 * - status: PUBLISHED (listed), DRAFT (not public) or, on PATCH only, CLOSED (still opens by id,
 *   so a saved job can say it has closed; not listed).
 */
import { z } from 'zod';
import { OPEN_ENDED_MAX } from '../../src/domain/bands';
import { EMPLOYMENT_TYPES, WORK_MODES } from '../../src/domain/job-catalog';
import type { jobs } from '../db/schema';
import { skillListSchema } from '../http/skill-list';

export const JOB_FIELD_LIMITS = {
  titleMax: 150,
  departmentMax: 100,
  cityMax: 100,
  fullLocationParts: 5,
  descriptionMax: 50_000,
  skillMax: 60,
  skillsPerList: 50,
} as const;
const L = JOB_FIELD_LIMITS;

export const JOB_STATUSES = ['PUBLISHED', 'DRAFT', 'CLOSED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

const text = (max: number) =>
  z.string().trim().min(1, 'cannot be empty').max(max, `at most ${max} characters`);

const skillList = skillListSchema(L);

const bound = (unit: string) =>
  z
    .number({ error: 'must be a number' })
    .min(0, `must be 0 or more ${unit}`)
    .max(OPEN_ENDED_MAX, `must be at most ${OPEN_ENDED_MAX} ${unit}`)
    .nullable();

const range = (unit: string) =>
  z
    .strictObject({ min: bound(unit), max: bound(unit) })
    .refine((r) => r.min === null || r.max === null || r.min <= r.max, 'min must not exceed max');

const fields = {
  jobTitle: text(L.titleMax),
  jobDescription: z
    .string()
    .max(L.descriptionMax, `at most ${L.descriptionMax.toLocaleString('en')} characters`),
  department: text(L.departmentMax),
  location: z.strictObject({
    city: text(L.cityMax),
    fullLocation: z.array(text(L.cityMax)).max(L.fullLocationParts).optional(),
  }),
  workMode: z.enum(WORK_MODES),
  typeofEmployment: z.enum(EMPLOYMENT_TYPES),
  salaryRange: range('lakhs'),
  displaySalaryRange: z.boolean(),
  experienceRange: range('years'),
  coreSkills: skillList,
  softSkills: skillList,
  technicalSkills: skillList,
};

/** A job's fields; skills, ranges and the salary display may be left out. */
const JobFields = z.strictObject({
  ...fields,
  salaryRange: fields.salaryRange.optional(),
  displaySalaryRange: fields.displaySalaryRange.optional(),
  experienceRange: fields.experienceRange.optional(),
  coreSkills: fields.coreSkills.optional(),
  softSkills: fields.softSkills.optional(),
  technicalSkills: fields.technicalSkills.optional(),
});

/** POST body: a new job, live unless saved as a draft. */
export const NewJobBody = JobFields.extend({
  status: z.enum(['PUBLISHED', 'DRAFT']).default('PUBLISHED'),
});
export type NewJob = z.infer<typeof NewJobBody>;

/** PATCH body: any of the fields, at least one; status may also close the job. */
export const JobChangesBody = JobFields.partial()
  .extend({ status: z.enum(JOB_STATUSES).optional() })
  .refine((body) => Object.keys(body).length > 0, 'nothing to update');
export type JobChanges = z.infer<typeof JobChangesBody>;

type JobColumns = Partial<typeof jobs.$inferInsert>;

/** The body's field names (the Job shape of spec §3) → the jobs columns they set. */
export function jobColumns(changes: JobChanges): JobColumns {
  const columns: JobColumns = {};
  if (changes.jobTitle !== undefined) columns.jobTitle = changes.jobTitle;
  if (changes.jobDescription !== undefined) columns.jobDescription = changes.jobDescription;
  if (changes.department !== undefined) columns.department = changes.department;
  if (changes.location !== undefined) {
    columns.city = changes.location.city;
    columns.fullLocation = changes.location.fullLocation ?? [changes.location.city];
  }
  if (changes.workMode !== undefined) columns.workMode = changes.workMode;
  if (changes.typeofEmployment !== undefined) columns.typeOfEmployment = changes.typeofEmployment;
  if (changes.salaryRange !== undefined) {
    columns.salaryMin = changes.salaryRange.min;
    columns.salaryMax = changes.salaryRange.max;
  }
  if (changes.displaySalaryRange !== undefined) {
    columns.displaySalaryRange = changes.displaySalaryRange;
  }
  if (changes.experienceRange !== undefined) {
    columns.experienceMin = changes.experienceRange.min;
    columns.experienceMax = changes.experienceRange.max;
  }
  if (changes.coreSkills !== undefined) columns.coreSkills = changes.coreSkills;
  if (changes.softSkills !== undefined) columns.softSkills = changes.softSkills;
  if (changes.technicalSkills !== undefined) columns.technicalSkills = changes.technicalSkills;
  if (changes.status !== undefined) columns.status = changes.status;
  return columns;
}
