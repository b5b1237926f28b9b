/**
 * The product's vocabulary for jobs and companies: the values the job records use and the
 * listing filters offer (spec §3 Filters: department, industry, workMode, typeofEmployment,
 * teamSize). One list, read by the demo-data seed, the filter panel and the contact form, so
 * they cannot drift apart. Until the API offers facets, these are the choices.
 */
import { TEAM_SIZE_BANDS } from './bands';

export const WORK_MODES = ['Onsite', 'Hybrid', 'Remote'] as const;
export const EMPLOYMENT_TYPES = ['Full-time', 'Contract', 'Part-time', 'Internship'] as const;

export const DEPARTMENTS = [
  'Engineering',
  'Data',
  'Product',
  'Design',
  'Sales',
  'Marketing',
  'Finance',
  'Human Resources',
  'Operations',
  'Customer Success',
] as const;
export type Department = (typeof DEPARTMENTS)[number];

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
] as const;

/** spec §9 team size bands, as the values records carry ("1-10" … "5000+"). */
export const TEAM_SIZES: readonly string[] = TEAM_SIZE_BANDS.map((band) => band.id);
