/**
 * The /jobs URL search params: the search text (spec §2: mirrored in `searchText`) and every
 * filter of spec §3, so a filtered listing can be shared, reloaded and opened offline. Each
 * field is checked on its own: a bad value from an old link is dropped, not an error page.
 * It lives beside the route, not in the feature: the route's options are in the first-load
 * bundle, and importing the feature's index here would pull the whole listing into it.
 */
import * as z from 'zod/mini';
import type { JobSearchParams } from '@/features/jobs';

const LIST_KEYS = [
  'location',
  'coreSkills',
  'softSkills',
  'technicalSkills',
  'companyName',
  'department',
  'industry',
  'workMode',
  'typeofEmployment',
] as const satisfies readonly (keyof JobSearchParams)[];
const TEXT_KEYS = [
  'searchText',
  'salaryRange',
  'experienceRange',
  'teamSize',
] as const satisfies readonly (keyof JobSearchParams)[];

const ListSchema = z.array(z.string().check(z.maxLength(100))).check(z.maxLength(30));
const TextSchema = z.string().check(z.maxLength(200));
const DashboardSchema = z.enum(['USER', 'EXTERNAL']);

export function validateJobSearch(input: Record<string, unknown>): JobSearchParams {
  const out: JobSearchParams = {};
  for (const key of TEXT_KEYS) {
    const parsed = TextSchema.safeParse(input[key]);
    if (parsed.success && parsed.data.trim()) out[key] = parsed.data;
  }
  for (const key of LIST_KEYS) {
    const parsed = ListSchema.safeParse(input[key]);
    if (parsed.success && parsed.data.length > 0) out[key] = parsed.data;
  }
  const dashboard = DashboardSchema.safeParse(input.dashboard);
  if (dashboard.success) out.dashboard = dashboard.data;
  if (input.profileDefaults === 'off') out.profileDefaults = 'off';
  return out;
}
