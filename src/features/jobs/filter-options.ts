/**
 * Choices for the list filters. The API has no facet endpoint yet, so the panel offers the
 * values the product uses (work modes and employment types of the job records, the industries
 * and departments of the catalogue) and a text box for open sets (skills, city, company).
 */
export const WORK_MODES = ['Onsite', 'Hybrid', 'Remote'];
export const EMPLOYMENT_TYPES = ['Full-time', 'Contract', 'Part-time', 'Internship'];
export const JOB_SOURCES = [
  { value: 'USER', label: 'Posted on ReferralHub' },
  { value: 'EXTERNAL', label: 'From other job portals' },
] as const;
export const DEPARTMENTS = [
  'Engineering',
  'Data',
  'Product',
  'Design',
  'Sales',
  'Marketing',
  'Finance',
  'Operations',
];
export const INDUSTRIES = [
  'IT Services',
  'Fintech',
  'E-commerce',
  'Healthcare',
  'EdTech',
  'Manufacturing',
  'Consulting',
  'Telecom',
  'Media',
  'Logistics',
  'Automotive',
  'Banking',
  'Insurance',
  'Retail',
  'Energy',
  'Gaming',
];
