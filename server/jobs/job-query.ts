/**
 * The job search query of spec §7 (`GET {jobs host}/job/`): every filter of spec §3, full-text
 * `searchText`, PUBLISHED jobs only, newest first, keyset pagination through `lastKey`.
 */
import { z } from 'zod';
import { splitList } from '../http/validation';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');
const number = z.coerce.number().finite().min(0);

export const JobSearchQuerySchema = z
  .object({
    searchText: z.string().trim().max(200).optional(),
    // spec §9: page size 10 initial, 30 for requests; we cap at 100.
    pageSize: z.coerce.number().int().min(1).max(100).default(10),
    lastKey: z.string().max(500).optional(),
    // spec §9: sort order descending; jobs always PUBLISHED.
    sortOrder: z.enum(['desc', 'DESC']).optional(),
    status: z.literal('PUBLISHED').optional(),
    coreSkills: z.string().max(1000).optional(),
    softSkills: z.string().max(1000).optional(),
    technicalSkills: z.string().max(1000).optional(),
    jobTitle: z.string().trim().max(200).optional(),
    YOE: number.max(100).optional(),
    location: z.string().max(500).optional(),
    department: z.string().max(500).optional(),
    companyName: z.string().max(500).optional(),
    industry: z.string().max(500).optional(),
    teamSize: z.string().max(200).optional(),
    workMode: z.string().max(200).optional(),
    typeofEmployment: z.string().max(200).optional(),
    minSalary: number.optional(),
    maxSalary: number.optional(),
    minExperience: number.optional(),
    maxExperience: number.optional(),
    dashboard: z.enum(['USER', 'EXTERNAL']).optional(),
    fromS3Vector: flag.optional(),
    s3VectorPageNumber: z.coerce.number().int().min(0).optional(),
    includeCompanyDetails: flag.optional(),
  })
  .refine(
    (q) => q.minSalary === undefined || q.maxSalary === undefined || q.minSalary <= q.maxSalary,
    {
      message: 'minSalary must not exceed maxSalary',
      path: ['minSalary'],
    },
  )
  .refine(
    (q) =>
      q.minExperience === undefined ||
      q.maxExperience === undefined ||
      q.minExperience <= q.maxExperience,
    { message: 'minExperience must not exceed maxExperience', path: ['minExperience'] },
  );

export type JobSearchQuery = z.infer<typeof JobSearchQuerySchema>;

export interface JobFilters {
  searchText?: string;
  jobTitle?: string;
  yoe?: number;
  coreSkills: string[];
  softSkills: string[];
  technicalSkills: string[];
  cities: string[];
  departments: string[];
  companyNames: string[];
  industries: string[];
  teamSizes: string[];
  workModes: string[];
  employmentTypes: string[];
  salary?: { min?: number; max?: number };
  experience?: { min?: number; max?: number };
  dashboard?: 'USER' | 'EXTERNAL';
}

export function toJobFilters(q: JobSearchQuery): JobFilters {
  const range = (min?: number, max?: number) =>
    min === undefined && max === undefined ? undefined : { min, max };
  return {
    searchText: q.searchText || undefined,
    jobTitle: q.jobTitle || undefined,
    yoe: q.YOE,
    coreSkills: splitList(q.coreSkills),
    softSkills: splitList(q.softSkills),
    technicalSkills: splitList(q.technicalSkills),
    cities: splitList(q.location),
    departments: splitList(q.department),
    companyNames: splitList(q.companyName),
    industries: splitList(q.industry),
    teamSizes: splitList(q.teamSize),
    workModes: splitList(q.workMode),
    employmentTypes: splitList(q.typeofEmployment),
    salary: range(q.minSalary, q.maxSalary),
    experience: range(q.minExperience, q.maxExperience),
    dashboard: q.dashboard,
  };
}
