/**
 * Choices for the list filters. The API has no facet endpoint yet, so the panel offers the
 * values the product uses (work modes and employment types of the job records, the industries
 * and departments of the catalogue) and a text box for open sets (skills, city, company).
 */
export { DEPARTMENTS, EMPLOYMENT_TYPES, INDUSTRIES, WORK_MODES } from '@/domain/job-catalog';
export const JOB_SOURCES = [
  { value: 'USER', label: 'Posted on ReferralHub' },
  { value: 'EXTERNAL', label: 'From other job portals' },
] as const;
