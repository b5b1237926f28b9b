/**
 * Choices for the list filters. Departments and industries come from GET /job/facets when known
 * (api/fetch-facets.ts); these static lists (the values the product uses: work modes and
 * employment types of the job records, the industries and departments of the catalogue) are the
 * fallback before the first answer. Open sets (skills, city, company) are typed, with the
 * facets as suggestions.
 */
export { DEPARTMENTS, EMPLOYMENT_TYPES, INDUSTRIES, WORK_MODES } from '@/domain/job-catalog';
export const JOB_SOURCES = [
  { value: 'USER', label: 'Posted on ReferralHub' },
  { value: 'EXTERNAL', label: 'From other job portals' },
] as const;
