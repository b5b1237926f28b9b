/**
 * A company's job body (the contract's NewJobBody / JobChangesBody, src/domain/contract/jobs.ts)
 * → the jobs columns it sets. Skills are stored by their canonical name where the taxonomy knows
 * them (`reactjs` → `React`, src/domain/skills), as the candidate profile's are, so job and
 * profile skills compare in the score. The description's HTML is sanitised here, so no write path
 * stores it unsanitised (sanitize-html.ts).
 */
import type { JobChanges } from '../../src/domain/contract/jobs';
import { normaliseSkills } from '../../src/domain/skills';
import type { jobs } from '../db/schema';
import { sanitizeDescriptionHtml } from './sanitize-html';

type JobColumns = Partial<typeof jobs.$inferInsert>;

/** The body's field names (the Job shape of spec §3) → the jobs columns they set. */
export function jobColumns(changes: JobChanges): JobColumns {
  const columns: JobColumns = {};
  if (changes.jobTitle !== undefined) columns.jobTitle = changes.jobTitle;
  if (changes.jobDescription !== undefined) {
    columns.jobDescription = sanitizeDescriptionHtml(changes.jobDescription);
  }
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
  if (changes.coreSkills !== undefined) columns.coreSkills = normaliseSkills(changes.coreSkills);
  if (changes.softSkills !== undefined) columns.softSkills = normaliseSkills(changes.softSkills);
  if (changes.technicalSkills !== undefined) {
    columns.technicalSkills = normaliseSkills(changes.technicalSkills);
  }
  if (changes.status !== undefined) columns.status = changes.status;
  return columns;
}
